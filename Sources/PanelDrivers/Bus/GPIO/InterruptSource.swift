import LinuxSystem
import PanelEngine
import TouchCore

/// Where an I2C touch source learns that its controller has a report: the INT line's edges.
/// The loop polls `pollDescriptor` and, when it is readable, the source drains the edges.
public protocol InterruptSource: AnyObject {
    /// The descriptor to poll for readability; nil when there is none (a fake driven directly).
    var pollDescriptor: FileDescriptor? { get }
    /// Drains every pending edge without blocking; returns the kernel timestamp of the latest
    /// edge, or nil when none was pending.
    func readEdges() throws(GPIOError) -> MonotonicInstant?
}

/// Which edge of INT announces a report: the FT5x06 pulls it low; a GT911 raises or lowers it
/// as its config block's INT trigger bits say.
public enum InterruptEdge: Equatable, Sendable {
    case falling
    case rising
}
