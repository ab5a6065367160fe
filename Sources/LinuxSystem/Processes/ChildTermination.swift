import CLinux

/// How a child process ended, decoded from its wait(2) status.
public enum ChildTermination: Hashable, Sendable {
    case exited(Int32)
    case signaled(Int32)
    /// Stopped or continued (only reported with WUNTRACED/WCONTINUED; kept for completeness).
    case other(status: Int32)

    public init(waitStatus status: Int32) {
        if clinux_wifexited(status) != 0 {
            self = .exited(clinux_wexitstatus(status))
        } else if clinux_wifsignaled(status) != 0 {
            self = .signaled(clinux_wtermsig(status))
        } else {
            self = .other(status: status)
        }
    }
}
