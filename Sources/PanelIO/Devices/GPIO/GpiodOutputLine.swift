import CLinux

/// A GPIO line requested as an output through libgpiod v1.6, as consumer "touchpanel".
public final class GpiodOutputLine: OutputLine {
    /// "gpiochip0 line 17", for messages.
    public let description: String
    public private(set) var isHigh: Bool
    private let chip: GpiodChip
    private let line: OpaquePointer

    /// Requests the line as an output driven to `initialHigh` (low by default; for an
    /// active-low reset that holds the controller in reset until the loop releases it).
    public init(chip selector: GPIOChipSelector, line lineSelector: LineSelector, initialHigh: Bool = false) throws(GPIOError) {
        let chip = try GpiodChip(selector)
        let line = try chip.line(lineSelector)
        if gpiod_line_request_output(line, GpiodChip.consumerPointer, initialHigh ? 1 : 0) != 0 {
            throw chip.requestError(line, lineSelector, Errno.current)
        }
        self.chip = chip
        self.line = line
        isHigh = initialHigh
        description = "\(chip.name) line \(lineSelector.description)"
    }

    deinit {
        gpiod_line_release(line)
    }

    public func set(_ high: Bool) throws(GPIOError) {
        if gpiod_line_set_value(line, high ? 1 : 0) != 0 {
            throw .failed(operation: "setting \(description)", Errno.current)
        }
        isHigh = high
    }
}
