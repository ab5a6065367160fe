import LinuxSystem
import PanelConfig
import TouchCore

/// The panel's Home Assistant side: one websocket, the login, one subscription to exactly the
/// entities the items are bound to, their states handed to the engine, the charts' recorded
/// history asked for at each login (a slice at a time), and `service` actions called. Driven from the panel's one loop, it never waits: the loop polls the connection's
/// descriptors with the touch source's and wakes at `nextDeadline` (retry, answer time-out,
/// ping); `turn` does what is ready after the engine's own step, so Home Assistant never
/// delays a touch, a repaint or a local action. While it is away, every bound item shows
/// unknown and service calls are dropped, never queued.
public final class HomeAssistantBridge: ServiceCaller {
    public let config: HomeAssistantConfig
    private let connection: HomeAssistantConnection
    /// The long-lived token, read from `token_file` at start; never logged.
    private let token: String
    private let log: PanelLog
    public private(set) var link: HomeAssistantLink
    private var jitter: JitterSource
    /// `--debug homeassistant`: every link transition logged (the attached engine's log).
    public private(set) var transitions: TransitionLog?

    /// The ids of this connection's commands: Home Assistant wants them growing from 1.
    private var nextID = 1
    /// The id of the entity subscription, and of the ping whose pong is awaited.
    private var subscription: Int?
    private var pingID: Int?
    /// What the subscription said of each entity the attached engine's items are bound to;
    /// emptied whenever the link goes away.
    private var entities = EntityStates()
    private var wanted: [EntityID] { entities.wanted }
    /// Set when subscribed, until the first event: entities it does not name do not exist.
    private var awaitingFirstEvent = false
    /// Service calls awaiting their result, by id: who called what, for a failure's log line.
    private var calls: [Int: String] = [:]
    /// The charts' history slices still to ask for, oldest first, and the one asked for (by
    /// its id): one at a time, so that one reply at most is parsed in a turn.
    private var historyQueue: [ChartHistorySlice] = []
    private var historyAsked: (id: Int, slice: ChartHistorySlice)?
    /// Set at login (and at a reload while online): the charts' history is asked for at the
    /// end of the turn, where the engine is at hand.
    private var historyDue = false
    public static let callsRemembered = 32
    /// Why the connection last ended, for the retry's log line.
    private var lastCloseReason: String?
    /// auth_invalid's words, for the refusal's log line.
    private var refusal: String?
    /// The Home Assistant version its greeting names.
    public private(set) var version: String?
    /// Lines about skipped messages and failed calls: a few a minute each.
    private var refusalLogs = LogRateLimiter()
    /// Set when the link left `online`: the engine hears of it at the end of the turn.
    private var wentAway = false
    public private(set) var oversizedSkipped = 0

    public init(config: HomeAssistantConfig, token: String, connection: HomeAssistantConnection, log: PanelLog, now: MonotonicInstant, jitterSeed: UInt64) {
        self.config = config
        self.token = token
        self.connection = connection
        self.log = log
        link = .waiting(retryAt: now, failures: 0)
        jitter = JitterSource(seed: jitterSeed)
    }

    /// Home Assistant's address, for log lines.
    public var name: String { config.url.text }

    /// Takes `engine` as the panel whose items show the entities (at start and after each
    /// reload): its `service` actions come here, and what is known of its entities is handed
    /// to it at once. Online, a changed set of entities is subscribed to anew.
    public func attach(_ engine: PanelEngine, now: MonotonicInstant) {
        engine.actions.serviceCaller = self
        transitions = engine.transitions
        let previous = wanted
        entities.want(engine.boundEntities)
        // The slices asked for were another config's charts: a late reply is not read, and
        // this config's charts ask for what they miss (ChartBackfill's rule keeps the rest).
        historyQueue.removeAll()
        historyAsked = nil
        historyDue = true
        guard link.isOnline else { return }
        for entity in wanted { engine.entityReported(entity, entities[entity], now: now) }
        if wanted != previous {
            if let subscription { send(HomeAssistantRequest.unsubscribe(id: takeID(), subscription: subscription)) }
            subscribe()
        }
    }

    // MARK: - What the loop asks

    public var nextDeadline: MonotonicInstant? {
        MonotonicInstant.earliest(link.deadline, refusalLogs.nextDeadline)
    }

    /// The connection's descriptors, until the link stops.
    public var pollInterests: [PollInterest] {
        if case .stopped = link { return [] }
        return connection.pollInterests
    }

    /// One turn after the engine's: the connection's I/O (`events`, one per `pollInterests`;
    /// empty when not polled), what it reported, the link's deadline.
    public func turn(_ events: ArraySlice<PollEvents>, engine: PanelEngine, now: MonotonicInstant) {
        connection.service(events)
        take(engine: engine, now: now)
        for line in refusalLogs.expire(at: now) { log.warning(line) }
        if let due = link.deadline, due <= now { step(.due, now: now) }
        take(engine: engine, now: now)
        if historyDue {
            historyDue = false
            askForChartHistory(engine, now: now)
        }
        if wentAway {
            wentAway = false
            entities.forgetAll()
            engine.homeAssistantAway(now: now)
        }
    }

    /// At stop: the connection closes, with a close frame when it is open (`isClosing` until
    /// it has ended; `HomeAssistantFarewell` in PanelApp gives it its last turns).
    public func close(now: MonotonicInstant) {
        switch link {
        case .connecting, .authenticating, .subscribing, .online: isClosing = true
        case .waiting, .stopped: break
        }
        step(.stop, now: now)
    }

    /// After `close`: the connection has yet to end.
    public private(set) var isClosing = false

    /// After `close`: the connection's descriptors, for its last turns.
    public var closingInterests: [PollInterest] {
        isClosing ? connection.pollInterests : []
    }

    /// After `close`: one last turn of the connection (the close frame out, the server's
    /// answer); the rest of what it says is not read.
    public func closingTurn(_ events: ArraySlice<PollEvents>) {
        connection.service(events)
        for event in connection.takeEvents() {
            if case .closed = event { isClosing = false }
        }
    }

    // MARK: - ServiceCaller: `service` actions

    /// Sent at once while online; dropped with a log line otherwise. Never queued: a toggle
    /// replayed minutes later is worse than a lost one.
    public func callService(_ call: ServiceCall, entity: EntityID?, button: String) {
        let what = "[button \(button)] service \(call.domain).\(call.service)"
        guard link.isOnline else {
            log.warning("\(what): dropped, Home Assistant at \(name) is away (service calls are not queued)")
            return
        }
        let id = takeID()
        if calls.count >= HomeAssistantBridge.callsRemembered { calls.removeAll() }
        calls[id] = what
        if !send(HomeAssistantRequest.callService(id: id, call, entity: entity)) {
            calls[id] = nil
            log.warning("\(what): dropped, the connection to \(name) takes no more now")
        }
    }

    // MARK: - Inside

    private func takeID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    @discardableResult
    private func send(_ text: String) -> Bool {
        connection.send(text)
    }

    /// The slices of the charts' windows that miss values: each a `history/history_during_period`
    /// in turn, its reply recorded by the engine (`PanelEngine.chartHistoryReceived`).
    private func askForChartHistory(_ engine: PanelEngine, now: MonotonicInstant) {
        switch link {
        case .subscribing, .online: break
        case .waiting, .connecting, .authenticating, .stopped: return
        }
        historyQueue = engine.chartHistorySlices(now: now)
        historyAsked = nil
        askForNextHistorySlice()
    }

    private func askForNextHistorySlice() {
        guard historyAsked == nil, !historyQueue.isEmpty else { return }
        let slice = historyQueue.removeFirst()
        let id = takeID()
        historyAsked = (id, slice)
        send(HomeAssistantRequest.historyDuringPeriod(id: id, slice))
    }

    /// The answer to the slice asked for: its states to the engine, or why not; then the
    /// next slice. After a refusal or a malformed reply the chart's other slices are not asked.
    private func historyAnswered(_ message: HomeAssistantMessage, slice: ChartHistorySlice, engine: PanelEngine, now: MonotonicInstant) {
        var goOn = true
        if message.success {
            // An entity without recorded states in the slice is absent from the result.
            let history = message.histories.first { $0.entity == slice.entity.description } ?? EntityHistory(entity: slice.entity.description)
            goOn = engine.chartHistoryReceived(history, for: slice, now: now)
        } else {
            engine.chartHistoryFailed(slice, why: "Home Assistant said \(failureText(message))", now: now)
            goOn = false
        }
        if !goOn { historyQueue.removeAll { $0.chart == slice.chart } }
        askForNextHistorySlice()
    }

    private func subscribe() {
        let id = takeID()
        subscription = id
        send(HomeAssistantRequest.subscribeEntities(id: id, wanted))
    }

    /// Everything the connection reported, in order.
    private func take(engine: PanelEngine, now: MonotonicInstant) {
        for event in connection.takeEvents() {
            switch event {
            case .upgraded:
                step(.upgraded, now: now)
            case .message(let message):
                receive(message, engine: engine, now: now)
            case .unreadable(let bytes):
                if refusalLogs.admit("homeassistant: unreadable", at: now) {
                    log.warning("homeassistant: \(name) sent a message of \(bytes) bytes that is no JSON object; skipped")
                }
            case .oversized(let bytes, let id):
                oversizedSkipped += 1
                if let id, let asked = historyAsked, asked.id == id {
                    historyAsked = nil
                    engine.chartHistoryFailed(asked.slice, why: "the reply of \(bytes) bytes or more is over max_message_kb = \(config.maxMessageKB)", now: now)
                    askForNextHistorySlice()
                } else if refusalLogs.admit("homeassistant: oversized", at: now) {
                    log.warning("homeassistant: \(name) sent a message of \(bytes) bytes or more, over max_message_kb = \(config.maxMessageKB); skipped")
                }
            case .closed(let code, let reason):
                lastCloseReason = code == 0 ? reason : "\(reason) (close code \(code))"
                step(.lost, now: now)
            }
        }
    }

    private func receive(_ message: HomeAssistantMessage, engine: PanelEngine, now: MonotonicInstant) {
        switch message.kind {
        case .authRequired:
            version = message.version
            step(.authRequired, now: now)
        case .authOK:
            step(.authOK, now: now)
        case .authInvalid:
            refusal = message.errorMessage
            step(.authInvalid, now: now)
        case .pong:
            if let id = message.id, id == pingID {
                pingID = nil
                step(.pong, now: now)
            }
        case .result:
            guard let id = message.id else { return }
            if id == subscription {
                if message.success {
                    awaitingFirstEvent = true
                    step(.subscribed, now: now)
                } else {
                    log.error("homeassistant: \(name) refused the subscription to \(wanted.count) entities: \(failureText(message))")
                    step(.subscribeFailed, now: now)
                }
            } else if let asked = historyAsked, asked.id == id {
                historyAsked = nil
                historyAnswered(message, slice: asked.slice, engine: engine, now: now)
            } else if let what = calls.removeValue(forKey: id), !message.success {
                if refusalLogs.admit(what, at: now) { log.warning("\(what): Home Assistant said \(failureText(message))") }
            }
        case .event:
            guard let id = message.id, id == subscription, link.isOnline else { return }
            apply(message.entities, engine: engine, now: now)
        case .other:
            break
        }
    }

    private func failureText(_ message: HomeAssistantMessage) -> String {
        "\(message.errorCode ?? "an error"): \(message.errorMessage ?? "no reason given")"
    }

    /// One event of the subscription: each wanted entity's new state to the engine.
    private func apply(_ updates: [EntityUpdate], engine: PanelEngine, now: MonotonicInstant) {
        let log = self.log
        entities.apply(updates, to: engine, now: now) { entity in
            log.warning("homeassistant: \(entity) is gone from Home Assistant; its items show unknown")
        }
        if awaitingFirstEvent {
            awaitingFirstEvent = false
            for entity in wanted where entities[entity] == nil {
                log.warning("homeassistant: no entity \(entity) in Home Assistant at \(name); its items show unknown")
            }
        }
    }

    private func step(_ input: HomeAssistantLink.Input, now: MonotonicInstant) {
        let (next, effect) = HomeAssistantLink.next(link, input, now: now, jitter: jitter.next())
        if let transitions, transitions.wants(.homeassistant) {
            transitions.record(
                .homeassistant, at: now, of: name, from: TransitionText.link(link, origin: transitions.origin),
                input: TransitionText.link(input), to: TransitionText.link(next, origin: transitions.origin))
        }
        if link.isOnline, !next.isOnline { wentAway = true }
        let previous = link
        link = next
        switch effect {
        case .none:
            break
        case .connect:
            nextID = 1
            subscription = nil
            pingID = nil
            historyQueue.removeAll()
            historyAsked = nil
            lastCloseReason = nil
            if let why = connection.connect() {
                lastCloseReason = why
                step(.connectFailed, now: now)
            }
        case .sendAuth:
            send(HomeAssistantRequest.auth(token: token))
        case .subscribe:
            log.log("homeassistant: logged in to \(name)\(version.map { " (Home Assistant \($0))" } ?? "")")
            subscribe()
            historyDue = true
        case .cameOnline:
            log.log("homeassistant: online, \(wanted.count) \(wanted.count == 1 ? "entity" : "entities") subscribed")
        case .ping:
            let id = takeID()
            pingID = id
            send(HomeAssistantRequest.ping(id: id))
        case .giveUp(let wait):
            connection.close()
            log.warning("homeassistant: \(name) did not answer \(HomeAssistantBridge.step(previous)) in time; next try in \(HomeAssistantBridge.seconds(wait)) s")
        case .retry(let wait):
            let why = lastCloseReason.map { ": \($0)" } ?? ""
            let what = previous.isOnline ? "the connection to \(name) ended" : "cannot reach \(name)"
            log.warning("homeassistant: \(what)\(why); next try in \(HomeAssistantBridge.seconds(wait)) s")
        case .tokenRefused(let wait):
            connection.close()
            log.error("homeassistant: \(name) refused the token in \(config.tokenFile)\(refusal.map { " (\($0))" } ?? ""); "
                      + "next try in \(HomeAssistantBridge.seconds(wait)) s: make a new long-lived access token in your Home Assistant profile")
        case .disconnect:
            connection.close()
        }
    }

    /// A wait as whole seconds, rounded, at least 1: `next try in 1 s` for a jittered 953 ms.
    static func seconds(_ wait: MonotonicDuration) -> Int64 {
        max(1, (wait.wholeMilliseconds + 500) / 1_000)
    }

    /// What the link was waiting for, for a time-out's log line.
    private static func step(_ link: HomeAssistantLink) -> String {
        switch link {
        case .connecting: "the connection"
        case .authenticating: "the login"
        case .subscribing: "the subscription"
        case .online: "a ping"
        case .waiting, .stopped: "a request"
        }
    }
}
