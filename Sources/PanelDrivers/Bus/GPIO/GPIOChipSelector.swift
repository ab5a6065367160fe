import LinuxSystem
import PanelEngine

/// Which GPIO chip: the forms `gpiodetect` shows and config files use.
public enum GPIOChipSelector: Equatable, Sendable {
    /// "/dev/gpiochip0"
    case path(String)
    /// "gpiochip0"
    case name(String)
    /// 0, for /dev/gpiochip0
    case number(Int)
    /// The driver's label: "pinctrl-bcm2711" (Pi 4), "pinctrl-rp1" (Pi 5), "gpio-sim..." in tests.
    case label(String)

    /// Reads a config value: a path if it starts with "/", a number if all digits, a name if it
    /// is "gpiochip" and digits, a label otherwise.
    public init(_ text: String) {
        if text.hasPrefix("/") {
            self = .path(text)
        } else if let number = GPIOChipSelector.digits(text) {
            self = .number(number)
        } else if text.hasPrefix("gpiochip"), GPIOChipSelector.digits(String(text.dropFirst(8))) != nil {
            self = .name(text)
        } else {
            self = .label(text)
        }
    }

    /// As the user wrote it, for messages.
    public var description: String {
        switch self {
        case .path(let path): path
        case .name(let name): name
        case .number(let number): "gpiochip\(number)"
        case .label(let label): "labelled \"\(label)\""
        }
    }

    private static func digits(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 6 else { return nil }
        var value = 0
        for byte in text.utf8 {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }
}
