import TouchCore

/// Where the loop learns that the controller has a report: the INT line's falling edges.
/// The loop polls `pollDescriptor` and, when it is readable, drains the edges.
public protocol InterruptSource: AnyObject {
    /// The descriptor to poll for readability; -1 when there is none (a fake driven directly).
    var pollDescriptor: Int32 { get }
    /// Drains every pending edge without blocking; returns the kernel timestamp of the latest
    /// falling edge, or nil when none was pending.
    func readFallingEdges() throws(GPIOError) -> MonotonicInstant?
}
