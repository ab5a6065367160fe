import LinuxSystem
import PanelConfig
import PanelDrivers
import PanelEngine
import TouchCore

/// A session of one config, as the run that holds it sees it: what the live panel
/// (`LiveSession`) and the simulated board (`SimulatedSession`) each build for a config.
protocol PanelSession: AnyObject {
    var config: PanelConfiguration { get }
    var engine: PanelEngine { get }
    /// The `[control]` socket, when the config has one.
    var control: ControlServer? { get }
    /// What it logged about the console; nil where it said nothing or there is none.
    var consoleLine: String? { get }
}

/// What outlives a session in one run of the live panel or of the simulated board (the broker
/// link, the state kept across restarts, the recorder, the reload reports), and the steps both
/// take with a session, written once: its wiring to them at start, what it hands the next at
/// a reload, the reload's start with its fall-back to the previous config, and the end.
final class PanelRun<Session: PanelSession> {
    private(set) var bridge: MQTTBridge?
    private(set) var homeAssistant: HomeAssistantBridge?
    let keeper: StateKeeper?
    let recorder: RawTraceRecorder?
    let reloads: ReloadReporter
    /// `[fleet]`: the pushed configs and `P/config`; nil without the section at start.
    let fleet: FleetConfigs?
    /// The local config file: what SIGHUP reads again.
    let configPath: String
    /// What each broker link of the run reads for `P/health` (`[fleet]`).
    var vitals: PanelVitals?
    private let log: PanelLog
    /// Starts a session of a config with what the one before handed on; logs why it could not.
    private let start: (PanelConfiguration, LiveSession.Carried) -> Result<Session, StartError>

    init(
        configPath: String, bridge: MQTTBridge?, homeAssistant: HomeAssistantBridge?, keeper: StateKeeper?, recorder: RawTraceRecorder?, reloads: ReloadReporter,
        fleet: FleetConfigs? = nil, log: PanelLog, start: @escaping (PanelConfiguration, LiveSession.Carried) -> Result<Session, StartError>
    ) {
        self.configPath = configPath
        self.bridge = bridge
        self.homeAssistant = homeAssistant
        self.keeper = keeper
        self.recorder = recorder
        self.reloads = reloads
        self.fleet = fleet
        self.log = log
        self.start = start
    }

    /// The first session, with the state the last run kept (read back before the first
    /// frame), wired; nil when it cannot start.
    @inline(never)
    func startFirst(_ config: PanelConfiguration, now: () -> MonotonicInstant) -> Session? {
        var kept = LiveSession.Carried()
        kept.state = keeper?.readBack() ?? []
        guard case .success(let session) = start(config, kept) else { return nil }
        wire(session, now: now())
        return session
    }

    /// Wires a session that just started to the run: the state file, the broker link, the
    /// recorder.
    @inline(never)
    private func wire(_ session: Session, now: MonotonicInstant) {
        keeper?.adopt(session.engine, now: now)
        bridge?.vitals = vitals
        bridge?.attach(session.engine)
        homeAssistant?.attach(session.engine, now: now)
        session.engine.source.record(to: recorder)
        session.engine.recorder = recorder
        if let fleet { bridge?.setConfigReport(fleet.report) }
    }

    /// A config pushed to the panel that came in with the broker's turn, when it passes every
    /// check: the reload that runs it. One that is refused or changes nothing is said on
    /// `P/config` (and logged) and gives nil.
    /// Never inlined: the live loop's frame, which stays on the stack for the panel's life,
    /// would take the reading and checking of a config into its size (issue 48 grew it by 30 kB).
    @inline(never)
    func pushedReload(now: MonotonicInstant) -> ConfigReload.Accepted? {
        guard let fleet, let bridge, let (topic, payload) = bridge.takePushedConfig() else { return nil }
        switch fleet.consider(topic: topic, payload: payload) {
        case .nothing:
            return nil
        case .refused:
            bridge.setConfigReport(fleet.report)
            return nil
        case .apply(let pushed):
            switch ConfigReload.accept(pushed.config, runningBridge: bridge, runningHomeAssistant: homeAssistant, log: log, now: now) {
            case .replace(let config, let newBridge, let newHomeAssistant):
                return ConfigReload.Accepted(config: config, bridge: newBridge, homeAssistant: newHomeAssistant, pushed: pushed)
            case .refused(let reason):
                fleet.refused(topic: topic, sequence: pushed.message.sequence, hash: pushed.hash, reason: reason)
                bridge.setConfigReport(fleet.report)
                return nil
            }
        }
    }

    /// What `running` (its engine shut down) hands a session of `reload`'s config: output
    /// levels, the state set from outside, its console line and its control socket when
    /// `[control]` is unchanged. A changed `[mqtt]` hands the broker over: the old link sends
    /// what the shutdown gave, clears what the new config will not publish, then `offline`.
    @inline(never)
    func handOver(_ running: Session, to reload: ConfigReload.Accepted) -> LiveSession.Carried {
        var carried = LiveSession.Carried()
        carried.levels = running.engine.actions.levels
        carried.state = running.engine.keptState
        carried.consoleLine = running.consoleLine
        carried.control = ControlHandover.kept(running.control, for: reload.config)
        if let newBridge = reload.bridge {
            if let bridge { BrokerFarewell.finish(bridge, engine: running.engine, handingOverTo: (newBridge, reload.config)) }
            bridge = newBridge
        }
        if let newHomeAssistant = reload.homeAssistant {
            if let homeAssistant { HomeAssistantFarewell.finish(homeAssistant) }
            homeAssistant = newHomeAssistant
        }
        return carried
    }

    /// Starts `reload`'s config once the old session is let go (its GPIO lines, its socket);
    /// when a device will not have it (it passed `check`, but an output line is another
    /// program's), the previous config starts again in this process, with its own `[mqtt]`
    /// brought up afresh if the reload had replaced the link. Says how it went; returns the
    /// session that runs now, nil when neither config starts (the run stops).
    @inline(never)
    func restart(
        _ reload: ConfigReload.Accepted, previous: PanelConfiguration, carried: LiveSession.Carried, now: () -> MonotonicInstant
    ) -> Session? {
        var session: Session?
        var refusal: String?
        switch start(reload.config, carried) {
        case .success(let started):
            session = started
        case .failure(let error):
            var reason = "cannot start with \(reload.config.file): \(error.message)"
            switch start(previous, carried) {
            case .success(let started):
                session = started
                log.error("reload refused; the previous config runs again")
            case .failure(let again):
                reason += "; nor with the previous config: \(again.message)"
            }
            refusal = reason
            if reload.bridge != nil, session != nil {
                // The new link has not connected yet and goes; the old config's is made anew
                // (a broker link runs on the real clock, on the simulated board too).
                do throws(StartError) {
                    bridge = try MQTTBringUp.open(previous, log: log, now: MonotonicClock.now())
                } catch {
                    log.error("after the failed reload, [mqtt] of the previous config: \(error.message); running without MQTT")
                    bridge = nil
                }
            }
            if reload.homeAssistant != nil, session != nil {
                do throws(StartError) {
                    homeAssistant = try HomeAssistantBringUp.open(previous, log: log, now: MonotonicClock.now())
                } catch {
                    log.error("after the failed reload, [homeassistant] of the previous config: \(error.message); running without Home Assistant")
                    homeAssistant = nil
                }
            }
        }
        if let session { wire(session, now: now()) }
        recorder?.comment("reloaded \(configPath): replay with the config of each part")
        FreedMemory.giveBack()
        if let pushed = reload.pushed, let fleet {
            // A push is no reload anyone waits for: `P/config` says how it went.
            if let refusal {
                fleet.refused(topic: pushed.topic, sequence: pushed.message.sequence, hash: pushed.hash, reason: refusal)
                if session == nil { reloads.stopping(refusal) }
            } else {
                fleet.applied(pushed)
            }
        } else if let refusal {
            if session == nil { reloads.stopping(refusal) } else { reloads.refused(refusal) }
        } else {
            log.log("reloaded \(configPath)")
            reloads.applied(configPath)
            fleet?.ranLocal()
        }
        if let fleet { bridge?.setConfigReport(fleet.report) }
        return session
    }

    /// The run ends with `session` (its engine shut down): the state is written a last time,
    /// the broker link says goodbye (and its summary when `summary`), the recording ends.
    @inline(never)
    func finish(_ session: Session, now: MonotonicInstant, summary: Bool) {
        keeper?.stop(session.engine, now: now)
        if let bridge {
            BrokerFarewell.finish(bridge, engine: session.engine)
            if summary {
                log.log(bridge.summaryLine())
                if let line = bridge.mirrorSummaryLine() { log.log(line) }
            }
        }
        if let homeAssistant { HomeAssistantFarewell.finish(homeAssistant) }
        recorder?.end(at: session.engine.stoppedAt ?? now)
    }
}

extension ConfigReload {
    /// A reload SIGHUP asked for and the config read accepted: the new config, and `bridge`,
    /// nil when `[mqtt]` is unchanged (the running link goes on), otherwise the new config's
    /// link (itself nil without `[mqtt]`), already brought up.
    struct Accepted {
        let config: PanelConfiguration
        let bridge: MQTTBridge??
        /// The same for `[homeassistant]`.
        let homeAssistant: HomeAssistantBridge??
        /// The pushed config this is, when it came over the broker (`[fleet]`).
        var pushed: FleetConfigs.Pushed? = nil
    }
}

extension SignalChannel {
    /// The run's signals (SIGTERM, SIGINT, SIGHUP, SIGCHLD, SIGUSR1) as a descriptor; nil,
    /// with the reason logged, when they cannot be had.
    static func opened(log: PanelLog) -> SignalChannel? {
        do throws(SignalChannelError) {
            return try SignalChannel()
        } catch {
            log.error(error.message)
            return nil
        }
    }
}
