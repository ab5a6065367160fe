import LinuxSystem
import TouchCore

/// The state machines whose transitions `--debug NAME,...` logs.
public enum StateMachineName: CaseIterable, Equatable, Sendable {
    case gestures, holds, power, mqtt, homeassistant, exec, flips, watchdog, source, bindings, mirror, feedback

    /// The name on the command line.
    public var option: String {
        switch self {
        case .gestures: "gestures"
        case .holds: "holds"
        case .power: "power"
        case .mqtt: "mqtt"
        case .homeassistant: "homeassistant"
        case .exec: "exec"
        case .flips: "flips"
        case .watchdog: "watchdog"
        case .source: "source"
        case .bindings: "bindings"
        case .mirror: "mirror"
        case .feedback: "feedback"
        }
    }

    /// The first word of its log lines.
    var lineWord: String {
        switch self {
        case .gestures: "gesture"
        case .holds: "hold"
        case .power: "power"
        case .mqtt: "mqtt"
        case .homeassistant: "homeassistant"
        case .exec: "exec"
        case .flips: "flip"
        case .watchdog: "watchdog"
        case .source: "source"
        case .bindings: "binding"
        case .mirror: "mirror"
        case .feedback: "feedback"
        }
    }

    /// `gestures,mqtt` or `all`; nil names the first word that is no machine.
    public static func parseList(_ text: String) -> Result<[StateMachineName], ListError> {
        if text == "all" { return .success(allCases) }
        var names: [StateMachineName] = []
        for word in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let name = allCases.first(where: { $0.option == word }) else {
                return .failure(ListError(word: String(word)))
            }
            if !names.contains(name) { names.append(name) }
        }
        return .success(names)
    }

    public struct ListError: Error, Equatable {
        public var word: String
        public var message: String {
            "--debug: no state machine \"\(word)\"; give all or a list of " + StateMachineName.allCases.map { $0.option }.joined(separator: ",")
        }
    }
}

/// Every state machine's transitions, logged from the one place each machine changes (its
/// `next`), in one format, as libinput logs its four machines:
///
///     gesture 330 ms play: held(touch 0, taps 0) + up(100,60) -> awaiting_tap(taps 1)
///     mqtt 10001 ms 127.0.0.1:1883: connecting + accepted -> online
///
/// the machine, the logical time since the panel started, what the machine belongs to, then
/// state + input -> state. Only the machines asked for are logged; a machine that is not
/// asked for costs one check.
public final class TransitionLog {
    private let machines: [StateMachineName]
    /// Where the lines' times count from: the panel's start.
    public let origin: MonotonicInstant
    private let log: PanelLog

    public init(machines: [StateMachineName], origin: MonotonicInstant, log: PanelLog) {
        self.machines = machines
        self.origin = origin
        self.log = log
    }

    public func wants(_ machine: StateMachineName) -> Bool {
        machines.contains(machine)
    }

    public func record(
        _ machine: StateMachineName, at instant: MonotonicInstant, of subject: String, from: String, input: String, to: String
    ) {
        guard wants(machine) else { return }
        let ms = (instant - origin).nanoseconds / 1_000_000
        log.log("\(machine.lineWord) \(ms) ms \(subject): \(from) + \(input) -> \(to)")
    }
}
