
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
