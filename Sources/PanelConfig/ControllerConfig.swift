import TouchCore

/// A GPIO line on its chip: by offset (`24`) or by the name the device tree gives it (`GPIO24`).
public enum LineRef: Equatable, Sendable {
    case offset(Int)
    case name(String)
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

/// `[controller]`: the touch controller's model, the range its coordinates run over, how its
/// axes map onto the display's (the kernel's touchscreen-inverted-x/y and
/// touchscreen-swapped-x-y, applied in that order), and where it is wired.
public struct ControllerConfig: Equatable, Sendable {
    public var model: FT5x06Model
    /// The controller's range along its own X and Y axes (before any swap).
    public var width: Int32
    public var height: Int32
    public var invertX: Bool
    public var invertY: Bool
    public var swapXY: Bool
    /// The Linux I2C bus, N of /dev/i2c-N; nil when no controller hardware is configured.
    public var bus: Int?
    /// The controller's 7-bit I2C address.
    public var address: UInt8
    /// Where the controller's INT line comes in; nil to poll every `pollIntervalMs`.
    public var interrupt: InterruptLineConfig?
    /// How often to read the controller in polling mode (the kernel's 17 ms). Kept, unused,
    /// when an interrupt line is configured.
    public var pollIntervalMs: Int
    /// An output wired to the controller's reset input; nil when there is none.
    public var reset: OutputLineConfig?
    /// Written to register 0x80 (touch threshold) at start; nil leaves the controller's own.
    public var threshold: UInt8?
    /// Written to register 0x88 (active report period) at start; nil leaves the controller's own.
    public var reportPeriod: UInt8?

    public static let defaultAddress: UInt8 = 0x38
    /// The chip of the interrupt and reset lines when only the line is given.
    public static let defaultChip = "gpiochip0"
    public static let defaultPollIntervalMs = 17

    public init(
        model: FT5x06Model, width: Int32, height: Int32,
        invertX: Bool = false, invertY: Bool = false, swapXY: Bool = false,
        bus: Int? = nil, address: UInt8 = ControllerConfig.defaultAddress,
        interrupt: InterruptLineConfig? = nil, pollIntervalMs: Int = ControllerConfig.defaultPollIntervalMs,
        reset: OutputLineConfig? = nil, threshold: UInt8? = nil, reportPeriod: UInt8? = nil
    ) {
        self.model = model
        self.width = width
        self.height = height
        self.invertX = invertX
        self.invertY = invertY
        self.swapXY = swapXY
        self.bus = bus
        self.address = address
        self.interrupt = interrupt
        self.pollIntervalMs = pollIntervalMs
        self.reset = reset
        self.threshold = threshold
        self.reportPeriod = reportPeriod
    }
}
