import CLinux
import TouchCore

/// The one place that reads the clock: CLOCK_MONOTONIC, the clock of libgpiod's edge
/// timestamps on current kernels, so edge and loop times compare directly.
public enum MonotonicClock {
    public static func now() -> MonotonicInstant {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return MonotonicInstant(nanoseconds: Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec))
    }
}
