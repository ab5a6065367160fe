import LinuxSystem
import PanelConfig
import PanelDrivers
import PanelEngine
import TouchCore

/// Everything the simulated board holds for one configuration, as `LiveSession` is for a live
/// panel: the framebuffer memory and its surface, the simulated touch hardware, the control
/// socket and the engine over them. A reload builds a new one with what `carried` hands on.
final class SimulatedSession: PanelSession {
    let config: PanelConfiguration
    let engine: PanelEngine
    let hardware: SimulatedTouchHardware
    let traceLog: TraceLineLog
    /// The `[control]` socket, when the config has one.
    let control: ControlServer?
    /// Writes the picture as the next PNG frame into `--png-dir`, when there is one.
    let writeFrame: (MonotonicInstant) -> Void
    private let memory: UnsafeMutableRawBufferPointer
    /// What the engine draws on: where pictures set at run time go (`PictureTurn`).
    let surface: FramebufferSurface
    /// The simulated board has no console.
    var consoleLine: String? { nil }

    init(
        config: PanelConfiguration, options: SimulationOptions, origin: MonotonicInstant, exec: ExecSupervisor, log: PanelLog,
        debug: [StateMachineName], frames: FrameCounter, carried: LiveSession.Carried = LiveSession.Carried()
    ) throws(StartError) {
        let physicalWidth = config.panelWidth
        let physicalHeight = config.panelHeight
        guard let layout = FramebufferLayout(
            physicalWidth: physicalWidth, physicalHeight: physicalHeight, format: options.pixelFormat, rotation: config.display.rotation)
        else {
            throw StartError(.display, "the simulated framebuffer cannot be \(physicalWidth)x\(physicalHeight)")
        }
        let labels: ButtonLabels
        do throws(FontError) {
            labels = try FramebufferSurface.rasterizeLabels(for: config)
        } catch {
            throw StartError(.display, error.message)
        }
        let imageProblems = PageBackgrounds.problems(config) + IconPictures.problems(config)
        if !imageProblems.isEmpty { throw StartError(.display, imageProblems.joined(separator: "; ")) }
        let backgrounds = config.pages.contains(where: { $0.image != nil })
            ? PageBackgrounds(config: config, layout: layout, cache: .fromEnvironment(), log: log) : nil
        control = try ControlHandover.open(config, kept: carried.control, log: log)
        self.config = config
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: layout.bufferSize, alignment: 8)
        memory.initializeMemory(as: UInt8.self, repeating: 0)
        self.memory = memory

        let surface = FramebufferSurface(layout: layout, pixels: memory, config: config, labels: labels, backgrounds: backgrounds)
        self.surface = surface
        writeFrame = { instant in
            guard let directory = options.pngDirectory else { return }
            let ms = (instant - origin).nanoseconds / 1_000_000
            let path = "\(directory)/frame-\(SimulatedSession.pad(frames.next(), 4))-\(SimulatedSession.pad(Int(ms), 6))ms.png"
            FramebufferSnapshot.savePNG(of: UnsafeRawBufferPointer(memory), layout: layout, path: path, log: log)
        }
        if options.pngAtMs.isEmpty {
            surface.onFrame = writeFrame
        }

        traceLog = TraceLineLog(log, path: options.tracePath ?? "")
        hardware = SimulatedTouchHardware(config: config, origin: origin, log: traceLog)
        let actions = ActionRunner(
            buttons: config.buttons, exec: exec,
            outputs: SimulatedSession.simulatedOutputs(for: config, log: log), log: log,
            levels: OutputsBringUp.startLevels(config, carried: carried.levels))
        engine = PanelEngine(
            config: config, source: hardware.source, actions: actions, output: .standardOutput(),
            surface: surface, log: traceLog, startedAt: origin,
            transitions: debug.isEmpty ? nil : TransitionLog(machines: debug, origin: origin, log: traceLog),
            backlight: config.backlight.map { PanelBacklight(device: SimulatedBacklight(log: log), config: $0, log: log) },
            kept: carried.state,
            wallClock: SimulatedWallClock(startEpochNs: options.wallClockStartEpochNs ?? RealTimeClock.epochNanoseconds(), origin: origin),
            chartDirectory: StateKeeper.chartDirectoryFromEnvironment())
        exec.transitions = engine.transitions
        if let feedback = config.feedback {
            engine.feedback = TouchFeedback(config: config, output: LoggedFeedbackOutput(feedback, origin: origin, log: log), log: log)
            engine.feedback?.transitions = engine.transitions
        }
    }

    deinit {
        memory.deallocate()
    }

    /// GPIO actions on the simulated board change no real line; the log shows what they did.
    private static func simulatedOutputs(for config: PanelConfiguration, log: PanelLog) -> [OutputID: DigitalOutput] {
        var outputs: [OutputID: DigitalOutput] = [:]
        for output in config.outputs {
            let key = output.id
            outputs[key] = LoggedOutput(name: key.description, activeLow: output.activeLow, log: log)
        }
        return outputs
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = "\(value)"
        return String(repeating: "0", count: max(0, width - digits.utf8.count)) + digits
    }
}

/// The PNG frames' numbers, which go on across a reload.
final class FrameCounter {
    private var last = 0

    func next() -> Int {
        last += 1
        return last
    }
}
