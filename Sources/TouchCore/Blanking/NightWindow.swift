/// `[backlight] night = HH:MM-HH:MM`: the part of the local day the panel is at night, as
/// minutes of the day. The end is not in it; a start after the end runs across midnight
/// (22:00-06:30). Equal ends are refused when the config is read, so a night is never empty
/// and never the whole day.
///
/// The rule is asked at each whole minute of local time with the night state it had:
///
///     day   -- local time in [start, end)                          --> night
///     night -- local time outside it                               --> day
///     no change while the local time lies in the hour before the boundary that began the
///     state: the clock went back (autumn's daylight-saving change, 03:00 -> 02:00), and
///     the boundary was already passed once today.
///
/// A skipped hour (spring, 02:00 -> 03:00) starts or ends the night at the first minute
/// after the jump that lies past its boundary.
public struct NightWindow: Equatable, Sendable {
    public static let minutesPerDay = 1_440
    /// How far back a local clock goes at a daylight-saving change.
    public static let clockBackMinutes = 60

    public let startMinute: Int
    public let endMinute: Int

    /// Nil when the ends are equal or outside 0..<1440.
    public init?(startMinute: Int, endMinute: Int) {
        let day = 0..<NightWindow.minutesPerDay
        guard day.contains(startMinute), day.contains(endMinute), startMinute != endMinute else { return nil }
        self.startMinute = startMinute
        self.endMinute = endMinute
    }

    /// The night's length in minutes, 1...1439.
    public var lengthMinutes: Int {
        NightWindow.minutesSince(endMinute, from: startMinute)
    }

    /// Whether local minute `minute` (0..<1440) lies in the night.
    public func contains(_ minute: Int) -> Bool {
        NightWindow.minutesSince(minute, from: startMinute) < lengthMinutes
    }

    /// The night state at local minute `minute`, given the state before (nil at start: the
    /// window alone decides).
    public func isNight(at minute: Int, wasNight: Bool?) -> Bool {
        guard let wasNight else { return contains(minute) }
        let inside = contains(minute)
        guard inside != wasNight else { return wasNight }
        // The boundary that began the present state, and the length of the part it began.
        let began = wasNight ? startMinute : endMinute
        let partMinutes = wasNight ? lengthMinutes : NightWindow.minutesPerDay - lengthMinutes
        // The hold stops short of the boundary that ends the present state, so time running
        // forward always changes it there.
        let holdMinutes = min(NightWindow.clockBackMinutes, NightWindow.minutesPerDay - partMinutes - 1)
        let before = NightWindow.minutesSince(began, from: minute)
        return before >= 1 && before <= holdMinutes ? wasNight : inside
    }

    /// Minutes from `from` forward to `minute`, 0..<1440.
    static func minutesSince(_ minute: Int, from: Int) -> Int {
        let difference = (minute - from) % minutesPerDay
        return difference < 0 ? difference + minutesPerDay : difference
    }
}
