import CLinux
import PanelConfig
import TouchCore

/// Everything a live panel holds open for one configuration: the controller on its bus, the
/// INT line (or none, for polling), the framebuffer, the console switched to graphics, the
/// GPIO outputs of actions, and the engine over them. Built whole or not at all: a device
/// that cannot be opened stops the start with its reason, before anything is drawn.
public final class LiveSession {
    public let config: PanelConfiguration
    public let engine: PanelEngine
    public let interrupt: InterruptSource?
    private let framebuffer: LinuxFramebuffer
    private let console: ConsoleGraphicsMode
    /// Held for the session's life: a released line becomes an input and RST would float.
    private var resetLine: OutputLine?

    /// How long the FT5x06 needs after its reset line is released (about 300 ms).
    public static let resetSettleNs: Int64 = 300_000_000
    /// How long the reset line is held low.
    public static let resetHoldNs: Int64 = 5_000_000

    public struct StartError: Error {
        public var message: String
    }

    /// `latency` outlives sessions: a reload does not reset the figures.
    /// What a reload hands from one session to the next: output levels by `outputKey`, and
    /// the latched buttons that are on, by name.
    public struct Carried {
        public var levels: [String: Bool] = [:]
        public var latchedButtons: [String] = []
        public init() {}
    }

    public init(
        config: PanelConfiguration, children: ChildProcesses, latency: LatencyStatistics, log: PanelLog,
        startedAt: MonotonicInstant, carried: Carried = Carried()
    ) throws(StartError) {
        self.config = config
        let controllerConfig = config.controller
        guard let bus = controllerConfig.bus else {
            throw StartError(message: "no [controller] bus: set one, or run on the simulated board")
        }
        let controller: FT5x06Controller
        do throws(I2CError) {
            controller = FT5x06Controller(transport: try LinuxI2CDevice(bus: bus, address: controllerConfig.address))
        } catch {
            throw StartError(message: error.message)
        }

        if let reset = controllerConfig.reset {
            do throws(GPIOError) {
                let line = try GpiodOutputLine(chip: GPIOChipSelector(reset.chip), line: LiveSession.selector(reset.line), initialHigh: true)
                try line.set(false)
                LiveSession.sleep(nanoseconds: LiveSession.resetHoldNs)
                try line.set(true)
                LiveSession.sleep(nanoseconds: LiveSession.resetSettleNs)
                resetLine = line
            } catch {
                throw StartError(message: "reset line: \(error.message)")
            }
        }
        let identity: ControllerIdentity
        do throws(I2CError) {
            if controllerConfig.reset != nil {
                // The first read after a reset can hold garbage.
                var discard = FT5x06Report()
                try? controller.readReport(maxPoints: controllerConfig.model.maxPoints, into: &discard)
            }
            identity = try controller.identify()
            if let threshold = controllerConfig.threshold { try controller.setThreshold(threshold) }
            if let period = controllerConfig.reportPeriod { try controller.setReportPeriod(period) }
        } catch {
            throw StartError(message: "controller on /dev/i2c-\(bus) at \(LiveSession.hex(controllerConfig.address)): \(error.message)")
        }
        log.log("controller: \(identity.summary)")
        if let model = identity.model, model.maxPoints != controllerConfig.model.maxPoints {
            log.log("controller reports up to \(model.maxPoints) points; [controller] model \(controllerConfig.model.name) says \(controllerConfig.model.maxPoints)")
        }

        var interrupt: InterruptSource?
        let mode: TouchMode
        if let line = controllerConfig.interrupt {
            do throws(GPIOError) {
                interrupt = try GpiodInterruptLine(chip: GPIOChipSelector(line.chip), line: LiveSession.selector(line.line))
            } catch {
                throw StartError(message: "interrupt line: \(error.message)")
            }
            mode = .interrupt
        } else {
            mode = .polling(interval: .milliseconds(Int64(controllerConfig.pollIntervalMs)))
        }
        self.interrupt = interrupt

        do throws(FramebufferError) {
            framebuffer = try LinuxFramebuffer(path: config.display.framebuffer)
        } catch {
            throw StartError(message: error.message)
        }
        guard let format = PixelFormat(
            bytesPerPixel: framebuffer.bitsPerPixel / 8,
            red: .init(offset: framebuffer.red.offset, length: framebuffer.red.length),
            green: .init(offset: framebuffer.green.offset, length: framebuffer.green.length),
            blue: .init(offset: framebuffer.blue.offset, length: framebuffer.blue.length)),
            let layout = FramebufferLayout(
                physicalWidth: Int32(framebuffer.xres), physicalHeight: Int32(framebuffer.yres),
                strideBytes: framebuffer.lineLength, format: format, rotation: config.display.rotation)
        else {
            throw StartError(message: "\(config.display.framebuffer): unsupported pixel layout (\(framebuffer.bitsPerPixel) bpp)")
        }
        guard layout.logicalWidth == config.display.width, layout.logicalHeight == config.display.height else {
            throw StartError(message: "\(config.display.framebuffer) is \(layout.logicalWidth)x\(layout.logicalHeight) at rotation \(config.display.rotation.degrees); [display] says \(config.display.width)x\(config.display.height)")
        }
        let labels: [LabelBitmap]
        do throws(FontError) {
            labels = try FramebufferSurface.rasterizeLabels(for: config)
        } catch {
            throw StartError(message: error.message)
        }

        var outputs: [String: DigitalOutput] = [:]
        for (chip, line) in ActionRunner.outputsUsed(by: config.buttons) {
            do throws(GPIOError) {
                let key = ActionRunner.outputKey(chip: chip, line: line)
                let output = try GpiodOutputLine(
                    chip: GPIOChipSelector(chip), line: .offset(line), initialHigh: carried.levels[key] ?? false)
                outputs[key] = GPIOLineOutput(line: output)
            } catch {
                throw StartError(message: "gpio \(chip) \(line): \(error.message)")
            }
        }

        console = ConsoleGraphicsMode()
        if let warning = console.warning { log.log(warning) }
        let surface = FramebufferSurface(
            layout: layout, pixels: UnsafeMutableRawBufferPointer(rebasing: framebuffer.pixels[framebuffer.visibleOffset...]),
            config: config, labels: labels)
        let actions = ActionRunner(
            buttons: config.buttons, launcher: SpawningLauncher(children: children), outputs: outputs, log: log,
            levels: carried.levels, latchedButtons: carried.latchedButtons)
        engine = PanelEngine(
            config: config,
            reader: ControllerReportReader(
                controller: controller, maxPoints: controllerConfig.model.maxPoints,
                reopen: { () throws(I2CError) -> FT5x06Controller in
                    FT5x06Controller(transport: try LinuxI2CDevice(bus: bus, address: controllerConfig.address))
                }),
            mode: mode, actions: actions, output: .standardOutput(), surface: surface, log: log, startedAt: startedAt)
        latency.budgetMicroseconds = config.display.budgetUs.map { Int64($0) }
        engine.latency = latency
    }

    deinit {
        console.restore()
    }

    static func selector(_ line: LineRef) -> LineSelector {
        switch line {
        case .offset(let offset): .offset(offset)
        case .name(let name): .name(name)
        }
    }

    public static func hex(_ value: UInt8) -> String {
        let digits: StaticString = "0123456789abcdef"
        let start = digits.utf8Start
        return "0x" + String(decoding: [start[Int(value >> 4)], start[Int(value & 0x0F)]], as: UTF8.self)
    }

    /// Bring-up only: the reset pulse and its settling time, before the loop starts.
    static func sleep(nanoseconds: Int64) {
        var request = timespec(tv_sec: time_t(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && clinux_errno() == EINTR {
            request = remaining
        }
    }
}
