import CLinux
import LinuxSystem
import PanelEngine

/// Log lines on stderr, each written at once. Under systemd, where stderr is the journal's
/// stream, each line starts with its syslog priority ("<3>" for an error), which journald
/// takes off and keeps; on a terminal it starts with "touchpanel: " as before.
public final class StandardErrorLog: PanelLog {
    private let toJournal: Bool

    public init(toJournal: Bool = tp_stderr_is_journal() != 0) {
        self.toJournal = toJournal
    }

    public func log(_ line: String, priority: LogPriority) {
        var errors = OutputBuffer.standardError()
        errors.write(StandardErrorLog.format(line, priority: priority, toJournal: toJournal))
        errors.flush()
    }

    /// The bytes written for one line.
    public static func format(_ line: String, priority: LogPriority, toJournal: Bool) -> String {
        toJournal ? "<\(priority.rawValue)>\(line)\n" : "touchpanel: \(line)\n"
    }
}
