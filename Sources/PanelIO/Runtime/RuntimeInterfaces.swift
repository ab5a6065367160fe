import TouchCore

/// The processes `exec` actions start: the seam between what the panel allows them (limits,
/// time-outs, in `ExecSupervisor`) and posix_spawn, so that tests record exact spawns and
/// signals.
public protocol ChildProcessControl: AnyObject {
    /// Starts `/bin/sh -c command`, with `environment` added, as the leader of a process
    /// group of its own; returns its pid without waiting for it.
    func spawnShell(command: String, environment: [(String, String)]) throws(SpawnError) -> Int32
    /// Sends `signal` to the process group that the child `pid` leads: the shell and
    /// whatever it started.
    func signalGroup(of pid: Int32, _ signal: Int32)
    /// The children that have finished, without waiting.
    func reap() -> [ReapedChild]
}

/// A GPIO output an action drives.
public protocol DigitalOutput: AnyObject {
    /// Sets the line; returns an error message or nil.
    func drive(_ high: Bool) -> String?
}

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
