import CLinux
import LinuxSystem
import PanelConfig
import PanelEngine
import TouchCore

/// `[presence] line`: a PIR or radar module's output, requested as an input whose changes of
/// level (both edges) are events, with its `active_low`. The kernel stamps each edge with
/// CLOCK_MONOTONIC (as for the INT line, `GpiodInterruptLine`), so the debounce counts from
/// when the level changed, not from when the loop read it. The debounce is the engine's
/// (`PresenceDebounce`), not the kernel's `debounce_period`: one rule, with time as a
/// parameter, for this line, the simulated board's `presence` lines and the tests.
public final class GpiodPresenceLine {
    public let pollDescriptor: FileDescriptor
    /// "gpiochip0 line 23", for messages.
    public var description: String { line.description }
    private let line: GpiodLine

    public init(chip selector: GPIOChipSelector, line lineSelector: LineSelector, activeLow: Bool) throws(GPIOError) {
        let line = try GpiodLine(chip: selector, line: lineSelector, mode: .levels, activeLow: activeLow)
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

    /// The line's logical level now: true when someone is there.
    public func isActive() throws(GPIOError) -> Bool {
        let value = tp_gpio_get_active(line.handle)
        guard value >= 0 else { throw .failed(operation: "reading \(description)", Errno.current) }
        return value == 1
    }

    /// Every edge queued, oldest first: the level it went to and the kernel's stamp.
    public func readEdges() throws(GPIOError) -> [(active: Bool, at: MonotonicInstant)] {
        var edges: [(active: Bool, at: MonotonicInstant)] = []
        var stamps = [UInt64](repeating: 0, count: 16)
        var levels = [UInt8](repeating: 0, count: 16)
        while true {
            var failure: Errno?
            let count: Int32 = stamps.withUnsafeMutableBufferPointer { ns in
                levels.withUnsafeMutableBufferPointer { active in
                    do throws(Errno) {
                        return try Errno.retryingInterrupts { tp_gpio_read_levels(line.handle, ns.baseAddress, active.baseAddress) }
                    } catch {
                        failure = error
                        return -1
                    }
                }
            }
            if let failure {
                if failure == .wouldBlock { return edges }
                throw .failed(operation: "reading edges of \(description)", failure)
            }
            for index in 0..<Int(count) {
                edges.append((levels[index] != 0, MonotonicInstant(nanoseconds: Int64(clamping: stamps[index]))))
            }
            if count < 16 { return edges }
        }
    }
}

/// Opens `[presence]`'s line, when it has one.
public enum PresenceBringUp {
    /// Nil without `[presence] line`.
    public static func open(_ config: PanelConfiguration) throws(StartError) -> GpiodPresenceLine? {
        guard let presence = config.presence, case .line(let chip, let line, let activeLow, _) = presence.source else { return nil }
        do throws(GPIOError) {
            return try GpiodPresenceLine(chip: GPIOChipSelector(chip), line: LineSelector(line), activeLow: activeLow)
        } catch {
            throw StartError(.presence, "[presence] line \(chip) \(line.configValue): \(error.message)")
        }
    }
}
