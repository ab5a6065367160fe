import LinuxSystem
import PanelEngine

/// Why a GPIO chip or line could not be used, with what to do about it.
public enum GPIOError: Error, Equatable, Sendable {
    /// No chip matches the selector.
    case chipNotFound(String)
    /// EACCES/EPERM opening the chip's /dev/gpiochipN.
    case permissionDenied(chip: String)
    /// The chip has no line with that name, or the offset is past its last line.
    case lineNotFound(chip: String, line: String)
    /// EBUSY requesting the line: another program or a kernel driver holds it.
    case lineBusy(chip: String, line: String, consumer: String?)
    /// Anything else: what was being done, and the errno.
    case failed(operation: String, Errno)

    public var message: String {
        switch self {
        case .chipNotFound(let chip):
            "no GPIO chip \(chip) (by path, name, number or label; gpiodetect lists them)"
        case .permissionDenied(let chip):
            "permission denied opening GPIO chip \(chip): add the user to the gpio group"
        case .lineNotFound(let chip, let line):
            "no GPIO line \(line) on \(chip) (gpioinfo \(chip) lists its lines)"
        case .lineBusy(let chip, let line, let consumer):
            if let consumer {
                "GPIO line \(line) on \(chip) is in use by \"\(consumer)\""
            } else {
                "GPIO line \(line) on \(chip) is in use by another program or a kernel driver"
            }
        case .failed(let operation, let errno):
            "\(operation): \(errno.message)"
        }
    }
}
