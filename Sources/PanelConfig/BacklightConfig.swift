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

    public init(device: String? = nil, brightnessPercent: Int = 100, dimBrightnessPercent: Int = 20, dimAfterS: Int = 60, offAfterS: Int = 300) {
        self.device = device
        self.brightnessPercent = brightnessPercent
        self.dimBrightnessPercent = dimBrightnessPercent
        self.dimAfterS = dimAfterS
        self.offAfterS = offAfterS
    }

    public static let defaults = BacklightConfig()

    /// The idle times for the touch path's wake gate.
    public var idleTimings: IdleTimings {
        IdleTimings(
            dimAfter: .seconds(orNever: dimAfterS), offAfter: .seconds(orNever: offAfterS))
    }
}
