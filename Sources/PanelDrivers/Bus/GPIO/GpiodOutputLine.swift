import CLinux
import LinuxSystem
import PanelEngine

/// A GPIO line requested as an output, as consumer "touchpanel". Levels are logical: with
/// `activeLow` the pin is low while the line is active, so a relay board that switches on a low
/// input is driven "active" by `set(true)`, and never sees a low pin at start unless asked to.
public final class GpiodOutputLine: OutputLine {
    /// "gpiochip0 line 17", for messages.
    public var description: String { line.description }
    public private(set) var isActive: Bool
    private let line: GpiodLine

    /// Requests the line as an output whose first level is `initialActive`: the kernel drives
    /// it from the request on, so the pin never passes through another level.
    public init(
        chip selector: GPIOChipSelector, line lineSelector: LineSelector, initialActive: Bool = false,
        activeLow: Bool = false
    ) throws(GPIOError) {
        line = try GpiodLine(chip: selector, line: lineSelector, mode: .output(initialActive: initialActive), activeLow: activeLow)
        isActive = initialActive
    }

    public func set(_ active: Bool) throws(GPIOError) {
        if tp_gpio_set_active(line.handle, active ? 1 : 0) != 0 {
            throw .failed(operation: "setting \(description)", Errno.current)
        }
        isActive = active
    }
}
