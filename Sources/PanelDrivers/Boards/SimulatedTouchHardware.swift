import LinuxSystem
import PanelConfig
import PanelEngine
import TouchCore

/// The simulated board's touch hardware for the configured controller: the simulated chip
/// or input device, and the same touch source a live panel would use over it (the same
/// driver, decoder and seam; only the bus and the INT line are in memory). `load` puts one
/// scripted step into the hardware the way the chip's scan or the kernel driver would.
public final class SimulatedTouchHardware {
    public let source: TouchSource
    private let loadStep: (TouchScript.Input, MonotonicInstant) -> Void

    public init(config: PanelConfiguration, origin: MonotonicInstant, log: PanelLog) {
        let controller = config.controller
        let range = ControllerRange(width: controller.width, height: controller.height)
        let line = SimulatedInterruptLine()
        switch controller.model.family {
        case .ft5x06:
            let chip = SimulatedFT5x06(isRecording: false)
            source = I2CTouchSource(
                description: "simulated \(controller.model.configName)", range: range,
                chip: FT5x06Chip(controller: FT5x06Controller(transport: chip), model: controller.model, range: range),
                wakeup: .interrupt(line), startedAt: origin, log: log)
            loadStep = { input, instant in
                switch input {
                case .frame(let frame): chip.load(report: FT5x06Codec.encode(frame))
                case .raw(.ft5x06(let report)): chip.load(report: report)
                case .raw, .message, .homeAssistant, .presence: return
                }
                line.raise(at: instant)
            }
        case .goodix:
            let chip = SimulatedGT911(
                productID: Array(controller.model.name.withUTF8Buffer { Array($0) }.dropFirst(2)) + [0],
                width: UInt16(truncatingIfNeeded: range.width), height: UInt16(truncatingIfNeeded: range.height),
                touches: UInt8(controller.model.maxPoints), isRecording: false)
            source = I2CTouchSource(
                description: "simulated \(controller.model.configName)", range: range,
                chip: GT911Chip(
                    controller: GT911Controller(transport: chip), model: controller.model, maxPoints: controller.model.maxPoints,
                    range: range),
                wakeup: .interrupt(line), startedAt: origin, log: log)
            loadStep = { input, instant in
                switch input {
                case .frame(let frame): chip.load(report: GT911Codec.encode(frame))
                case .raw(.gt911(let report)): chip.load(report: report)
                case .raw, .message, .homeAssistant, .presence: return
                }
                line.raise(at: instant)
            }
        case .evdev:
            let device = SimulatedEvdevDevice(axes: EvdevAxes(
                xMinimum: 0, xMaximum: range.width - 1, yMinimum: 0, yMaximum: range.height - 1, multiTouch: true))
            source = EvdevSource(
                description: "simulated input device", device: device, range: range, rangeGiven: true,
                watch: nil, startedAt: origin, log: log,
                open: { () throws(EvdevError) -> EvdevDevice in device })
            var encoder = EvdevEncoder()
            loadStep = { input, instant in
                switch input {
                case .frame(let frame):
                    var batch = EvdevEventBatch()
                    encoder.encode(frame, into: &batch)
                    for index in 0..<batch.count {
                        device.queue(batch[index], at: instant)
                    }
                case .raw(.evdev(let event)): device.queue(event, at: instant)
                case .raw, .message, .homeAssistant, .presence: return
                }
            }
        }
    }

    public func load(_ input: TouchScript.Input, at instant: MonotonicInstant) {
        loadStep(input, instant)
    }
}
