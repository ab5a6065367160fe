import LinuxSystem
import PanelEngine
import TouchCore

/// One touch controller on an I2C bus, as `I2CTouchSource` drives it: read and decode one
/// report, and say whether the chip answers. The FT5x06 and the GT911 stand behind it, each
/// with its own registers, framing and quirks; the source adds what they share (INT edge or
/// polling, failure and probing, reopening the bus).
public protocol I2CTouchChip: AnyObject {
    /// The chip's row in the model table: its timings.
    var model: ControllerModel { get }
    /// Reads one report and decodes it. `polled`: no INT edge announced it.
    func readReport(polled: Bool) throws(I2CError) -> DecodeOutcome
    /// Asks the chip who it is: a probe after a failure.
    func identify() throws(I2CError)
    /// The chip was reset or came back from a failure: what it holds may be stale.
    func restart()
    /// The last report read, as a raw trace line (`ft5x06 00 00 01 ...`), for `record`; nil
    /// when it was held back (a polled FT5x06 report before the registers are live).
    func rawTraceLine() -> String?
}

extension I2CTouchChip {
    public func rawTraceLine() -> String? { nil }
}
