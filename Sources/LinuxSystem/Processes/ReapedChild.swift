

/// One finished child, as `ChildProcesses.reap()` collected it.
public struct ReapedChild: Hashable, Sendable {
    public var pid: Int32
    public var termination: ChildTermination

    public init(pid: Int32, termination: ChildTermination) {
        self.pid = pid
        self.termination = termination
    }
}
