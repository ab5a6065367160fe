import LinuxSystem
import PanelConfig
import TouchCore

/// The state set from outside that outlives a reload and a restart: each button's label, latch
/// and enabled state where they differ from the config, kept as lines of the control protocol
/// (`label heat Heating on`, `latch heat on`, `disable pump`). Reading it back is replaying
/// them through the same parser and the same apply path as the control socket.
public enum KeptState {
    /// The first line of a state file.
    public static let header = "# touchpanel state: control commands replayed at start; written by the panel"

    /// What a state file holds for `commands`: the header, then one line each.
    public static func text(_ commands: [ControlCommand]) -> [UInt8] {
        var text = header + "\n"
        for command in commands { text += command.line + "\n" }
        return Array(text.utf8)
    }

    /// Why a state file does not parse: its first bad line (1-based) and what is wrong.
    public struct Problem: Error, Equatable, Sendable {
        public var line: Int
        public var message: String

        public init(line: Int, message: String) {
            self.line = line
            self.message = message
        }
    }

    /// The commands of a state file; blank lines and `#` comments are skipped. Any line that is
    /// not a `label`, `latch`, `enable` or `disable` command makes the whole file bad: half a
    /// state is not applied.
    public static func parse(_ bytes: [UInt8]) -> Result<[ControlCommand], Problem> {
        var commands: [ControlCommand] = []
        var lineNumber = 0
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            guard !line.isEmpty, line.first != UInt8(ascii: "#") else { continue }
            if let problem = ControlCommand.garbage(Array(line)) {
                return .failure(Problem(line: lineNumber, message: problem))
            }
            switch ControlCommand.parse(String(decoding: line, as: UTF8.self)) {
            case .failure(let error):
                return .failure(Problem(line: lineNumber, message: error.message))
            case .success(let command):
                guard command.changesKeptState else {
                    return .failure(Problem(line: lineNumber, message: "\"\(command.line)\" is no state; a state file holds label, latch, enable and disable lines"))
                }
                commands.append(command)
            }
        }
        return .success(commands)
    }
}

extension ControlCommand {
    /// Whether the command changes what `KeptState` keeps: a label, a latch, an enabled state.
    public var changesKeptState: Bool {
        switch self {
        case .label, .latch, .enable: true
        case .state, .brightness, .wake, .blank, .page, .value: false
        }
    }
}

extension PanelEngine {
    /// The state to keep: each item's, in place order, from its kind's adapter
    /// (`keptCommands(ofItem:)`).
    public var keptState: [ControlCommand] {
        (0..<config.itemCount).flatMap { keptCommands(ofItem: $0) }
    }

    /// At start, before the first frame: `kept` carried out as the control socket would, then
    /// every label it set rasterised at once (not a few a turn), so the first frame shows them.
    /// A line for a button the config no longer has (or that is no latch button now) is
    /// dropped; one log line names them all.
    func restore(_ kept: [ControlCommand], at now: MonotonicInstant) {
        guard !kept.isEmpty else { return }
        var dropped: [String] = []
        for command in kept {
            guard command.changesKeptState, case .success = run(command, now: now) else {
                dropped.append(command.line)
                continue
            }
        }
        drawPendingLabels()
        if !dropped.isEmpty {
            log.warning("state: dropped what \(config.file) no longer has: " + dropped.joined(separator: "; "))
        }
    }
}
