/// What the panel and the exec runner (`touchpanel exec-runner`, `[exec] groups = none`) say
/// to each other: one message per seqpacket, its fields separated by NUL bytes, numbers in
/// decimal. The panel names each command with an id of its own (the runner's pids are not
/// the panel's to signal), and the runner answers every `spawn` with one `ended`.
///
///     panel  -> runner   spawn  ID COMMAND NAME=value...   start /bin/sh -c COMMAND
///                        signal ID SIGNAL                  signal the command's process group
///     runner -> panel    ended  ID exited STATUS | signaled SIGNAL
public enum ExecRunnerMessage: Equatable, Sendable {
    /// `environment`: "NAME=value" entries added to the runner's own environment.
    case spawn(id: Int32, command: String, environment: [String])
    case signal(id: Int32, signal: Int32)
    case ended(id: Int32, ChildTermination)

    /// The longest message either side sends or takes: a command and its event's variables.
    public static let maxBytes = 65_536

    public var bytes: [UInt8] {
        var fields: [String]
        switch self {
        case .spawn(let id, let command, let environment):
            fields = ["spawn", String(id), command] + environment
        case .signal(let id, let signal):
            fields = ["signal", String(id), String(signal)]
        case .ended(let id, .exited(let status)):
            fields = ["ended", String(id), "exited", String(status)]
        case .ended(let id, .signaled(let signal)):
            fields = ["ended", String(id), "signaled", String(signal)]
        case .ended(let id, .other(let status)):
            fields = ["ended", String(id), "other", String(status)]
        }
        var bytes: [UInt8] = []
        for (index, field) in fields.enumerated() {
            if index > 0 { bytes.append(0) }
            bytes += field.utf8
        }
        return bytes
    }

    /// Nil for bytes that are not a message: a field missing, a number that is not one, a
    /// command or variable that is not UTF-8 or holds a NUL.
    public init?(bytes: ArraySlice<UInt8>) {
        var fields: [String] = []
        for part in bytes.split(separator: 0, omittingEmptySubsequences: false) {
            guard let text = String(validating: part, as: UTF8.self) else { return nil }
            fields.append(text)
        }
        guard fields.count >= 3, let id = Int32(fields[1]) else { return nil }
        switch fields[0] {
        case "spawn":
            let environment = Array(fields[3...])
            guard !environment.contains(where: { !$0.contains("=") }) else { return nil }
            self = .spawn(id: id, command: fields[2], environment: environment)
        case "signal":
            guard fields.count == 3, let signal = Int32(fields[2]) else { return nil }
            self = .signal(id: id, signal: signal)
        case "ended":
            guard fields.count == 4, let value = Int32(fields[3]) else { return nil }
            switch fields[2] {
            case "exited": self = .ended(id: id, .exited(value))
            case "signaled": self = .ended(id: id, .signaled(value))
            case "other": self = .ended(id: id, .other(status: value))
            default: return nil
            }
        default:
            return nil
        }
    }
}
