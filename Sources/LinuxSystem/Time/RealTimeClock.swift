import CLinux

/// CLOCK_REALTIME, the time of day: read only by PanelApp (as `MonotonicClock` is), for text
/// items that show the time.
public enum RealTimeClock {
    public static func epochNanoseconds() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
    }
}
