import LinuxSystem
import TouchCore

/// The live panel's wall clock: the time of day now, carried back to the instant asked about.
public final class SystemWallClock: WallClock {
    public init() {}

    public func epochNanoseconds(at instant: MonotonicInstant) -> Int64 {
        RealTimeClock.epochNanoseconds() - (MonotonicClock.now() - instant).nanoseconds
    }

    public func localText(_ format: String, epochSeconds: Int64, locale: TextLocale) -> String {
        locale.text(format, epochSeconds: epochSeconds)
    }
}

/// The simulated board's wall clock: the time of day at its start, moving with the loop's
/// clock (virtual time included), so a minute of trace shows a minute pass.
public final class SimulatedWallClock: WallClock {
    private let startEpochNs: Int64
    private let origin: MonotonicInstant

    public init(startEpochNs: Int64, origin: MonotonicInstant) {
        self.startEpochNs = startEpochNs
        self.origin = origin
    }

    public func epochNanoseconds(at instant: MonotonicInstant) -> Int64 {
        startEpochNs + (instant - origin).nanoseconds
    }

    public func localText(_ format: String, epochSeconds: Int64, locale: TextLocale) -> String {
        locale.text(format, epochSeconds: epochSeconds)
    }
}
