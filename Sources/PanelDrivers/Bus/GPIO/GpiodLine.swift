import CLinux
import LinuxSystem
import PanelEngine

/// One GPIO line requested through libgpiod (v1.6 on bookworm, v2 on trixie: `CLinux/gpio.c`
/// holds both, and the build picks one), as consumer "touchpanel". The owner of the request:
/// releasing it on deinit hands the line back to the kernel.
final class GpiodLine {
    let handle: OpaquePointer
    /// "gpiochip0 line 4", for messages.
    let description: String

    enum Mode {
        case output(initialActive: Bool)
        case edges(InterruptEdge, pullUp: Bool)
        /// An input whose every change of level is an event.
        case levels
    }

    init(chip selector: GPIOChipSelector, line lineSelector: LineSelector, mode: Mode, activeLow: Bool) throws(GPIOError) {
        var request = tp_gpio_request()
        request.line_offset = -1
        request.active_low = activeLow ? 1 : 0
        switch mode {
        case .output(let initialActive):
            request.mode = Int32(TP_GPIO_OUTPUT.rawValue)
            request.initial_active = initialActive ? 1 : 0
        case .edges(let edge, let pullUp):
            request.mode = Int32(edge == .falling ? TP_GPIO_FALLING_EDGES.rawValue : TP_GPIO_RISING_EDGES.rawValue)
            request.pull_up = pullUp ? 1 : 0
        case .levels:
            request.mode = Int32(TP_GPIO_BOTH_EDGES.rawValue)
        }
        var failure = tp_gpio_failure()
        let opened: OpaquePointer? = GpiodLine.withChip(selector, &request) { chipRequest in
            if case .offset(let offset) = lineSelector {
                chipRequest.line_offset = Int32(clamping: offset)
                return tp_gpio_request(&chipRequest, &failure)
            }
            guard case .name(let lineName) = lineSelector else { return nil }
            return lineName.withCString { name in
                chipRequest.line_name = name
                defer { chipRequest.line_name = nil }
                return tp_gpio_request(&chipRequest, &failure)
            }
        }
        let chipName = textOfCChars(failure.chip_name)
        guard let opened else {
            throw GpiodLine.error(failure, chip: selector, chipName: chipName, line: lineSelector)
        }
        handle = opened
        description = "\(chipName) line \(lineSelector.description)"
    }

    deinit {
        tp_gpio_release(handle)
    }

    private static func withChip(
        _ selector: GPIOChipSelector, _ request: inout tp_gpio_request,
        _ body: (inout tp_gpio_request) -> OpaquePointer?
    ) -> OpaquePointer? {
        let kind: tp_gpio_chip_kind
        let text: String
        switch selector {
        case .path(let path): (kind, text) = (TP_GPIO_CHIP_PATH, path)
        case .name(let name): (kind, text) = (TP_GPIO_CHIP_NAME, name)
        case .number(let number):
            guard number >= 0, number <= 999_999 else { return nil }
            request.chip_number = Int32(number)
            (kind, text) = (TP_GPIO_CHIP_NUMBER, "")
        case .label(let label): (kind, text) = (TP_GPIO_CHIP_LABEL, label)
        }
        request.chip_kind = Int32(kind.rawValue)
        return text.withCString { chip in
            request.chip = chip
            defer { request.chip = nil }
            return body(&request)
        }
    }

    private static func error(
        _ failure: tp_gpio_failure, chip selector: GPIOChipSelector, chipName: String, line: LineSelector
    ) -> GPIOError {
        let chip = chipName.isEmpty ? selector.description : chipName
        switch Int32(failure.kind) {
        case Int32(TP_GPIO_PERMISSION_DENIED.rawValue): return .permissionDenied(chip: selector.description)
        case Int32(TP_GPIO_NO_LINE.rawValue): return .lineNotFound(chip: chip, line: line.description)
        case Int32(TP_GPIO_REQUEST_FAILED.rawValue):
            if failure.err == EBUSY {
                let consumer = textOfCChars(failure.consumer)
                return .lineBusy(chip: chip, line: line.description, consumer: consumer.isEmpty ? nil : consumer)
            }
            return .failed(operation: "requesting GPIO line \(line.description) on \(chip)", Errno(rawValue: failure.err))
        default:
            // No chip (or a negative chip number, refused before libgpiod was asked).
            if failure.err != 0, failure.err != ENOENT, failure.err != ENODEV, failure.err != ENOTTY,
               failure.err != EINVAL, failure.err != ENXIO
            {
                return .failed(operation: "opening GPIO chip \(selector.description)", Errno(rawValue: failure.err))
            }
            return .chipNotFound(selector.description)
        }
    }
}
