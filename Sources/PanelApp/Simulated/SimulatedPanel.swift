import CLinux
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
    /// Without a trace SIGHUP reloads the config as the live panel does (the same reading,
    /// `ConfigReload`): a config that does not load is refused and the board goes on; with one
    /// it is logged and ignored, as the trace's raw lines were read for the config it started
    /// with. Each outcome is left for `touchpanel reload` as the live panel leaves it (with
    /// `$RUNTIME_DIRECTORY` set). Returns the process's exit status.
    public static func run(config: PanelConfiguration, options: SimulationOptions, log: PanelLog, debug: [StateMachineName] = []) -> Int32 {
        let script: TouchScript
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
        placeCommands(config, processes, log: log)
        let exec = ExecSupervisor(
            processes: processes, log: log, childClock: options.virtualTime ? { MonotonicClock.now() } : nil)

        // The broker is real on the simulated board too; its link runs on the real clock.
        var bridge: MQTTBridge?
        do throws(StartError) {
            bridge = try MQTTBringUp.open(config, log: log, now: MonotonicClock.now())
        } catch {
            log.error(error.message)
            return 1
        }

        let origin = options.virtualTime ? MonotonicInstant(nanoseconds: 0) : MonotonicClock.now()
        var recorder: RawTraceRecorder?
        if let recordPath = options.recordPath {
            do throws(StartError) {
                recorder = try RawTraceRecorder(path: recordPath, origin: origin)
            } catch {
                log.error(error.message)
                return 1
            }
        }
        // Under systemd (or with STATE_DIRECTORY set) the simulated board keeps its state too.
        let keeper = StateKeeper.fromEnvironment(log: log)
        var kept = LiveSession.Carried()
        kept.state = keeper?.readBack() ?? []
        let frames = FrameCounter()
        // The session is held here only: a reload lets go of it (its control socket) before
        // the next one starts.
        var session: SimulatedSession?
        switch start(config, options: options, origin: origin, exec: exec, log: log, debug: debug, frames: frames, carried: kept) {
        case .success(let started): session = started
        case .failure: return 1
        }
        let reloads = ReloadReporter(notifier: nil, file: ReloadAnswerFile.fromEnvironment(), pid: getpid(), log: log)
        if let running = session {
            running.hardware.source.record(to: recorder)
            running.engine.recorder = recorder
            keeper?.adopt(running.engine, now: origin)
            bridge?.attach(running.engine)
        }

        // Signals, the control socket and the broker are served on the virtual clock too
        // (polled without waiting at every wake-up): SIGTERM and SIGINT stop a fast run, and
        // children are reaped as they finish, not all at the end.
        let loop = PanelLoop(clock: options.virtualTime ? .virtual : .real, startingAt: origin)
        let signalWatch = SignalWatch(signals)
        var reload: Reload?
        repeat {
            var carried = LiveSession.Carried()
            var previous = config
            do {
                // Scoped, so that no reference to the old session outlives it on a reload.
                guard let running = session else { return 1 }
                reload = play(
                    running, script: script, on: loop, signals: signalWatch, exec: exec, processes: processes, keeper: keeper,
                    bridge: bridge, options: options, origin: origin, log: log, reloads: reloads)
                let engine = running.engine
                if let reload {
                    // The runner shut the engine down, as the live reload does before it replaces it.
                    previous = running.config
                    carried.levels = engine.actions.levels
                    carried.state = engine.keptState
                    carried.control = ControlHandover.kept(running.control, for: reload.config)
                    if let newBridge = reload.bridge {
                        if let bridge { BrokerFarewell.finish(bridge, engine: engine, handingOverTo: (newBridge, reload.config)) }
                        bridge = newBridge
                    }
                } else {
                    keeper?.stop(engine, now: loop.now)
                    if let bridge {
                        BrokerFarewell.finish(bridge, engine: engine)
                        if !options.virtualTime { log.log(bridge.summaryLine()) }
                    }
                    recorder?.end(at: engine.stoppedAt ?? origin)
                }
            }
            if let reload {
                // The old session's control socket, unless kept, is closed before the new one
                // binds its path.
                session = nil
                placeCommands(reload.config, processes, log: log)
                // Why the new config could not start, when it could not (nil: it runs).
                var refusal: String?
                switch start(
                    reload.config, options: options, origin: origin, exec: exec, log: log, debug: debug, frames: frames, carried: carried)
                {
                case .success(let started):
                    session = started
                case .failure(let error):
                    // As on the live panel: the previous config starts again, and the reload is refused.
                    var reason = "cannot start with \(reload.config.file): \(error.message)"
                    switch start(previous, options: options, origin: origin, exec: exec, log: log, debug: debug, frames: frames, carried: carried) {
                    case .success(let started):
                        session = started
                        log.error("reload refused; the previous config runs again")
                    case .failure(let again):
                        reason += "; nor with the previous config: \(again.message)"
                    }
                    refusal = reason
                    if reload.bridge != nil, session != nil {
                        // The previous config runs again, with its own [mqtt] brought up afresh.
                        do throws(StartError) {
                            bridge = try MQTTBringUp.open(previous, log: log, now: MonotonicClock.now())
                        } catch {
                            log.error("after the failed reload, [mqtt] of the previous config: \(error.message); running without MQTT")
                            bridge = nil
                        }
                    }
                }
                guard let running = session else {
                    reloads.stopping(refusal ?? "")
                    return 1
                }
                keeper?.adopt(running.engine, now: loop.now)
                running.hardware.source.record(to: recorder)
                running.engine.recorder = recorder
                recorder?.comment("reloaded \(config.file): replay with the config of each part")
                bridge?.attach(running.engine)
                if let refusal {
                    reloads.refused(refusal)
                } else {
                    log.log("reloaded \(config.file)")
                    reloads.applied(config.file)
                }
            }
        } while reload != nil
        CommandsAtStop.wait(exec, signals: signalWatch, processes: processes, log: log, leftTo: "left running")
        return 0
    }

    /// A reload SIGHUP asked for and `ConfigReload` accepted (see `ConfigReload.replace`).
    private typealias Reload = (config: PanelConfiguration, bridge: MQTTBridge??)

    /// Plays `session` until the script is played out, a signal stops it, or SIGHUP brings a
    /// config that loads: that one is returned (the engine is shut down by then).
    private static func play(
        _ session: SimulatedSession, script: TouchScript, on loop: PanelLoop, signals signalWatch: SignalWatch,
        exec: ExecSupervisor, processes: ExecProcesses, keeper: StateKeeper?, bridge: MQTTBridge?, options: SimulationOptions,
        origin: MonotonicInstant, log: PanelLog, reloads: ReloadReporter
    ) -> Reload? {
        let engine = session.engine
        var others: [LoopParticipant] = []
        if let control = session.control {
            others.append(ControlTurn(control, engine: engine, readClock: { loop.readClock() }, waitsForDeadlines: !options.virtualTime))
        }
        if let bridge { others.append(BrokerTurn(bridge, engine: engine, waitsForDeadlines: !options.virtualTime)) }
        let surface = session.surface
        others.append(PictureTurn(
            engine: engine, surface: { surface }, log: log, readClock: { loop.readClock() }, waitsForDeadlines: !options.virtualTime))
        others.append(ExecRunnerTurn(processes, exec: exec, log: log) { engine.commandsFinished($0, now: loop.now) })
        if let keeper { others.append(StateTurn(keeper, engine: engine)) }
        others.append(signalWatch)
        let runner = SimulatedBoardRunner(
            engine: engine, script: script, origin: origin, hardware: session.hardware, traceLog: session.traceLog,
            snapshotsAt: options.pngAtMs.map { origin + .milliseconds($0) }.filter { $0 >= loop.now },
            snapshot: session.writeFrame)
        var reload: Reload?
        runner.run(on: loop, with: others, untilStopped: options.tracePath == nil) {
            let received = signalWatch.take()
            if received.contains(.child) { engine.commandsFinished(exec.reapFinished(), now: loop.now) }
            if received.asksToStop { return true }
            guard received.contains(.hangup) else { return false }
            guard options.tracePath == nil else {
                log.log("SIGHUP: no reload while a trace plays (its lines were read for the config it started with)")
                reloads.refused("no reload while a trace plays")
                return false
            }
            reloads.begins(at: MonotonicClock.now())
            switch ConfigReload.read(session.config.file, runningBridge: bridge, log: log, now: MonotonicClock.now()) {
            case .replace(let config, let newBridge):
                reload = (config, newBridge)
                return true
            case .refused(let reason):
                reloads.refused(reason)
                return false
            }
        }
        return reload
    }

    /// Where `config`'s commands start. On a desk the exec runner is seldom there, and the
    /// commands only need to run: without it they start here, with a warning.
    private static func placeCommands(_ config: PanelConfiguration, _ processes: ExecProcesses, log: PanelLog) {
        do throws(StartError) {
            try ExecPlacement.apply(config, to: processes)
        } catch {
            log.warning(error.message + "; the simulated board runs the commands itself")
        }
    }

    private static func start(
        _ config: PanelConfiguration, options: SimulationOptions, origin: MonotonicInstant, exec: ExecSupervisor, log: PanelLog,
        debug: [StateMachineName], frames: FrameCounter, carried: LiveSession.Carried = LiveSession.Carried()
    ) -> Result<SimulatedSession, StartError> {
        do throws(StartError) {
            return .success(
                try SimulatedSession(
                    config: config, options: options, origin: origin, exec: exec, log: log, debug: debug, frames: frames, carried: carried))
        } catch {
            log.error("cannot start with \(config.file): \(error.message)")
            return .failure(error)
        }
    }
}
