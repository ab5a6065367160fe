import TouchCore

/// A GPIO line on its chip: by offset (`24`) or by the name the device tree gives it (`GPIO24`).
public enum LineRef: Hashable, Sendable {
    case offset(Int)
    case name(String)

    /// `24` or `GPIO24`, as the config writes it; a name never starts with a digit, so the
    /// two cannot be mistaken for each other.
    public var configValue: String {
        switch self {
        case .offset(let offset): "\(offset)"
        case .name(let name): name
        }
    }
}

/// A GPIO line of the Pi: the controller's interrupt output wired to an input, or its reset
/// input driven by an output.
public struct GPIOLineConfig: Equatable, Sendable {
    /// A chip name (`gpiochip0`), label (`pinctrl-bcm2711`) or path (`/dev/gpiochip0`).
    public var chip: String
    public var line: LineRef

    public init(chip: String, line: LineRef) {
        self.chip = chip
        self.line = line
    }
}

/// The controller's INT line, read as an input.
public typealias InterruptLineConfig = GPIOLineConfig
/// An output such as the controller's reset line.
public typealias OutputLineConfig = GPIOLineConfig

/// `[controller]`: the touch controller's model (a row of TouchCore's `ControllerModel`
/// table), the range its coordinates run over, how its axes sit on the panel in its native
/// orientation (the kernel's touchscreen-inverted-x/y and touchscreen-swapped-x-y, applied in
/// that order; `[display] rotation` turns the touch with the picture on top of this), and
/// where it is: an I2C bus and address with INT and reset lines, or an input device.
public struct ControllerConfig: Equatable, Sendable {
    public var model: ControllerModel
    /// The controller's range along its own X and Y axes (before any swap). Given in the
    /// config, or the panel's size; a GT911 or an input device reports its own range at start,
    /// which is used unless `rangeGiven` (always true for an FT5x06, which reports none).
    public var width: Int32
    public var height: Int32
    public var rangeGiven: Bool
    public var invertX: Bool
    public var invertY: Bool
    public var swapXY: Bool
    /// Applied after the rotation, in display pixels; nil for none.
    public var calibration: AffineCalibration?
    /// The Linux I2C bus, N of /dev/i2c-N; nil when no controller hardware is configured.
    public var bus: Int?
    /// The controller's 7-bit I2C address.
    public var address: UInt8
    /// Where the controller's INT line comes in; nil to poll every `pollInterval`.
    public var interrupt: InterruptLineConfig?
    /// How often to read the controller in polling mode (the kernel's 17 ms). Kept, unused,
    /// when an interrupt line is configured.
    public var pollInterval: MonotonicDuration
    /// An output wired to the controller's reset input; nil when there is none.
    public var reset: OutputLineConfig?
    /// FT5x06: written to register 0x80 (touch threshold) at start; nil leaves the chip's own.
    public var threshold: UInt8?
    /// FT5x06: written to register 0x88 (active report period) at start; nil leaves the chip's own.
    public var reportPeriod: UInt8?
    /// evdev: `/dev/input/eventN` or a `/dev/input/by-path|by-id` link.
    public var device: String?
    /// evdev: the device whose name (EVIOCGNAME) is exactly this.
    public var deviceName: String?
    /// evdev: take the device exclusively (EVIOCGRAB), so no desktop also acts on touches.
    public var grab: Bool
    /// `stuck_ms`: the same report with touches down this long means a frozen controller
    /// (the watchdog then cancels the touches and resets or re-initialises it); nil: never
    /// (`stuck_ms = 0`).
    public var stuckAfter: MonotonicDuration?

    /// The chip of the interrupt and reset lines when only the line is given.
    public static let defaultChip = "gpiochip0"
    public static let defaultPollInterval = MonotonicDuration.milliseconds(17)
    /// A finger at rest still moves the raw coordinates now and then; half a minute of
    /// byte-identical reports is a controller that stopped scanning.
    public static let defaultStuckAfter = MonotonicDuration.milliseconds(30_000)

    public init(
        model: ControllerModel, width: Int32, height: Int32, rangeGiven: Bool = true,
        invertX: Bool = false, invertY: Bool = false, swapXY: Bool = false, calibration: AffineCalibration? = nil,
        bus: Int? = nil, address: UInt8? = nil,
        interrupt: InterruptLineConfig? = nil, pollInterval: MonotonicDuration = ControllerConfig.defaultPollInterval,
        reset: OutputLineConfig? = nil, stuckAfter: MonotonicDuration? = ControllerConfig.defaultStuckAfter,
        threshold: UInt8? = nil, reportPeriod: UInt8? = nil,
        device: String? = nil, deviceName: String? = nil, grab: Bool = false
    ) {
        self.model = model
        self.width = width
        self.height = height
        self.rangeGiven = rangeGiven
        self.invertX = invertX
        self.invertY = invertY
        self.swapXY = swapXY
        self.calibration = calibration
        self.bus = bus
        self.address = address ?? model.defaultAddress ?? 0
        self.interrupt = interrupt
        self.pollInterval = pollInterval
        self.reset = reset
        self.stuckAfter = stuckAfter
        self.threshold = threshold
        self.reportPeriod = reportPeriod
        self.device = device
        self.deviceName = deviceName
        self.grab = grab
    }

    /// Whether the config says where real hardware is: an I2C bus, or an input device.
    public var hasHardware: Bool {
        bus != nil || device != nil || deviceName != nil
    }
}

extension ControllerConfig {
    /// Why an action must not drive `chip` `line`: it is the controller's own INT or reset
    /// line, and driving it would stop touch input or reset the controller. Nil when it is
    /// neither, as far as a config can tell (a line given by name here and by offset there,
    /// or a chip by label, is only resolved on the Pi, where the kernel refuses a line
    /// already requested).
    func problemDriving(chip: String, line: LineRef) -> String? {
        for (role, key, configured) in [("interrupt", ControllerKey.interruptLine, interrupt), ("reset", ControllerKey.resetLine, reset)] {
            guard let configured, configured.line == line, OutputConfig.sameChip(configured.chip, chip) else { continue }
            return "gpio \(chip) \(line.configValue) is the controller's \(role) line ([controller] \(key.rawValue) = \(line.configValue)); "
                + "an action driving it would break touch input; use another line"
        }
        return nil
    }
}
