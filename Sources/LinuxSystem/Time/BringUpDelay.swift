import CLinux

/// Bring-up only: reset pulses and settling times, before the loop starts. The loop itself
/// never sleeps.
public enum BringUpDelay {
    public static func sleep(nanoseconds: Int64) {
        var request = timespec(tv_sec: time_t(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && clinux_errno() == EINTR {
            request = remaining
        }
    }
}
