import LinuxSystem
import PanelConfig
import PanelDrivers
import PanelEngine
import TouchCore

/// The live panel's loop: one thread, one ppoll over the signal descriptor and the INT
/// line, its timeout the engine's next wake-up. SIGTERM and SIGINT stop it cleanly;
/// SIGHUP reloads the config, and a config that does not load is refused with its errors
/// while the running panel carries on untouched; SIGCHLD reaps `exec` children.
/// The service manager hears READY=1 after the first frame, WATCHDOG=1 from the loop's own
/// turns, RELOADING=1 then READY=1 around a reload, and STOPPING=1 on stop.
public enum LivePanel {
    private enum Next {
        case keepGoing
        case stop
        case fail
        /// A reload that did not load: the running panel goes on; the status says why.
        case refused(status: String)
        /// `bridge`: nil when `[mqtt]` is unchanged (the running bridge goes on); otherwise the
        /// new config's (itself nil without `[mqtt]`), already brought up.
        case replace(with: PanelConfiguration, bridge: MQTTBridge??)
    }

    /// `launchedAt`: when the command started, for the time-to-first-frame log line.
    /// `recordPath`: `touchpanel record` writes every raw report there as a trace.
    public static func run(
        configPath: String, config firstConfig: PanelConfiguration, log: PanelLog,
        launchedAt: MonotonicInstant = MonotonicClock.now(), debugGestures: Bool = false,
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
        let exec = ExecSupervisor(processes: ChildProcesses(), log: log)
        let standardOutput = StandardOutputEvents()
        if let warning = standardOutput.warning { log.warning(warning) }
        let events = EventStream(descriptor: standardOutput, log: log)
        let latency = LatencyStatistics(log: log, now: { MonotonicClock.now() })
        let startedAt = MonotonicClock.now()
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
        var session = start(firstConfig, exec: exec, events: events, latency: latency, log: log, startedAt: startedAt, debugGestures: debugGestures)
        guard session != nil else { return 1 }
        if let engine = session?.engine { bridge?.attach(engine) }
        session?.engine.source.record(to: recorder)
        log.log("first frame \((MonotonicClock.now() - launchedAt).nanoseconds / 1_000) us after start")
        notifier.notify(ServiceMessage.ready)
        var watchdog = WatchdogSchedule(interval: notifier.watchdogInterval, startingAt: MonotonicClock.now())

        while true {
            let next: Next
            var oldConfig = firstConfig
            var carried = LiveSession.Carried()
            do {
                // Scoped, so that no reference to the old session outlives it on a reload.
                guard let running = session else { return 1 }
                if watchdog != nil, watchdog!.pingDue(at: MonotonicClock.now()) {
                    notifier.notify(ServiceMessage.alive)
                }
                next = step(
                    running, signals: signals, exec: exec, events: events, latency: latency, bridge: bridge, configPath: configPath,
                    log: log, notifier: notifier, watchdogPingAt: watchdog?.nextPingAt)
                switch next {
                case .replace(_, let newBridge):
                    oldConfig = running.config
                    running.engine.shutdown(now: MonotonicClock.now())
                    carried.levels = running.engine.actions.levels
                    carried.latchedButtons = running.engine.actions.latchedButtons
                    if let newBridge {
                        // The old broker link sends what the shutdown gave, then `offline`.
                        if let bridge { BrokerFarewell.finish(bridge, engine: running.engine) }
                        bridge = newBridge
                    }
                case .stop, .fail:
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
                waitForCommands(exec, signals: signals, log: log)
                return 0
            case .refused(let status):
                notifier.notify(ServiceMessage.readyAfterReload(status))
            case .fail:
                recorder?.end(at: session?.engine.stoppedAt ?? MonotonicClock.now())
                waitForCommands(exec, signals: signals, log: log)
                return 1
            case .replace(let newConfig, let newBridge):
                // The old session's GPIO lines must be released before the new one asks.
                session = nil
                session = start(newConfig, exec: exec, events: events, latency: latency, log: log, startedAt: startedAt, carried: carried, debugGestures: debugGestures)
                if session == nil {
                    session = start(oldConfig, exec: exec, events: events, latency: latency, log: log, startedAt: startedAt, carried: carried, debugGestures: debugGestures)
                    if newBridge != nil, session != nil {
                        // The old config runs again, and with it its own [mqtt]: the new link
                        // has not connected yet and goes; the old one is brought up afresh.
                        bridge = reopenBridge(oldConfig, log: log)
                    }
                }
                session?.engine.source.record(to: recorder)
                if let engine = session?.engine { bridge?.attach(engine) }
                recorder?.comment("reloaded \(configPath): replay with the config of each part")
                if session != nil {
                    log.log("reloaded \(configPath)")
                    notifier.notify(ServiceMessage.readyAfterReload("running \(configPath)"))
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
        _ config: PanelConfiguration, exec: ExecSupervisor, events: EventStream, latency: LatencyStatistics, log: PanelLog,
        startedAt: MonotonicInstant, carried: LiveSession.Carried = LiveSession.Carried(), debugGestures: Bool
    ) -> LiveSession? {
        do throws(StartError) {
            return try LiveSession(
                config: config, exec: exec, events: events, latency: latency, log: log, startedAt: startedAt, carried: carried,
                debugGestures: debugGestures)
        } catch {
            log.error("cannot start with \(config.file): \(error.message)")
            return nil
        }
    }

    /// At stop, the commands still running (an `on_release` the stop itself started among
    /// them) get `ExecLimits.stopWaitMs` to finish before the panel exits: once it is gone,
    /// the service manager signals whatever is left in its cgroup. A second SIGTERM or SIGINT
    /// ends the wait.
    private static func waitForCommands(_ exec: ExecSupervisor, signals: SignalChannel, log: PanelLog) {
        exec.reapFinished()
        let deadline = MonotonicClock.now() + .milliseconds(Int64(ExecLimits.stopWaitMs))
        while !exec.children.isEmpty, MonotonicClock.now() < deadline {
            let ready = DescriptorWait.wait(signalDescriptor: signals.pollDescriptor, sourceDescriptor: nil, until: deadline)
            if ready.signals {
                let received = signals.readSignals()
                if received.contains(.terminate) || received.contains(.interrupt) { break }
            }
            exec.reapFinished()
        }
        for child in exec.children {
            log.warning("[button \(child.button)] exec \"\(child.command)\": still running at stop; left to the service manager")
        }
    }

    /// One wait and what it woke for.
    private static func step(
        _ session: LiveSession, signals: SignalChannel, exec: ExecSupervisor, events: EventStream, latency: LatencyStatistics,
        bridge: MQTTBridge?, configPath: String, log: PanelLog, notifier: ServiceNotifier, watchdogPingAt: MonotonicInstant?
    ) -> Next {
        var deadline = session.engine.nextWakeup
        for candidate in [watchdogPingAt, bridge?.nextDeadline, session.displayRetryAt] {
            if let candidate, deadline == nil || candidate < deadline! { deadline = candidate }
        }
        var extra = session.control?.pollInterests ?? []
        let controlCount = extra.count
        let mqttInterest = bridge?.pollInterest
        if let mqttInterest { extra.append(mqttInterest) }
        let displayIndex = extra.count
        if let drm = session.drmSurface { extra.append(drm.pollInterest) }
        let ready = DescriptorWait.wait(
            signalDescriptor: signals.pollDescriptor, sourceDescriptor: session.engine.waitDescriptor,
            eventsDescriptor: events.wantsWritable ? events.pollDescriptor : nil,
            extra: extra, until: deadline)
        if ready.eventsWritable { events.writeBacklog() }
        let now = MonotonicClock.now()
        // A completed flip first: a frame that waited for it is painted in this turn's step.
        if let drm = session.drmSurface, ready.extra.count > displayIndex, !ready.extra[displayIndex].isEmpty {
            drm.cardReadable()
        }
        if let retryAt = session.displayRetryAt, retryAt <= now { session.retryDisplay(now: now) }
        // Frames come at their own instants (an INT edge's, an input event's), after the
        // deadlines due before them: a second tap whose edge came before release+W continues
        // the sequence even if the loop woke after it.
        session.engine.step(now: now, readiness: ready.source)
        if let control = session.control, !ready.extra.isEmpty {
            control.service(Array(ready.extra.prefix(controlCount))) { command in session.engine.control(command, now: MonotonicClock.now()) }
        }
        session.noticeDisplayLoss()
        // The broker's turn comes after the touch path's and the control socket's.
        let mqttEvents = mqttInterest != nil && ready.extra.count > controlCount ? ready.extra[controlCount] : []
        bridge?.turn(revents: mqttEvents, engine: session.engine, now: MonotonicClock.now())
        if session.engine.stopReason != nil {
            // The source cannot go on (its GPIO chip went away); a service manager restarting
            // the panel is the way back, not a loop that spins on a dead descriptor.
            session.engine.shutdown(now: now)
            return .fail
        }
        guard ready.signals else { return .keepGoing }
        let received = signals.readSignals()
        if received.contains(.child) {
            session.engine.commandsFinished(exec.reapFinished(), now: MonotonicClock.now())
        }
        if received.contains(.user1) {
            latency.summaryLines().forEach(log.log)
            if let bridge { log.log(bridge.summaryLine()) }
        }
        if received.contains(.terminate) || received.contains(.interrupt) {
            notifier.notify(ServiceMessage.stopping)
            session.engine.shutdown(now: MonotonicClock.now())
            latency.summaryLines().forEach(log.log)
            return .stop
        }
        guard received.contains(.hangup) else { return .keepGoing }
        notifier.notify(ServiceMessage.reloading(at: MonotonicClock.now()))
        do {
            let config = try PanelConfigLoader.load(path: configPath)
            for warning in config.warnings { log.warning(warning.rendered) }
            guard config.mqtt != bridge?.settings.config else { return .replace(with: config, bridge: nil) }
            // A changed [mqtt] is brought up before anything is replaced: a password file
            // that cannot be read refuses the reload like a config error does.
            do throws(StartError) {
                return .replace(with: config, bridge: .some(try MQTTBringUp.open(config, log: log, now: MonotonicClock.now())))
            } catch {
                log.error("reload refused; the running config stays: \(error.message)")
                return .refused(status: "reload refused: \(error.message); running the previous config")
            }
        } catch {
            // Refused before anything is touched: the running panel goes on as it was.
            log.error("reload refused; the running config stays:")
            for configError in error.errors { log.error(configError.rendered) }
            return .refused(status: "reload refused: \(error.errors.first?.rendered ?? configPath); running the previous config")
        }
    }
}
