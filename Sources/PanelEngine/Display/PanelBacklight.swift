import LinuxSystem
import PanelConfig
import TouchCore

/// Puts the idle blanking's power into the backlight: the configured brightness while awake
/// and while the screensaver shows,
/// the dim one while dimmed, off through `bl_power` where the device has it (the brightness
/// stays, so waking shows no flash of another level) or brightness 0 where it has not.
/// A failed write is logged and the panel goes on: touch and actions matter more than light.
public final class PanelBacklight {
    public let device: BacklightDevice
    public let config: BacklightConfig
    private let log: PanelLog
    public private(set) var power: PanelPower = .awake
    /// The awake brightness by day: the config's until the control socket sets another.
    public private(set) var brightnessPercent: Int
    /// At night `night_brightness` replaces the awake brightness, and the dim one is never
    /// brighter than it.
    public private(set) var atNight = false
    /// Until `start` the light is not ours to write: a night known before it only sets the level it starts at.
    private var started = false

    public init(device: BacklightDevice, config: BacklightConfig, log: PanelLog) {
        self.device = device
        self.config = config
        self.log = log
        brightnessPercent = config.brightnessPercent
    }

    /// The brightness the light has now, in percent: the awake one, the dim one while
    /// dimmed, 0 while off.
    public var shownPercent: Int {
        switch power {
        case .awake, .saver: awakePercent
        case .dimmed: dimPercent
        case .off: 0
        }
    }

    /// The brightness while awake: the day's, or the night's.
    public var awakePercent: Int {
        atNight ? config.nightBrightnessPercent : brightnessPercent
    }

    private var dimPercent: Int {
        config.dimPercent(atNight: atNight)
    }

    /// The night started or ended: the light takes its level, unless it is off.
    public func setNight(_ on: Bool) {
        guard on != atNight else { return }
        atNight = on
        guard started, power != .off else { return }
        write(device.setBrightness(level(percent: shownPercent)))
        log.log("backlight: \(on ? "night" : "day") (\(shownPercent) %)")
    }

    /// A new awake brightness, written at once while awake.
    public func setBrightness(percent: Int) {
        brightnessPercent = percent
        if power == .awake, !atNight { write(device.setBrightness(level(percent: percent))) }
    }

    /// At start (and after a reload): awake, at the configured brightness.
    public func start() {
        write(device.setBrightness(level(percent: awakePercent)))
        if device.hasPowerSwitch { write(device.setPower(on: true)) }
        power = .awake
        started = true
    }

    public func apply(_ next: PanelPower) {
        guard next != power else { return }
        let before = power
        power = next
        switch next {
        case .awake:
            write(device.setBrightness(level(percent: awakePercent)))
            if before == .off, device.hasPowerSwitch { write(device.setPower(on: true)) }
            log.log("backlight: on (\(awakePercent) %)")
        case .saver:
            // Comes only from awake: the light stays as it is.
            if before != .awake {
                write(device.setBrightness(level(percent: awakePercent)))
                if before == .off, device.hasPowerSwitch { write(device.setPower(on: true)) }
            }
        case .dimmed:
            write(device.setBrightness(level(percent: dimPercent)))
            if before == .off, device.hasPowerSwitch { write(device.setPower(on: true)) }
            log.log("backlight: dimmed (\(dimPercent) %)")
        case .off:
            write(device.hasPowerSwitch ? device.setPower(on: false) : device.setBrightness(0))
            log.log("backlight: off")
        }
    }

    /// A percentage of the device's range, rounded, and never 0 for a lit level.
    public func level(percent: Int) -> Int {
        max(1, (percent * device.maxBrightness + 50) / 100)
    }

    private func write(_ problem: String?) {
        if let problem { log.error("backlight: \(problem)") }
    }
}
