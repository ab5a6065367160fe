import LinuxSystem
import PanelConfig
import PanelDrivers
import PanelEngine
import TouchCore

/// How the simulated board runs.
public struct SimulationOptions: Sendable {
    /// The touches to play (DESIGN.md section 5's trace format); nil: nobody touches the panel.
    public var tracePath: String?
    /// Where PNG frames go; nil: none are written.
    public var pngDirectory: String?
    /// Frames at these logical milliseconds only; empty: after every visual change.
    public var pngAtMs: [Int64] = []
    /// Jump from one wake-up to the next instead of waiting in real time.
    public var virtualTime = false
    /// The simulated framebuffer's pixel format (Raspberry Pi OS's KMS fbdev gives RGB565).
    public var pixelFormat: PixelFormat = .rgb565
    /// `touchpanel record`: every raw report the simulated source reads goes there.
    public var recordPath: String?

    public init(tracePath: String? = nil, pngDirectory: String? = nil) {
        self.tracePath = tracePath
        self.pngDirectory = pngDirectory
    }
}

/// The simulated board: the same engine and touch source as a live panel, over an in-process
/// controller (FT5x06 or GT911 registers, or an input device) that reports when the trace says, drawing into memory that is
/// written out as PNG frames so a person can see what the panel showed.
public enum SimulatedPanel {
    /// Runs until the trace is played out (or forever without one, until SIGTERM/SIGINT).
    /// Returns the process's exit status.
    public static func run(config: PanelConfiguration, options: SimulationOptions, log: PanelLog, debug: [StateMachineName] = []) -> Int32 {
        var script: TouchScript
        do throws(TouchScript.ScriptError) {
            if let tracePath = options.tracePath {
                script = try TouchScript(file: tracePath, config: config)
            } else {
                script = try TouchScript(trace: [], path: "", transform: config.makeTransform(), maxPoints: 1)
            }
        } catch {
            log.error(error.message)
            return 1
        }

        let rotation = config.display.rotation
        let physicalWidth = config.panelWidth
        let physicalHeight = config.panelHeight
        guard let layout = FramebufferLayout(
            physicalWidth: physicalWidth, physicalHeight: physicalHeight, format: options.pixelFormat, rotation: rotation)
        else {
            log.error("the simulated framebuffer cannot be \(physicalWidth)x\(physicalHeight)")
            return 1
        }
        let labels: ButtonLabels
        do throws(FontError) {
            labels = try FramebufferSurface.rasterizeLabels(for: config)
        } catch {
            log.error(error.message)
            return 1
        }
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: layout.bufferSize, alignment: 8)
        memory.initializeMemory(as: UInt8.self, repeating: 0)
        defer { memory.deallocate() }

        let signals: SignalChannel
        do throws(SignalChannelError) {
            signals = try SignalChannel()
        } catch {
            log.error(error.message)
            return 1
        }
        defer { signals.close() }
        // Commands are real processes: on the virtual clock their time-outs run in real time.
        let processes = ExecProcesses()
        do throws(StartError) {
            try ExecPlacement.apply(config, to: processes)
        } catch {
            // On a desk the runner is seldom there, and the commands only need to run.
            log.warning(error.message + "; the simulated board runs the commands itself")
        }
        let exec = ExecSupervisor(
            processes: processes, log: log, childClock: options.virtualTime ? { MonotonicClock.now() } : nil)
        let control: ControlServer?
        do throws(StartError) {
            control = try config.control.map { config throws(StartError) in try ControlServer(config: config, log: log) }
        } catch {
            log.error(error.message)
            return 1
        }

        // The broker is real on the simulated board too; its link runs on the real clock.
        let bridge: MQTTBridge?
        do throws(StartError) {
            bridge = try MQTTBringUp.open(config, log: log, now: MonotonicClock.now())
        } catch {
            log.error(error.message)
            return 1
        }

        let origin = options.virtualTime ? MonotonicInstant(nanoseconds: 0) : MonotonicClock.now()
        let surface = FramebufferSurface(layout: layout, pixels: memory, config: config, labels: labels)
        var frameNumber = 0
        let writeFrame: (MonotonicInstant) -> Void = { instant in
            guard let directory = options.pngDirectory else { return }
            frameNumber += 1
            let ms = (instant - origin).nanoseconds / 1_000_000
            let path = "\(directory)/frame-\(pad(frameNumber, 4))-\(pad(Int(ms), 6))ms.png"
            guard let png = FramebufferSnapshot.png(of: UnsafeRawBufferPointer(memory), layout: layout) else { return }
            do throws(FileWriteError) {
                try FramebufferSnapshot.writeFile(path: path, bytes: png)
            } catch {
                log.error(error.message)
            }
        }
        if options.pngAtMs.isEmpty {
            surface.onFrame = writeFrame
        }

        let traceLog = TraceLineLog(log, path: options.tracePath ?? "")
        let hardware = SimulatedTouchHardware(config: config, origin: origin, log: traceLog)
        var recorder: RawTraceRecorder?
        if let recordPath = options.recordPath {
            do throws(StartError) {
                recorder = try RawTraceRecorder(path: recordPath, origin: origin)
            } catch {
                log.error(error.message)
                return 1
            }
            hardware.source.record(to: recorder)
        }
        // Under systemd (or with STATE_DIRECTORY set) the simulated board keeps its state too.
        let keeper = StateKeeper.fromEnvironment(log: log)
        let actions = ActionRunner(
            buttons: config.buttons, exec: exec,
            outputs: simulatedOutputs(for: config, log: log), log: log,
            levels: OutputsBringUp.startLevels(config, carried: [:]))
        let engine = PanelEngine(
            config: config, source: hardware.source, actions: actions, output: .standardOutput(),
            surface: surface, log: traceLog, startedAt: origin,
            transitions: debug.isEmpty ? nil : TransitionLog(machines: debug, origin: origin, log: traceLog),
            backlight: config.backlight.map { PanelBacklight(device: SimulatedBacklight(log: log), config: $0, log: log) },
            kept: keeper?.readBack() ?? [])
        exec.transitions = engine.transitions
        keeper?.adopt(engine, now: origin)
        if let bridge { bridge.attach(engine) }

        // Signals, the control socket and the broker are served on the virtual clock too
        // (polled without waiting at every wake-up): SIGTERM and SIGINT stop a fast run, and
        // children are reaped as they finish, not all at the end.
        let loop = PanelLoop(clock: options.virtualTime ? .virtual : .real, startingAt: origin)
        let signalWatch = SignalWatch(signals)
        var others: [LoopParticipant] = []
        if let control { others.append(ControlTurn(control, engine: engine, readClock: { loop.readClock() }, waitsForDeadlines: !options.virtualTime)) }
        if let bridge { others.append(BrokerTurn(bridge, engine: engine, waitsForDeadlines: !options.virtualTime)) }
        others.append(ExecRunnerTurn(processes, exec: exec, log: log) { engine.commandsFinished($0, now: loop.now) })
        if let keeper { others.append(StateTurn(keeper, engine: engine)) }
        others.append(signalWatch)
        let runner = SimulatedBoardRunner(
            engine: engine, script: script, origin: origin, hardware: hardware, traceLog: traceLog,
            snapshotsAt: options.pngAtMs.map { origin + .milliseconds($0) }, snapshot: writeFrame)
        runner.run(on: loop, with: others, untilStopped: options.tracePath == nil) {
            let received = signalWatch.take()
            if received.contains(.child) { engine.commandsFinished(exec.reapFinished(), now: loop.now) }
            return received.asksToStop
        }
        keeper?.stop(engine, now: loop.now)
        if let bridge {
            BrokerFarewell.finish(bridge, engine: engine)
            if !options.virtualTime { log.log(bridge.summaryLine()) }
        }
        recorder?.end(at: engine.stoppedAt ?? origin)
        CommandsAtStop.wait(exec, signals: signalWatch, runner: ExecRunnerTurn(processes, exec: exec, log: log) { _ in }, log: log, leftTo: "left running")
        return 0
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
