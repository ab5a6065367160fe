import LinuxSystem
import PanelEngine
import TouchCore

/// A simulated controller's INT line: the simulated board raises an edge at a scripted
/// instant, and the source reads it back as a real line's kernel timestamp.
public final class SimulatedInterruptLine: InterruptSource {
    public let pollDescriptor: FileDescriptor? = nil
    private var pendingEdge: MonotonicInstant?

    public init() {}

    /// An edge at `instant` (the latest one wins, as the kernel's FIFO drained).
    public func raise(at instant: MonotonicInstant) {
        pendingEdge = instant
    }

    public func readEdges() throws(GPIOError) -> MonotonicInstant? {
        defer { pendingEdge = nil }
        return pendingEdge
    }
}
