import TouchCore

/// `[backlight]`: idle blanking of a wall panel. The display dims after `dim_after_s` without
/// a touch and goes off after `off_after_s`; the touch that wakes it is swallowed. A panel
/// without this section never blanks and swallows nothing.
public struct BacklightConfig: Equatable, Sendable {
    /// The device's name under /sys/class/backlight (`10-0045` for the official 7" display);
    /// nil: the only one there is.
    public var device: String?
    /// Brightness while awake and while dimmed, in percent of the device's maximum.
    public var brightnessPercent: Int
    public var dimBrightnessPercent: Int
    /// Idle seconds before dimming and before switching off; 0: never.
    public var dimAfterS: Int
    public var offAfterS: Int
    /// `night = HH:MM-HH:MM` of local time; nil: no night.
    public var night: NightWindow?
    /// At night this replaces `brightness`; dimming never makes the light brighter than it.
    public var nightBrightnessPercent: Int
    /// The page shown when the night starts; nil: the page stays.
    public var nightPage: String?
    /// Idle seconds before off at night; nil: `off_after_s` as by day.
    public var nightOffAfterS: Int?

    public init(
        device: String? = nil, brightnessPercent: Int = 100, dimBrightnessPercent: Int = 20, dimAfterS: Int = 60, offAfterS: Int = 300,
        night: NightWindow? = nil, nightBrightnessPercent: Int = 10, nightPage: String? = nil, nightOffAfterS: Int? = nil
    ) {
        self.device = device
        self.brightnessPercent = brightnessPercent
        self.dimBrightnessPercent = dimBrightnessPercent
        self.dimAfterS = dimAfterS
        self.offAfterS = offAfterS
        self.night = night
        self.nightBrightnessPercent = nightBrightnessPercent
        self.nightPage = nightPage
        self.nightOffAfterS = nightOffAfterS
    }

    public static let defaults = BacklightConfig()

    /// The idle times for the touch path's wake gate.
    public var idleTimings: IdleTimings {
        IdleTimings(
            dimAfter: .seconds(orNever: dimAfterS), offAfter: .seconds(orNever: offAfterS))
    }

    /// The idle times at night: off after `night_off_after_s` when given; a dim stage that
    /// would come no earlier than that is left out.
    public var nightIdleTimings: IdleTimings {
        guard let nightOffAfterS else { return idleTimings }
        let dims = dimAfterS > 0 && (nightOffAfterS == 0 || dimAfterS < nightOffAfterS)
        return IdleTimings(dimAfter: dims ? .seconds(orNever: dimAfterS) : nil, offAfter: .seconds(orNever: nightOffAfterS))
    }

    /// The light's percent while dimmed: at night never brighter than the night's.
    public func dimPercent(atNight: Bool) -> Int {
        atNight ? min(dimBrightnessPercent, nightBrightnessPercent) : dimBrightnessPercent
    }
}
