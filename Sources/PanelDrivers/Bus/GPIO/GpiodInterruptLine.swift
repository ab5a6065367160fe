import CLinux
import LinuxSystem
import PanelEngine
import TouchCore

/// The controller's INT line as an edge event request: falling for the FT5x06 (it pulls INT low
/// when a report is ready), falling or rising for a GT911.
///
/// Timestamps: the kernel stamps each edge when it happens; since Linux 5.7 with
/// CLOCK_MONOTONIC (ktime_get_ns), the clock `MonotonicClock` reads, so edge and loop times
/// compare directly (older kernels used CLOCK_REALTIME). libgpiod v2 hands them over as
/// nanoseconds, v1.6 as a `struct timespec` (32-bit time_t on bookworm's armhf) that the shim
/// widens.
public final class GpiodInterruptLine: InterruptSource {
    public let pollDescriptor: FileDescriptor?
    /// "gpiochip0 line 4", for messages.
    public var description: String { line.description }
    private let line: GpiodLine

    /// Requests `edge` events on `line` of `chip` as consumer "touchpanel".
    public init(chip selector: GPIOChipSelector, line lineSelector: LineSelector, edge: InterruptEdge = .falling) throws(GPIOError) {
        let line = try GpiodLine(chip: selector, line: lineSelector, mode: .edges(edge, pullUp: false), activeLow: false)
        guard let descriptor = FileDescriptor(returnedBy: tp_gpio_event_fd(line.handle)) else {
            throw .failed(operation: "preparing \(line.description) for events", Errno.current)
        }
        do throws(Errno) {
            try descriptor.setNonBlocking()
        } catch {
            throw .failed(operation: "preparing \(line.description) for events", error)
        }
        self.line = line
        pollDescriptor = descriptor
    }

    public func readEdges() throws(GPIOError) -> MonotonicInstant? {
        var latest: MonotonicInstant?
        while true {
            var newestNs: UInt64 = 0
            var matched: Int32 = 0
            let count: Int32
            do throws(Errno) {
                count = try Errno.retryingInterrupts { tp_gpio_read_edges(line.handle, &newestNs, &matched) }
            } catch {
                if error == .wouldBlock { return latest }
                throw .failed(operation: "reading edges of \(description)", error)
            }
            if matched > 0 {
                let instant = MonotonicInstant(nanoseconds: Int64(clamping: newestNs))
                if latest == nil || latest! < instant { latest = instant }
            }
            if count < 16 { return latest }
        }
    }
}
