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
    /// `--wall-clock`: the local time at the board's start, as nanoseconds since the epoch;
    /// nil: the host's time now. Either way it then moves with the board's clock.
    public var wallClockStartEpochNs: Int64?

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
    public static func run(config localConfig: PanelConfiguration, options: SimulationOptions, log: PanelLog, debug: [StateMachineName] = []) -> Int32 {
        // With `[fleet] accept_config`, the pushed config kept from the last run runs when it
        // still passes (not under a trace, which was read for the local config).
        if let problem = FleetConfigs.startProblem(localConfig) {
            log.error("cannot start with \(localConfig.file): \(problem)")
            return 1
        }
        let fleet = FleetConfigs.fromEnvironment(localPath: localConfig.file, local: localConfig, log: log)
        let config = options.tracePath == nil ? fleet?.chooseConfig(local: localConfig) ?? localConfig : localConfig
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

        guard let signals = SignalChannel.opened(log: log) else { return 1 }
        defer { signals.close() }
        // Commands are real processes: on the virtual clock their time-outs run in real time.
        let processes = ExecProcesses()
        let exec = ExecSupervisor(
            processes: processes, log: log, childClock: options.virtualTime ? { MonotonicClock.now() } : nil)

        // The broker is real on the simulated board too; its link runs on the real clock.
        let bridge: MQTTBridge?
        let homeAssistant: HomeAssistantBridge?
        do throws(StartError) {
            bridge = try MQTTBringUp.open(config, log: log, now: MonotonicClock.now())
            homeAssistant = try HomeAssistantBringUp.open(config, log: log, now: MonotonicClock.now())
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
        let frames = FrameCounter()
        // Under systemd (or with STATE_DIRECTORY set) the simulated board keeps its state too.
        let run = PanelRun<SimulatedSession>(
            configPath: localConfig.file, bridge: bridge, homeAssistant: homeAssistant, keeper: StateKeeper.fromEnvironment(log: log), recorder: recorder,
            reloads: ReloadReporter(notifier: nil, file: ReloadAnswerFile.fromEnvironment(), pid: getpid(), log: log), fleet: fleet, log: log
        ) { config, carried in
            placeCommands(config, processes, log: log)
            return start(config, options: options, origin: origin, exec: exec, log: log, debug: debug, frames: frames, carried: carried)
        }
        // Signals, the control socket and the broker are served on the virtual clock too
        // (polled without waiting at every wake-up): SIGTERM and SIGINT stop a fast run, and
        // children are reaped as they finish, not all at the end.
        let loop = PanelLoop(clock: options.virtualTime ? .virtual : .real, startingAt: origin)
        let signalWatch = SignalWatch(signals)
        // The session is held here only: a reload lets go of it (its control socket) before
        // the next one starts.
        var session = run.startFirst(config, now: { origin })
        guard session != nil else { return 1 }
        while true {
            var reload: ConfigReload.Accepted?
            var carried = LiveSession.Carried()
            var previous = config
            do {
                // Scoped, so that no reference to the old session outlives it on a reload.
                guard let running = session else { return 1 }
                reload = play(running, script: script, on: loop, signals: signalWatch, exec: exec, processes: processes, run: run,
                              options: options, origin: origin, log: log)
                if let reload {
                    // The runner shut the engine down, as the live reload does before it replaces it.
                    previous = running.config
                    carried = run.handOver(running, to: reload)
                } else {
                    run.finish(running, now: loop.now, summary: !options.virtualTime)
                }
            }
            guard let reload else { break }
            // The old session's control socket, unless kept, is closed before the new one
            // binds its path.
            session = nil
            session = run.restart(reload, previous: previous, carried: carried, now: { loop.now })
        }
        CommandsAtStop.wait(exec, signals: signalWatch, processes: processes, log: log, leftTo: "left running")
        return 0
    }

    /// Plays `session` until the script is played out, a signal stops it, or SIGHUP brings a
    /// config that loads: that one is returned (the engine is shut down by then).
    private static func play(
        _ session: SimulatedSession, script: TouchScript, on loop: PanelLoop, signals signalWatch: SignalWatch,
        exec: ExecSupervisor, processes: ExecProcesses, run: PanelRun<SimulatedSession>, options: SimulationOptions,
        origin: MonotonicInstant, log: PanelLog
    ) -> ConfigReload.Accepted? {
        let bridge = run.bridge, keeper = run.keeper, reloads = run.reloads
        let engine = session.engine
        var others: [LoopParticipant] = []
        if let control = session.control {
            others.append(ControlTurn(control, engine: engine, readClock: { loop.readClock() }, waitsForDeadlines: !options.virtualTime))
        }
        let surface = session.surface
        if let bridge {
            let screen = ScreenPNGEncoder(surface: { surface })
            others.append(BrokerTurn(bridge, engine: engine, screen: screen, waitsForDeadlines: !options.virtualTime))
        }
        if let homeAssistant = run.homeAssistant {
            others.append(HomeAssistantTurn(homeAssistant, engine: engine, waitsForDeadlines: !options.virtualTime))
        }
        others.append(PictureTurn(
            engine: engine, surface: { surface }, log: log, readClock: { loop.readClock() }, waitsForDeadlines: !options.virtualTime))
        others.append(ExecRunnerTurn(processes, exec: exec, log: log) { engine.commandsFinished($0, now: loop.now) })
        if let keeper { others.append(StateTurn(keeper, engine: engine)) }
        others.append(signalWatch)
        let runner = SimulatedBoardRunner(
            engine: engine, script: script, origin: origin, hardware: session.hardware, traceLog: session.traceLog,
            snapshotsAt: options.pngAtMs.map { origin + .milliseconds($0) }.filter { $0 >= loop.now },
            snapshot: session.writeFrame, tracedEntities: TracedEntities(engine: engine, log: log))
        var reload: ConfigReload.Accepted?
        runner.run(on: loop, with: others, untilStopped: options.tracePath == nil) {
            let received = signalWatch.take()
            if received.contains(.child) { engine.commandsFinished(exec.reapFinished(), now: loop.now) }
            if received.asksToStop { return true }
            guard received.contains(.hangup) else {
                // A config pushed over the broker that passed every check runs as a reload would.
                guard options.tracePath == nil, let pushed = run.pushedReload(now: MonotonicClock.now()) else { return false }
                reload = pushed
                return true
            }
            guard options.tracePath == nil else {
                log.log("SIGHUP: no reload while a trace plays (its lines were read for the config it started with)")
                reloads.refused("no reload while a trace plays")
                return false
            }
            reloads.begins(at: MonotonicClock.now())
            switch ConfigReload.read(
                run.configPath, runningBridge: bridge, runningHomeAssistant: run.homeAssistant, fleet: run.fleet, log: log, now: MonotonicClock.now())
            {
            case .replace(let config, let newBridge, let newHomeAssistant):
                reload = ConfigReload.Accepted(config: config, bridge: newBridge, homeAssistant: newHomeAssistant)
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
