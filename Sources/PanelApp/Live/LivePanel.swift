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
        /// A reload that did not load: the running panel goes on; `reason` says why.
        case refused(reason: String)
        /// `bridge`: nil when `[mqtt]` is unchanged (the running bridge goes on); otherwise the
        /// new config's (itself nil without `[mqtt]`), already brought up.
        case replace(with: PanelConfiguration, bridge: MQTTBridge??)
    }

    /// `launchedAt`: when the command started, for the time-to-first-frame log line.
    /// `recordPath`: `touchpanel record` writes every raw report there as a trace.
    public static func run(
        configPath: String, config firstConfig: PanelConfiguration, log: PanelLog,
        launchedAt: MonotonicInstant = MonotonicClock.now(), debug: [StateMachineName] = [],
        notifier: ServiceNotifier = SystemdNotifier(), recordPath: String? = nil
    ) -> Int32 {
        let signals: SignalChannel
        do throws(SignalChannelError) {
            signals = try SignalChannel()
        } catch {
            log.error(error.message)
            return 1
        }
        defer { signals.close() }
        let loop = PanelLoop(clock: .real, startingAt: MonotonicClock.now())
        let signalWatch = SignalWatch(signals)
        let processes = ExecProcesses()
        let exec = ExecSupervisor(processes: processes, log: log)
        let standardOutput = StandardOutputEvents()
        if let warning = standardOutput.warning { log.warning(warning) }
        let events = EventStream(descriptor: standardOutput, log: log)
        let latency = LatencyStatistics(log: log, now: { MonotonicClock.now() })
        let startedAt = MonotonicClock.now()
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
        var bridge: MQTTBridge?
        do throws(StartError) {
            bridge = try MQTTBringUp.open(firstConfig, log: log, now: startedAt)
        } catch {
            log.error("cannot start with \(firstConfig.file): \(error.message)")
            return 1
        }
        // The state kept by the last run, read back before the first frame.
        let keeper = StateKeeper.fromEnvironment(log: log)
        var kept = LiveSession.Carried()
        kept.state = keeper?.readBack() ?? []
        // The session is held here only: a reload must be able to let go of it (its grabbed
        // input device, its GPIO lines) before the next one asks for them.
        var session: LiveSession?
        switch start(
            firstConfig, exec: exec, processes: processes, events: events, latency: latency, log: log, startedAt: startedAt,
            carried: kept, transitions: transitions)
        {
        case .success(let started): session = started
        case .failure: return 1
        }
        let reloads = ReloadReporter(notifier: notifier, file: ReloadAnswerFile.fromEnvironment(), pid: getpid(), log: log)
        if let engine = session?.engine { keeper?.adopt(engine, now: MonotonicClock.now()) }
        if let engine = session?.engine { bridge?.attach(engine) }
        session?.engine.source.record(to: recorder)
        session?.engine.recorder = recorder
        log.log("first frame \((MonotonicClock.now() - launchedAt).nanoseconds / 1_000) us after start")
        notifier.notify(ServiceMessage.ready)
        // What start-up freed and the stack it went deep into go back before the loop runs.
        FreedMemory.giveBack()
        let watchdog = WatchdogTurn(notifier, startingAt: MonotonicClock.now())
        let eventLines = EventLinesTurn(events)
        // What each turn serves, in order; built for a session and its broker link, and
        // dropped at a reload before the old session is (its lines must be released first).
        var turns: [LoopParticipant] = []

        while true {
            let next: Next
            var oldConfig = firstConfig
            var carried = LiveSession.Carried()
            do {
                // Scoped, so that no reference to the old session outlives it on a reload.
                guard let running = session else { return 1 }
                if turns.isEmpty {
                    turns = [eventLines, DisplayTurn(running), TouchTurn(running.engine)]
                    if let control = running.control {
                        turns.append(ControlTurn(control, engine: running.engine, readClock: { MonotonicClock.now() }))
                    }
                    if let bridge { turns.append(BrokerTurn(bridge, engine: running.engine)) }
                    turns.append(PictureTurn(engine: running.engine, surface: { [unowned(unsafe) running] in running.paintedSurface }, log: log))
                    let engine = running.engine
                    turns.append(ExecRunnerTurn(processes, exec: exec, log: log) { engine.commandsFinished($0, now: MonotonicClock.now()) })
                    if let keeper { turns.append(StateTurn(keeper, engine: engine)) }
                    turns += [watchdog, signalWatch]
                }
                next = step(
                    running, loop: loop, turns: turns, signals: signalWatch, exec: exec, latency: latency, bridge: bridge,
                    configPath: configPath, log: log, notifier: notifier, reloads: reloads)
                switch next {
                case .replace(let newConfig, let newBridge):
                    oldConfig = running.config
                    running.engine.shutdown(now: MonotonicClock.now())
                    carried.levels = running.engine.actions.levels
                    carried.state = running.engine.keptState
                    carried.consoleLine = running.consoleLine
                    carried.control = ControlHandover.kept(running.control, for: newConfig)
                    if let newBridge {
                        // The old broker link sends what the shutdown gave, then `offline`.
                        if let bridge { BrokerFarewell.finish(bridge, engine: running.engine, handingOverTo: (newBridge, newConfig)) }
                        bridge = newBridge
                    }
                case .stop, .fail:
                    keeper?.stop(running.engine, now: MonotonicClock.now())
                    if let bridge { BrokerFarewell.finish(bridge, engine: running.engine) }
                    if let bridge { log.log(bridge.summaryLine()) }
                case .keepGoing, .refused:
                    break
                }
            }
            switch next {
            case .keepGoing:
                continue
            case .stop:
                recorder?.end(at: session?.engine.stoppedAt ?? MonotonicClock.now())
                CommandsAtStop.wait(exec, signals: signalWatch, processes: processes, log: log, leftTo: "left to the service manager")
                return 0
            case .refused(let reason):
                reloads.refused(reason)
            case .fail:
                recorder?.end(at: session?.engine.stoppedAt ?? MonotonicClock.now())
                CommandsAtStop.wait(exec, signals: signalWatch, processes: processes, log: log, leftTo: "left to the service manager")
                return 1
            case .replace(let newConfig, let newBridge):
                // The old session's GPIO lines must be released before the new one asks.
                turns = []
                session = nil
                // Why the new config could not start, when it could not (nil: it runs), and
                // whether the previous one could not start again either.
                var refusal: String?
                var stopping = false
                switch start(newConfig, exec: exec, processes: processes, events: events, latency: latency, log: log, startedAt: startedAt, carried: carried, transitions: transitions) {
                case .success(let started):
                    session = started
                case .failure(let error):
                    // It passed `check` but a device would not have it (an output line another
                    // program holds): the previous config starts again, in this process.
                    var reason = "cannot start with \(newConfig.file): \(error.message)"
                    switch start(oldConfig, exec: exec, processes: processes, events: events, latency: latency, log: log, startedAt: startedAt, carried: carried, transitions: transitions) {
                    case .success(let started):
                        session = started
                        log.error("reload refused; the previous config runs again")
                    case .failure(let again):
                        reason += "; nor with the previous config: \(again.message)"
                        stopping = true
                    }
                    refusal = reason
                    if newBridge != nil, session != nil {
                        // The old config runs again, and with it its own [mqtt]: the new link
                        // has not connected yet and goes; the old one is brought up afresh.
                        bridge = reopenBridge(oldConfig, log: log)
                    }
                }
                session?.engine.source.record(to: recorder)
                session?.engine.recorder = recorder
                if let engine = session?.engine {
                    bridge?.attach(engine)
                    keeper?.adopt(engine, now: MonotonicClock.now())
                }
                recorder?.comment("reloaded \(configPath): replay with the config of each part")
                FreedMemory.giveBack()
                if let refusal {
                    if stopping { reloads.stopping(refusal) } else { reloads.refused(refusal) }
                } else {
                    log.log("reloaded \(configPath)")
                    reloads.applied(configPath)
                }
            }
        }
    }

    /// The broker link of a config that ran before (its files were read once already).
    private static func reopenBridge(_ config: PanelConfiguration, log: PanelLog) -> MQTTBridge? {
        do throws(StartError) {
            return try MQTTBringUp.open(config, log: log, now: MonotonicClock.now())
        } catch {
            log.error("after the failed reload, [mqtt] of the previous config: \(error.message); running without MQTT")
            return nil
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
        latency: LatencyStatistics, bridge: MQTTBridge?, configPath: String, log: PanelLog, notifier: ServiceNotifier,
        reloads: ReloadReporter
    ) -> Next {
        loop.turn(turns)
        let now = loop.now
        session.noticeDisplayLoss()
        if session.engine.stopReason != nil {
            // The source cannot go on (its GPIO chip went away); a service manager restarting
            // the panel is the way back, not a loop that spins on a dead descriptor.
            session.engine.shutdown(now: now)
            return .fail
        }
        let received = signals.take()
        guard !received.isEmpty else { return .keepGoing }
        if received.contains(.child) {
            session.engine.commandsFinished(exec.reapFinished(), now: MonotonicClock.now())
        }
        if received.contains(.user1) {
            latency.summaryLines().forEach(log.log)
            if let bridge { log.log(bridge.summaryLine()) }
        }
        if received.asksToStop {
            notifier.notify(ServiceMessage.stopping)
            session.engine.shutdown(now: MonotonicClock.now())
            latency.summaryLines().forEach(log.log)
            return .stop
        }
        guard received.contains(.hangup) else { return .keepGoing }
        reloads.begins(at: MonotonicClock.now())
        switch ConfigReload.read(configPath, runningBridge: bridge, log: log, now: MonotonicClock.now()) {
        case .replace(let config, let newBridge): return .replace(with: config, bridge: newBridge)
        case .refused(let reason): return .refused(reason: reason)
        }
    }
}
