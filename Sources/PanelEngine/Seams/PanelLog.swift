import LinuxSystem
import TouchCore

/// Where log lines go (stderr in the firmware, a list in tests).
public protocol PanelLog: AnyObject {
    func log(_ line: String, priority: LogPriority)
}

extension PanelLog {
    /// What happened, as expected (a controller found, a reload done).
    public func log(_ line: String) { log(line, priority: .info) }
    /// Something did not work and the panel carries on without it, or refuses to start.
    public func error(_ line: String) { log(line, priority: .error) }
    /// Something worth a look that did not stop anything (a dropped report, a late frame).
    public func warning(_ line: String) { log(line, priority: .warning) }
}

/// syslog(3) priorities, as journald keeps them (`journalctl -p err` shows the errors).
public enum LogPriority: Int32, Sendable {
    case error = 3
    case warning = 4
    case notice = 5
    case info = 6
    case debug = 7
}
