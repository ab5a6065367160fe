import LinuxSystem
import PanelEngine
import TouchCore

/// The GT911 behind the I2C source seam: reads a report (clearing the status), decodes with
/// TouchCore. A status without the ready bit decodes to `pending`; the source reads again.
public final class GT911Chip: I2CTouchChip {
    public let controller: GT911Controller
    public let model: ControllerModel
    private let codec: GT911Codec
    private var report = GT911Report()

    public init(controller: GT911Controller, model: ControllerModel, maxPoints: Int, range: ControllerRange) {
        self.controller = controller
        self.model = model
        codec = GT911Codec(maxPoints: maxPoints, width: range.width, height: range.height)
    }

    public func readReport(polled: Bool) throws(I2CError) -> DecodeOutcome {
        try controller.readReport(maxPoints: codec.maxPoints, into: &report)
        return codec.decode(report)
    }

    public func identify() throws(I2CError) {
        _ = try controller.identify()
    }

    public func restart() {}

    public func rawTraceLine() -> String? {
        var bytes: [UInt8] = []
        for index in 0..<report.count { bytes.append(report[index]) }
        return RawTraceRecorder.hexLine("gt911", bytes)
    }
}
