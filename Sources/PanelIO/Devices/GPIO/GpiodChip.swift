import CLinux

/// An open GPIO chip (libgpiod v1.6 `struct gpiod_chip`) and one line of it. Closing the chip
/// releases the line's request, so each requested line keeps its own chip open.
final class GpiodChip {
    let handle: OpaquePointer
    /// "gpiochip0", for messages.
    let name: String

    init(_ selector: GPIOChipSelector) throws(GPIOError) {
        if case .number(let number) = selector, number < 0 { throw .chipNotFound(selector.description) }
        let opened: OpaquePointer? =
            switch selector {
            case .path(let path): path.withCString { gpiod_chip_open($0) }
            case .name(let name): name.withCString { gpiod_chip_open_by_name($0) }
            case .number(let number): gpiod_chip_open_by_number(UInt32(number))
            case .label(let label): label.withCString { gpiod_chip_open_by_label($0) }
            }
        guard let opened else {
            let errno = Errno.current
            switch errno.rawValue {
            case EACCES, EPERM: throw .permissionDenied(chip: selector.description)
            case ENOENT, ENODEV, ENOTTY, EINVAL, ENXIO: throw .chipNotFound(selector.description)
            default: throw .failed(operation: "opening GPIO chip \(selector.description)", errno)
            }
        }
        handle = opened
        name = String(cString: gpiod_chip_name(opened))
    }

    deinit {
        gpiod_chip_close(handle)
    }

    /// The line `selector` names, not yet requested.
    func line(_ selector: LineSelector) throws(GPIOError) -> OpaquePointer {
        let found: OpaquePointer? =
            switch selector {
            case .offset(let offset):
                offset >= 0 && offset < Int(gpiod_chip_num_lines(handle))
                    ? gpiod_chip_get_line(handle, UInt32(offset)) : nil
            case .name(let lineName):
                lineName.withCString { gpiod_chip_find_line(handle, $0) }
            }
        guard let found else { throw .lineNotFound(chip: name, line: selector.description) }
        return found
    }

    /// The error for a failed line request, naming the holder when the kernel says who.
    func requestError(_ line: OpaquePointer, _ selector: LineSelector, _ errno: Errno) -> GPIOError {
        guard errno.rawValue == EBUSY else {
            return .failed(operation: "requesting GPIO line \(selector.description) on \(name)", errno)
        }
        var consumer: String?
        if gpiod_line_update(line) == 0, let text = gpiod_line_consumer(line) {
            consumer = String(cString: text)
        }
        return .lineBusy(chip: name, line: selector.description, consumer: consumer)
    }

    /// "touchpanel": who holds our lines, as `gpioinfo` shows it. libgpiod copies the text.
    static let consumer: StaticString = "touchpanel"

    static var consumerPointer: UnsafePointer<CChar> {
        UnsafeRawPointer(consumer.utf8Start).assumingMemoryBound(to: CChar.self)
    }
}
