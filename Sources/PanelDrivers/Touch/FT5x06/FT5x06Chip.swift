import LinuxSystem
import PanelEngine
import TouchCore

/// The FT5x06 behind the I2C source seam: reads a report through the driver, holds polled
/// reports back until the registers are live (`FT5x06PollGate`), decodes with TouchCore.
public final class FT5x06Chip: I2CTouchChip {
    public let controller: FT5x06Controller
    public let model: ControllerModel
    private let codec: FT5x06Codec
    private var gate = FT5x06PollGate()
    /// Reused for every report: reading never allocates.
    private var report = FT5x06Report()
    private var heldBack = false

    public init(controller: FT5x06Controller, model: ControllerModel, range: ControllerRange) {
        self.controller = controller
        self.model = model
        codec = FT5x06Codec(maxPoints: model.maxPoints, width: range.width, height: range.height)
    }

    public func readReport(polled: Bool) throws(I2CError) -> DecodeOutcome {
        try controller.readReport(maxPoints: codec.maxPoints, into: &report)
        heldBack = polled && !gate.accept(report)
        if heldBack { return .pending }
        return codec.decode(report)
    }

    public func identify() throws(I2CError) {
        _ = try controller.identify()
    }

    public func restart() {
        gate.reset()
    }

    public func rawTraceLine() -> String? {
        guard !heldBack else { return nil }
        var bytes: [UInt8] = []
        for index in 0..<report.count { bytes.append(report[index]) }
        return RawTraceRecorder.hexLine("ft5x06", bytes)
    }
}
