import LinuxSystem
import PanelDrivers
import PanelEngine
import TouchCore

/// When the loop next owes systemd a WATCHDOG=1: every half interval, as sd_watchdog_enabled(3)
/// advises, so one late turn of the loop is not yet a missed ping. The ping is sent from the
/// loop itself, so a loop that stops turning (a hung read, a frozen process) stops pinging and
/// systemd kills and restarts it.
public struct WatchdogSchedule: Equatable, Sendable {
    public let period: MonotonicDuration
    public private(set) var nextPingAt: MonotonicInstant

    /// nil when systemd does not watch (no WatchdogSec=).
    public init?(interval: MonotonicDuration?, startingAt now: MonotonicInstant) {
        guard let interval, interval.nanoseconds > 0 else { return nil }
        period = MonotonicDuration(nanoseconds: max(interval.nanoseconds / 2, 1))
        nextPingAt = now
    }

    /// True when a ping is due at `now`; the next one is then a period after `now`.
    public mutating func pingDue(at now: MonotonicInstant) -> Bool {
        guard now >= nextPingAt else { return false }
        nextPingAt = now + period
        return true
    }
}
