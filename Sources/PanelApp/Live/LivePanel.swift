import CLinux
import LinuxSystem
import PanelConfig
import PanelDrivers
import PanelEngine
import TouchCore

/// The live panel on `PanelLoop`: each turn serves the event lines' reader, the display, the
/// touch source and engine, the control socket, the broker, the watchdog and signals, in that
/// order. SIGTERM and SIGINT stop it cleanly;
/// SIGHUP reloads the config, and a config that does not load is refused with its errors
/// while the running panel carries on untouched; SIGCHLD reaps `exec` children.
/// The service manager hears READY=1 after the first frame, WATCHDOG=1 from the loop's own
/// turns, RELOADING=1 then READY=1 around a reload, and STOPPING=1 on stop; under systemd each
/// reload's outcome is also left for `touchpanel reload` (`ReloadReporter`).
public enum LivePanel {
    private enum Next {
        case keepGoing
        case stop
        case fail
        case replace(with: ConfigReload.Accepted)
    }

    /// `launchedAt`: when the command started, for the time-to-first-frame log line.
    /// `recordPath`: `touchpanel record` writes every raw report there as a trace.
    public static func run(
        configPath: String, config localConfig: PanelConfiguration, log: PanelLog,
        launchedAt: MonotonicInstant = MonotonicClock.now(), debug: [StateMachineName] = [],
        notifier: ServiceNotifier = SystemdNotifier(), recordPath: String? = nil
    ) -> Int32 {
        // The run's last error line, for `P/health`.
        let errors = LastErrorLog(log)
        let log: PanelLog = errors
        guard let signals = SignalChannel.opened(log: log) else { return 1 }
        defer { signals.close() }
        let signalWatch = SignalWatch(signals)
        let processes = ExecProcesses()
        let exec = ExecSupervisor(processes: processes, log: log)
        let standardOutput = StandardOutputEvents()
        if let warning = standardOutput.warning { log.warning(warning) }
        let events = EventStream(descriptor: standardOutput, log: log)
        let latency = LatencyStatistics(log: log, now: { MonotonicClock.now() })
        let startedAt = MonotonicClock.now()
        let loop = PanelLoop(clock: .real, startingAt: startedAt)
        let transitions = debug.isEmpty ? nil : TransitionLog(machines: debug, origin: startedAt, log: log)
        exec.transitions = transitions
        var recorder: RawTraceRecorder?
        if let recordPath {
            do throws(StartError) {
                recorder = try RawTraceRecorder(path: recordPath, origin: startedAt)
            } catch {
                log.error(error.message)
                return 1
            }
            recorder?.comment("touchpanel record of \(configPath): raw reports in ms since the panel started;")
            recorder?.comment("touchpanel replay \(configPath) \(recordPath) prints the event lines the panel printed")
        }
        // With `[fleet] accept_config`, the pushed config kept from the last run runs when it still passes.
        if let problem = FleetConfigs.startProblem(localConfig) {
            log.error("cannot start with \(configPath): \(problem)")
            return 1
        }
        let fleet = FleetConfigs.fromEnvironment(localPath: configPath, local: localConfig, log: log)
        let firstConfig = fleet?.chooseConfig(local: localConfig) ?? localConfig
        let bridge: MQTTBridge?
        let homeAssistant: HomeAssistantBridge?
        do throws(StartError) {
            bridge = try MQTTBringUp.open(firstConfig, log: log, now: startedAt)
            homeAssistant = try HomeAssistantBringUp.open(firstConfig, log: log, now: startedAt)
        } catch {
            log.error("cannot start with \(firstConfig.file): \(error.message)")
            return 1
        }
        let run = PanelRun<LiveSession>(
            configPath: configPath, bridge: bridge, homeAssistant: homeAssistant, keeper: StateKeeper.fromEnvironment(log: log), recorder: recorder,
            reloads: ReloadReporter(notifier: notifier, file: ReloadAnswerFile.fromEnvironment(), pid: getpid(), log: log), fleet: fleet, log: log
        ) { config, carried in
            start(config, exec: exec, processes: processes, events: events, latency: latency, log: log, startedAt: startedAt,
                  carried: carried, transitions: transitions)
        }
        run.vitals = PanelVitals(startedAt: startedAt, latency: latency, errors: errors, machine: ProcMachineReadings())
        // The session is held here only: a reload must be able to let go of it (its grabbed
        // input device, its GPIO lines) before the next one asks for them.
        var session = run.startFirst(firstConfig, now: { MonotonicClock.now() })
        guard session != nil else { return 1 }
        log.log("first frame \((MonotonicClock.now() - launchedAt).nanoseconds / 1_000) us after start")
        notifier.notify(ServiceMessage.ready)
        // What start-up freed and the stack it went deep into go back before the loop runs.
        FreedMemory.giveBack()
        let watchdog = WatchdogTurn(notifier, startingAt: MonotonicClock.now())
        let eventLines = EventLinesTurn(events)

        while true {
            var next = Next.keepGoing
            var carried = LiveSession.Carried()
            var previous = firstConfig
            do {
                // Scoped, so that no reference to the old session (nor its turns) outlives it
                // on a reload.
                guard let running = session else { return 1 }
                let engine = running.engine
                // What each turn serves, in order.
                var turns: [LoopParticipant] = [eventLines, DisplayTurn(running), TouchTurn(engine)]
                if let line = running.presenceLine { turns.append(PresenceTurn(line, engine: engine, log: log)) }
                if let control = running.control { turns.append(ControlTurn(control, engine: engine, readClock: { loop.now })) }
                if let bridge = run.bridge {
                    let screen = ScreenPNGEncoder(surface: { [unowned(unsafe) running] in running.paintedSurface })
                    turns.append(BrokerTurn(bridge, engine: engine, screen: screen))
                }
                if let homeAssistant = run.homeAssistant { turns.append(HomeAssistantTurn(homeAssistant, engine: engine)) }
                turns.append(PictureTurn(engine: engine, surface: { [unowned(unsafe) running] in running.paintedSurface }, log: log))
                turns.append(ExecRunnerTurn(processes, exec: exec, log: log) { engine.commandsFinished($0, now: loop.now) })
                if let keeper = run.keeper { turns.append(StateTurn(keeper, engine: engine)) }
                turns += [watchdog, signalWatch]
                while case .keepGoing = next {
                    next = step(
                        running, loop: loop, turns: turns, signals: signalWatch, exec: exec, latency: latency, run: run,
                        configPath: configPath, log: log, notifier: notifier)
                }
                switch next {
                case .replace(let reload):
                    engine.shutdown(now: loop.now)
                    previous = running.config
                    carried = run.handOver(running, to: reload)
                case .stop, .fail:
                    run.finish(running, now: loop.now, summary: true)
                case .keepGoing:
                    break
                }
            }
            switch next {
            case .keepGoing:
                continue
            case .stop, .fail:
                CommandsAtStop.wait(exec, signals: signalWatch, processes: processes, log: log, leftTo: "left to the service manager")
                if case .stop = next { return 0 }
                return 1
            case .replace(let reload):
                // The old session's GPIO lines must be released before the new one asks.
                session = nil
                session = run.restart(reload, previous: previous, carried: carried, now: { MonotonicClock.now() })
            }
        }
    }

    private static func start(
        _ config: PanelConfiguration, exec: ExecSupervisor, processes: ExecProcesses, events: EventStream, latency: LatencyStatistics, log: PanelLog,
        startedAt: MonotonicInstant, carried: LiveSession.Carried = LiveSession.Carried(), transitions: TransitionLog?
    ) -> Result<LiveSession, StartError> {
        do throws(StartError) {
            try ExecPlacement.apply(config, to: processes)
            return .success(
                try LiveSession(
                    config: config, exec: exec, events: events, latency: latency, log: log, startedAt: startedAt, carried: carried,
                    transitions: transitions))
        } catch {
            log.error("cannot start with \(config.file): \(error.message)")
            return .failure(error)
        }
    }

    /// One turn of the loop and what it woke for.
    private static func step(
        _ session: LiveSession, loop: PanelLoop, turns: [LoopParticipant], signals: SignalWatch, exec: ExecSupervisor,
        latency: LatencyStatistics, run: PanelRun<LiveSession>, configPath: String, log: PanelLog, notifier: ServiceNotifier
    ) -> Next {
        loop.turn(turns)
        return afterTurn(
            session, loop: loop, signals: signals, exec: exec, latency: latency, run: run, configPath: configPath, log: log, notifier: notifier)
    }

    /// What a turn woke for, seen to after it: never inlined, so that the frame the touch path
    /// runs under holds none of a reload's or a push's temporaries.
    @inline(never)
    private static func afterTurn(
        _ session: LiveSession, loop: PanelLoop, signals: SignalWatch, exec: ExecSupervisor,
        latency: LatencyStatistics, run: PanelRun<LiveSession>, configPath: String, log: PanelLog, notifier: ServiceNotifier
    ) -> Next {
        let bridge = run.bridge, homeAssistant = run.homeAssistant, reloads = run.reloads
        let now = loop.now
        session.noticeDisplayLoss(now: now)
        if session.engine.stopReason != nil {
            // The source cannot go on (its GPIO chip went away); a service manager restarting
            // the panel is the way back, not a loop that spins on a dead descriptor.
            session.engine.shutdown(now: now)
            return .fail
        }
        // A config pushed over the broker that passed every check runs as a reload would, once
        // the signals are seen to (a SIGHUP's reload of the local file comes first).
        func pushedOrKeepGoing() -> Next {
            run.pushedReload(now: now).map { .replace(with: $0) } ?? .keepGoing
        }
        let received = signals.take()
        guard !received.isEmpty else { return pushedOrKeepGoing() }
        if received.contains(.child) {
            session.engine.commandsFinished(exec.reapFinished(), now: now)
        }
        if received.contains(.user1) {
            latency.summaryLines().forEach(log.log)
            if let bridge { log.log(bridge.summaryLine()) }
        }
        if received.asksToStop {
            notifier.notify(ServiceMessage.stopping)
            session.engine.shutdown(now: now)
            latency.summaryLines().forEach(log.log)
            return .stop
        }
        guard received.contains(.hangup) else { return pushedOrKeepGoing() }
        reloads.begins(at: now)
        switch ConfigReload.read(configPath, runningBridge: bridge, runningHomeAssistant: homeAssistant, fleet: run.fleet, log: log, now: now) {
        case .replace(let config, let newBridge, let newHomeAssistant):
            return .replace(with: ConfigReload.Accepted(config: config, bridge: newBridge, homeAssistant: newHomeAssistant))
        case .refused(let reason):
            // The running panel goes on; the reload's caller hears why.
            reloads.refused(reason)
            return .keepGoing
        }
    }
}
