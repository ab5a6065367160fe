import LinuxSystem
import PanelEngine

/// Which line of a chip: its offset, or its name from the device tree ("GPIO17" on a Pi,
/// "TOUCH_INT" on gpio-sim).
public enum LineSelector: Equatable, Sendable {
    case offset(Int)
    case name(String)

    /// Reads a config value: all digits is an offset, anything else a line name.
    public init(_ text: String) {
        var value = 0
        var isNumber = !text.isEmpty && text.utf8.count <= 6
        for byte in text.utf8 where isNumber {
            if byte >= 0x30, byte <= 0x39 {
                value = value * 10 + Int(byte - 0x30)
            } else {
                isNumber = false
            }
        }
        self = isNumber ? .offset(value) : .name(text)
    }

    public var description: String {
        switch self {
        case .offset(let offset): "\(offset)"
        case .name(let name): "\"\(name)\""
        }
    }
}
