import CLinux
import TouchCore

/// The time of day, for text items that show it. The loop's own clock is monotonic and never
/// jumps; the wall clock may (NTP setting it at boot), so it is read where a time is shown,
/// never for a deadline.
public protocol WallClock: AnyObject {
    /// Seconds and nanoseconds since the epoch at `instant` of the loop's clock.
    func epochNanoseconds(at instant: MonotonicInstant) -> Int64
    /// `format` as strftime writes local time `epochSeconds` (TZ and /etc/localtime apply).
    func localText(_ format: String, epochSeconds: Int64) -> String
}

/// CLOCK_REALTIME, and the C library's local time.
public final class SystemWallClock: WallClock {
    public init() {}

    public func epochNanoseconds(at instant: MonotonicInstant) -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        let realNow = Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
        return realNow - (MonotonicClock.now() - instant).nanoseconds
    }

    public func localText(_ format: String, epochSeconds: Int64) -> String {
        var seconds = time_t(epochSeconds)
        var broken = tm()
        guard localtime_r(&seconds, &broken) != nil else { return "--" }
        var buffer = [CChar](repeating: 0, count: 128)
        let count = format.withCString { strftime(&buffer, buffer.count, $0, &broken) }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// The simulated board's wall clock: the real time at its start, moving with the loop's
/// clock (virtual time included), so a minute of trace shows a minute pass.
public final class SimulatedWallClock: WallClock {
    private let startEpochNs: Int64
    private let origin: MonotonicInstant
    private let system = SystemWallClock()

    public init(startEpochNs: Int64, origin: MonotonicInstant) {
        self.startEpochNs = startEpochNs
        self.origin = origin
    }

    public func epochNanoseconds(at instant: MonotonicInstant) -> Int64 {
        startEpochNs + (instant - origin).nanoseconds
    }

    public func localText(_ format: String, epochSeconds: Int64) -> String {
        system.localText(format, epochSeconds: epochSeconds)
    }
}
