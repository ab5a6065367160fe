import CLinux
import TouchCore

/// The controller's INT line as a libgpiod v1.6 edge event request: falling for the FT5x06
/// (it pulls INT low when a report is ready), falling or rising for a GT911.
///
/// Timestamps: the kernel stamps each edge when it happens; since Linux 5.7 with
/// CLOCK_MONOTONIC (ktime_get_ns), the clock `MonotonicClock` reads, so edge and loop times
/// compare directly (older kernels used CLOCK_REALTIME). libgpiod hands them over as a
/// `struct timespec`; on armhf that is bookworm's 32-bit time_t, widened here to 64 bits.
public final class GpiodInterruptLine: InterruptSource {
    public let pollDescriptor: Int32
    /// "gpiochip0 line 4", for messages.
    public let description: String
    private let chip: GpiodChip
    private let line: OpaquePointer
    /// Room for the 16 events the kernel's FIFO holds, allocated once.
    private let events: UnsafeMutablePointer<gpiod_line_event>
    private static let batch = 16

    private let eventType: Int32

    /// Requests `edge` events on `line` of `chip` as consumer "touchpanel". `pullUp` asks the
    /// kernel (5.5+) for the pull-up bias an open-drain INT needs when the panel has none.
    public init(
        chip selector: GPIOChipSelector, line lineSelector: LineSelector, edge: InterruptEdge = .falling,
        pullUp: Bool = false
    ) throws(GPIOError) {
        let chip = try GpiodChip(selector)
        let line = try chip.line(lineSelector)
        let flags = pullUp ? Int32(GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_UP) : 0
        let requested = edge == .falling
            ? gpiod_line_request_falling_edge_events_flags(line, GpiodChip.consumerPointer, flags)
            : gpiod_line_request_rising_edge_events_flags(line, GpiodChip.consumerPointer, flags)
        if requested != 0 {
            throw chip.requestError(line, lineSelector, Errno.current)
        }
        let descriptor = gpiod_line_event_get_fd(line)
        guard descriptor >= 0, clinux_set_nonblocking(descriptor) == 0 else {
            let errno = Errno.current
            gpiod_line_release(line)
            throw .failed(operation: "preparing GPIO line \(lineSelector.description) on \(chip.name) for events", errno)
        }
        self.chip = chip
        self.line = line
        pollDescriptor = descriptor
        description = "\(chip.name) line \(lineSelector.description)"
        events = .allocate(capacity: GpiodInterruptLine.batch)
        eventType = edge == .falling ? Int32(GPIOD_LINE_EVENT_FALLING_EDGE) : Int32(GPIOD_LINE_EVENT_RISING_EDGE)
    }

    deinit {
        gpiod_line_release(line)
        events.deallocate()
    }

    public func readEdges() throws(GPIOError) -> MonotonicInstant? {
        var latest: MonotonicInstant?
        while true {
            let count: Int32
            do throws(Errno) {
                count = try Errno.retryingInterrupts {
                    gpiod_line_event_read_multiple(line, events, UInt32(GpiodInterruptLine.batch))
                }
            } catch {
                if error == .wouldBlock { return latest }
                throw .failed(operation: "reading edges of \(description)", error)
            }
            for index in 0..<Int(count) where events[index].event_type == eventType {
                let stamp = events[index].ts
                let instant = MonotonicInstant(
                    nanoseconds: Int64(stamp.tv_sec) * 1_000_000_000 + Int64(stamp.tv_nsec))
                if latest == nil || latest! < instant { latest = instant }
            }
            if Int(count) < GpiodInterruptLine.batch { return latest }
        }
    }
}
