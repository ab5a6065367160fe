import LinuxSystem
import TouchCore

/// When the panel is at night (`[backlight] night`): the loop's clock is monotonic, the night
/// is local time, so the local time is read at each whole minute of the wall clock and the
/// window's rule (`NightWindow`) decides. A minute is the night's resolution: daylight-saving
/// changes, and a wall clock that NTP sets, are seen at the next whole minute.
struct NightSchedule {
    let window: NightWindow
    /// Nil until the first check.
    private(set) var isNight: Bool?
    /// The next whole minute of the wall clock, when the local time is read again.
    private(set) var checkAt: MonotonicInstant?

    static let minuteNs: Int64 = 60_000_000_000

    init(window: NightWindow) {
        self.window = window
    }

    /// Reads the local time at `instant`; the new state when it changed. The panel starts as
    /// by day, so a first check at night is a change and a first check by day is none.
    mutating func check(at instant: MonotonicInstant, wallClock: WallClock) -> Bool? {
        let epochNs = wallClock.epochNanoseconds(at: instant)
        let intoMinute = ((epochNs % NightSchedule.minuteNs) + NightSchedule.minuteNs) % NightSchedule.minuteNs
        checkAt = instant + MonotonicDuration(nanoseconds: NightSchedule.minuteNs - intoMinute)
        let epochSeconds = (epochNs - intoMinute) / 1_000_000_000
        let minute = wallClock.localMinuteOfDay(epochSeconds: epochSeconds)
        let next = window.isNight(at: minute, wasNight: isNight)
        let before = isNight ?? false
        isNight = next
        return next != before ? next : nil
    }
}
