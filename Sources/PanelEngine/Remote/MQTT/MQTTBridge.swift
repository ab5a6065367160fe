import LinuxSystem
import PanelConfig
import TouchCore

/// The panel's MQTT side: events out, retained state, Home Assistant discovery, commands in,
/// driven from the panel's one loop. It never waits: the loop polls its socket with the
/// touch source's descriptors and wakes at `nextDeadline` (retry, answer time-out,
/// keep-alive); `turn` does what is ready after the engine's own step, so no broker delays a
/// touch, a repaint or a local action. While the broker is away the newest events wait in
/// the outbox; state is published afresh on every connect.
public final class MQTTBridge: PanelListener, DevicePublisher {
    /// Everything the bridge needs from `[mqtt]`, with the board's defaults filled in.
    public struct Settings: Equatable, Sendable {
        public var config: MQTTConfig
        public var clientID: String
        public var topics: MQTTTopics
        public var deviceName: String
        /// `host:port`, for log lines.
        public var brokerName: String

        public init(config: MQTTConfig, hostName: String) {
            self.config = config
            clientID = config.effectiveClientID(hostName: hostName)
            topics = MQTTTopics(
                prefix: config.effectiveTopicPrefix(clientID: clientID), discoveryPrefix: config.discoveryPrefix,
                nodeID: MQTTConfig.nodeID(clientID: clientID))
            deviceName = config.deviceName ?? hostName
            brokerName = "\(config.host):\(config.effectivePort)"
        }
    }

    /// Messages handed to the library and not yet written (QoS 0) or acknowledged: beyond
    /// this, events wait in the outbox, so a slow broker cannot make the library's own
    /// queue grow without bound.
    public static let maxInFlight = 20
    /// Home Assistant's `online` is answered with discovery and state at most once in this long.
    public static let reannounceInterval = MonotonicDuration.milliseconds(10_000)
    /// Dropped events are logged and published on `P/dropped` at most once in this long.
    public static let dropReportInterval = MonotonicDuration.milliseconds(1_000)

    public let settings: Settings
    private let connection: MQTTConnection
    private let log: PanelLog
    public private(set) var link: MQTTLink
    private var outbox: MQTTOutbox
    /// Message id -> the instant of the event it carries (nil for state and discovery).
    private var inFlight: [Int32: MonotonicInstant?] = [:]
    /// Messages dropped on arrival for being over `max_message_kb`, and their log lines'
    /// limit: a broker that sends one again and again (a retained one on every reconnect)
    /// fills the log a few lines a minute.
    public private(set) var oversizedDropped = 0
    /// Lines about messages refused (too large, retained commands, bad values): a few a minute each.
    private var refusalLogs = LogRateLimiter()
    private var jitter: JitterSource
    /// Whether the attached config has sliders: then their `/value/set` is subscribed to.
    private var hasSliders = false
    /// The engine's buttons and time origin, from `attach`.
    private var buttonNames: [String] = []
    private var quotedNames: [[UInt8]] = []
    private var origin = MonotonicInstant(nanoseconds: 0)
    private var documents: [HomeAssistantDiscovery.Document] = []
    /// Retained state as last published, by topic; emptied on every connect.
    private var publishedState: [String: [UInt8]] = [:]
    private var stateDirty = true
    /// Discovery documents and retained state waiting for room in the in-flight window, by
    /// topic in the order first queued: a newer payload for a topic replaces the one waiting.
    /// Events go out first; these take what room is left.
    private var retainedQueue = RetainedQueue()
    /// When discovery and state were last sent, and when they are due again after a Home
    /// Assistant that says `online` again within `reannounceInterval`.
    private var announcedAt: MonotonicInstant?
    private var announceDueAt: MonotonicInstant?
    /// Events dropped from the outbox are reported at most once in `dropReportInterval`,
    /// as they happen, even while the outbox never empties.
    private var dropReportAllowedAt: MonotonicInstant?
    /// Event to publish (QoS 0: written; QoS 1 and 2: acknowledged by the broker).
    public private(set) var eventToPublish = LatencyHistogram()
    private var scratch: [UInt8] = []
    /// The instant of the last turn: `nextDeadline` when there is work to do at once.
    private var lastTurnAt: MonotonicInstant
    /// The bound buttons' topics (`state_topic`), subscribed on every connect.
    private var boundTopics: [String] = []
    /// Set when the link left `online`: the engine hears of it at the end of the turn.
    private var wentAway = false
    /// `mirror = yes`: the screen's pictures and their pace.
    public private(set) var mirror: ScreenMirrorPacing?
    /// Pictures of the screen published, and the bytes of the last.
    public private(set) var screensPublished = 0
    public private(set) var lastScreenBytes = 0
    /// `[fleet] accept_config`: the topics pushed configs come on, the panel's own then its
    /// groups' (`FleetTopics.configTopics`); empty otherwise.
    private var fleetConfigTopics: [String] = []
    /// Pushed configs received and not yet taken, oldest first; a newer one on a topic
    /// replaces the one waiting.
    private var pushedConfigs: [(topic: String, payload: [UInt8])] = []
    /// `P/config`'s payload: published retained on every connect and whenever it changes.
    private var configReport: [UInt8]?

    public init(settings: Settings, connection: MQTTConnection, log: PanelLog, now: MonotonicInstant, jitterSeed: UInt64) {
        self.settings = settings
        self.connection = connection
        self.log = log
        link = .waiting(retryAt: now, failures: 0)
        lastTurnAt = now
        outbox = MQTTOutbox(capacity: settings.config.queueEvents)
        jitter = JitterSource(seed: jitterSeed)
        if settings.config.mirror {
            mirror = ScreenMirrorPacing(minInterval: .milliseconds(Int64(settings.config.mirrorMinS) * 1_000))
        }
    }

    /// `--debug mqtt`: every link transition logged (the attached engine's log).
    public private(set) var transitions: TransitionLog?

    /// Takes `engine` as the panel whose events and state go out (at start and after each
    /// reload): discovery and state are published again for its buttons, and the documents
    /// of the config attached before that this one does not have (a button removed, a latch
    /// that is no longer one) are cleared. Offline, the next connect clears them: the
    /// retained documents it subscribes to come back, and those not in the config go.
    public func attach(_ engine: PanelEngine) {
        engine.listener = self
        engine.actions.publisher = self
        boundTopics = engine.boundTopics
        hasSliders = !engine.config.sliders.isEmpty
        transitions = engine.transitions
        mirror?.transitions = engine.transitions
        buttonNames = engine.config.buttons.map { $0.name }
        let previousFleetTopics = fleetConfigTopics
        fleetConfigTopics = engine.config.fleet.map { $0.acceptConfig ? FleetTopics($0, nodeID: settings.topics.nodeID).configTopics : [] } ?? []
        quotedNames = buttonNames.map(JSONText.quotedBytes)
        origin = engine.eventOrigin
        let previous = documents
        documents = discoveryDocuments(for: engine.config)
        if case .online = link {
            for topic in MQTTBridge.topicsLeft(previous, by: documents) {
                log.log("mqtt: clearing \(topic): no longer in the config")
                retainedQueue.queue(topic, [])
            }
            publishDiscovery()
            publishedState.removeAll()
            // Every bound topic again, kept ones too: a subscription made anew makes the broker
            // send its retained state, which the new config's items start without.
            for topic in boundTopics { subscribe(topic) }
            if hasSliders && settings.config.commands { subscribe(settings.topics.sliderValueSetPattern) }
            for topic in fleetConfigTopics where !previousFleetTopics.contains(topic) { subscribe(topic) }
        }
        stateDirty = true
    }

    /// The discovery documents of `config` through this bridge (none with `discovery = no`).
    public func discoveryDocuments(for config: PanelConfiguration) -> [HomeAssistantDiscovery.Document] {
        guard settings.config.discovery else { return [] }
        return HomeAssistantDiscovery.documents(
            config: config, topics: settings.topics, deviceName: settings.deviceName, qos: settings.config.qos,
            commands: settings.config.commands, mirror: settings.config.mirror)
    }

    /// A reload that changed `[mqtt]` replaces this bridge with `successor` (nil: the new
    /// config has no `[mqtt]`) for `config`: before `offline`, every document of this bridge's
    /// that the successor will not publish on the same broker is cleared (published empty,
    /// retained), at once. A document the successor publishes on the same topic is left to
    /// it, so Home Assistant keeps that entity; a changed `discovery_prefix` or `client_id`,
    /// `discovery = no` or another broker clears them all. Offline, nothing is cleared here.
    public func clearDiscovery(handingOverTo successor: MQTTBridge?, config: PanelConfiguration) {
        guard case .online = link else { return }
        var kept: [HomeAssistantDiscovery.Document] = []
        if let successor, successor.settings.brokerName == settings.brokerName {
            kept = successor.discoveryDocuments(for: config)
        }
        let cleared = MQTTBridge.topicsLeft(documents, by: kept)
        for topic in cleared {
            log.log("mqtt: clearing \(topic): no longer in the config")
            retainedQueue.remove(topic)
            publish(topic, [], retain: true)
        }
        // Until it closes, an announcement sends none of them again.
        documents = documents.filter { !cleared.contains($0.topic) }
    }

    /// The topics of `old` that `new` has no document on, in `old`'s order.
    static func topicsLeft(_ old: [HomeAssistantDiscovery.Document], by new: [HomeAssistantDiscovery.Document]) -> [String] {
        guard !old.isEmpty else { return [] }
        var newTopics = Set<String>()
        for document in new { newTopics.insert(document.topic) }
        return old.compactMap { newTopics.contains($0.topic) ? nil : $0.topic }
    }

    // MARK: - What the loop asks

    /// Also the last turn's instant, so at once, when state or retained messages are ready to
    /// go outside a turn: a reload's `attach` (the new config's state and discovery, the
    /// clearings), or a state changed by a turn after this one's.
    public var nextDeadline: MonotonicInstant? {
        guard case .online = link else { return link.deadline }
        if stateDirty || (!retainedQueue.isEmpty && inFlight.count < MQTTBridge.maxInFlight) { return lastTurnAt }
        var due = MonotonicInstant.earliest(link.deadline, announceDueAt)
        if outbox.dropped > 0 { due = MonotonicInstant.earliest(due, dropReportAllowedAt) }
        return MonotonicInstant.earliest(due, refusalLogs.nextDeadline)
    }

    /// The socket to poll, while there is a connection.
    public var pollInterest: PollInterest? {
        switch link {
        case .connecting, .online:
            guard let socket = connection.socket else { return nil }
            return PollInterest(descriptor: socket, events: connection.wantsWrite ? [.readable, .writable] : .readable)
        case .waiting, .stopped:
            return nil
        }
    }

    /// One turn after the engine's: the socket's I/O (`revents` as polled; empty when it was not),
    /// what the library reported, the link's deadline, then the outbox and changed state.
    public func turn(revents: PollEvents, engine: PanelEngine, now: MonotonicInstant) {
        lastTurnAt = now
        var ioResult: Int32 = 0
        if !revents.isEmpty, case .stopped = link {} else if !revents.isEmpty {
            if revents.readableOrClosed { ioResult = connection.readAvailable() }
            if ioResult == 0, revents.contains(.writable) { ioResult = connection.writePending() }
        }
        // What the library reported first: a refused CONNACK says why (a wrong password) better
        // than the read's own "connection refused".
        handleLibraryEvents(engine: engine, now: now)
        for line in refusalLogs.expire(at: now) { log.warning(line) }
        check(ioResult, now: now)
        if let due = link.deadline, due <= now { step(.due, now: now) }
        handleLibraryEvents(engine: engine, now: now)
        if case .online = link {
            if let due = announceDueAt, due <= now { announce(now: now) }
            if stateDirty { publishState(engine: engine) }
            pump(now: now)
            if connection.wantsWrite { check(connection.writePending(), now: now) }
            // A QoS 0 message counts as published once written, which libmosquitto reports
            // from inside the publish call: taken now, not at the next wake-up.
            handleLibraryEvents(engine: engine, now: now)
        }
        if wentAway {
            wentAway = false
            engine.brokerAvailabilityChanged(online: false, now: now)
        }
    }

    // MARK: - The screen's pictures (`mirror`)

    /// When the mirror needs a turn, given the frame painted last; nil without a mirror.
    public func mirrorDeadline(frameNumber: UInt64) -> MonotonicInstant? {
        mirror?.deadline(frameNumber: frameNumber, now: lastTurnAt)
    }

    /// The mirror's turn, after the broker's own at `now`: a share of the picture under way;
    /// a finished one is published, retained, on `P/screen`.
    public func mirrorTurn(_ encoder: ScreenEncoder, now: MonotonicInstant) {
        guard mirror != nil, case .online = link else { return }
        let png = mirror!.turn(encoder, now: now) { why in
            if refusalLogs.admit("mqtt: \(settings.topics.screen)", at: now) { log.warning("mqtt: the screen's picture: \(why)") }
        }
        guard let png else { return }
        screensPublished += 1
        lastScreenBytes = png.count
        publish(settings.topics.screen, png, retain: true)
        if connection.wantsWrite { check(connection.writePending(), now: now) }
    }

    // MARK: - DevicePublisher: `mqtt` actions

    /// Sent at once while online (ahead of queued events: it is what the user just asked
    /// for); dropped with a log line otherwise. Never queued: a toggle replayed minutes later
    /// is worse than a lost one.
    public func publishCommand(topic: String, payload: [UInt8], button: String) {
        guard case .online = link else {
            log.warning("[button \(button)] mqtt \(topic): dropped, \(settings.brokerName) is away (device commands are not queued)")
            return
        }
        publish(topic, payload, retain: false)
    }

    /// At stop, the loop (`BrokerFarewell` in PanelApp) first lets a link still connecting
    /// finish connecting, then calls `sayOffline`, turns while `isDelivering`, and ends with
    /// `close(now:)`; all within a deadline of its own, for the bridge never reads the clock.
    public var isConnecting: Bool {
        if case .connecting = link { return true }
        return false
    }

    /// `offline` published (retained), when online.
    public func sayOffline() {
        guard case .online = link else { return }
        publish(settings.topics.availability, Array("offline".utf8), retain: true)
    }

    /// Online with messages still to hand to the broker.
    public var isDelivering: Bool {
        guard case .online = link else { return false }
        return !outbox.isEmpty || !inFlight.isEmpty || connection.wantsWrite
    }

    /// The connection closed; what the broker has not taken yet is logged as left behind.
    public func close(now: MonotonicInstant) {
        if case .online = link, !outbox.isEmpty || !inFlight.isEmpty {
            log.warning("mqtt: stopping with \(outbox.count + inFlight.count) messages not yet taken by \(settings.brokerName)")
        }
        step(.stop, now: now)
    }

    /// `mirror: N pictures of the screen published, the last B bytes`, with a mirror.
    /// The oldest pushed config received and not yet taken (`[fleet] accept_config`).
    public func takePushedConfig() -> (topic: String, payload: [UInt8])? {
        pushedConfigs.isEmpty ? nil : pushedConfigs.removeFirst()
    }

    /// What `P/config` says from now on: published at once when online, and on every connect.
    public func setConfigReport(_ report: ConfigReport) {
        let payload = Array(report.json.utf8)
        guard payload != configReport else { return }
        configReport = payload
        if case .online = link { retainedQueue.queue(settings.topics.config, payload) }
    }

    public func mirrorSummaryLine() -> String? {
        guard mirror != nil else { return nil }
        return "mirror: \(screensPublished) pictures of the screen published, the last \(lastScreenBytes) bytes"
    }

    /// `latency event_to_publish count=… p50_us=… p99_us=… max_us=…`.
    public func summaryLine() -> String {
        LatencyStatistics.line("event_to_publish", eventToPublish)
    }

    // MARK: - PanelListener: noted during the engine's turn, sent after it

    public func panelEvent(_ event: GestureEvent) {
        let name = buttonNames[event.button]
        let tMs = (event.at - origin).nanoseconds / 1_000_000
        scratch.removeAll(keepingCapacity: true)
        EventLineWriter.encode(event, quotedName: quotedNames[event.button], origin: origin, into: &scratch)
        var messages = [MQTTOutbox.Message(topic: settings.topics.event(name), payload: scratch)]
        if let gesture = MQTTTopics.gesturePayload(event.kind, tMs: tMs) {
            messages.append(MQTTOutbox.Message(topic: settings.topics.gesture(name), payload: gesture))
        }
        outbox.append(MQTTOutbox.Entry(at: event.at, messages: messages))
    }

    public func panelStateChanged() {
        stateDirty = true
    }

    public func panelPageChanged() {
        stateDirty = true
    }

    // MARK: - The link

    private func step(_ input: MQTTLink.Input, now: MonotonicInstant) {
        let (next, effect) = MQTTLink.next(link, input, now: now, keepaliveS: settings.config.keepaliveS, jitter: jitter.next())
        if let transitions, transitions.wants(.mqtt) {
            transitions.record(
                .mqtt, at: now, of: settings.brokerName, from: TransitionText.link(link, origin: transitions.origin),
                input: TransitionText.link(input), to: TransitionText.link(next, origin: transitions.origin))
        }
        if case .online = link, next != link {
            wentAway = true
            mirror?.away(at: now)
        }
        if case .waiting = next, case .online = link {
            // What the library held when the link went is its own now: QoS 0 messages are
            // gone without a callback, QoS 1 and 2 are sent again after the reconnect. Counting
            // them would let a few outages fill `maxInFlight` for good and stop the outbox.
            inFlight.removeAll()
        }
        link = next
        switch effect {
        case .none:
            break
        case .connect:
            let code = connection.connect()
            if code != 0 {
                let why = connection.takeLastError() ?? connection.errorText(code)
                fail(.connectFailed, now: now) { "cannot connect to \(self.settings.brokerName): \(why)" }
            }
        case .giveUp(let wait):
            connection.disconnect()
            log.warning("mqtt: no answer from \(settings.brokerName) within \(MQTTLink.answerTimeout.nanoseconds / 1_000_000_000) s; retrying in \(seconds(wait))")
        case .retry:
            break  // logged by `fail`, which knows why
        case .cameOnline:
            cameOnline(now: now)
            mirror?.online(at: now)
        case .keepAlive:
            check(connection.keepAlive(), now: now)
        case .disconnect:
            connection.disconnect()
            _ = connection.writePending()
        }
    }

    /// Feeds a failure to the link and logs it with the wait before the next attempt.
    private func fail(_ input: MQTTLink.Input, now: MonotonicInstant, _ why: () -> String) {
        let before = link
        step(input, now: now)
        guard case .waiting(let retryAt, _) = link, before != link else { return }
        log.warning("mqtt: \(why()); retrying in \(seconds(retryAt - now))")
    }

    /// A library call's result: anything but success ends the connection.
    private func check(_ code: Int32, now: MonotonicInstant) {
        guard code != 0 else { return }
        let why = connection.takeLastError() ?? connection.errorText(code)
        switch link {
        case .connecting:
            fail(.refused, now: now) { "cannot connect to \(self.settings.brokerName): \(why)" }
        case .online:
            fail(.lost, now: now) { "connection to \(self.settings.brokerName) lost (\(why))" }
        case .waiting, .stopped:
            break
        }
    }

    private func handleLibraryEvents(engine: PanelEngine, now: MonotonicInstant) {
        for event in connection.takeEvents() {
            switch event {
            case .connected(let code):
                if code == 0 {
                    step(.accepted, now: now)
                } else {
                    let why = connection.connackText(code)
                    fail(.refused, now: now) { "\(self.settings.brokerName) refused the connection: \(why)" }
                }
            case .disconnected(let code):
                guard code != 0 else { continue }
                let why = connection.takeLastError() ?? connection.errorText(code)
                if case .connecting = link {
                    fail(.refused, now: now) { "cannot connect to \(self.settings.brokerName): \(why)" }
                } else {
                    fail(.lost, now: now) { "connection to \(self.settings.brokerName) lost (\(why))" }
                }
            case .published(let messageID):
                if let entry = inFlight.removeValue(forKey: messageID), let at = entry {
                    eventToPublish.record(now - at)
                }
            case .message(let topic, let payload, let retained):
                received(topic: topic, payload: payload, retained: retained, engine: engine, now: now)
            case .oversized(let topic, let bytes):
                oversizedDropped += 1
                if refusalLogs.admit("mqtt: messages over max_message_kb", at: now) {
                    log.warning("mqtt: a message of \(bytes) bytes on \(topic) dropped: over max_message_kb \(settings.config.maxMessageKB)")
                }
            }
        }
    }

    private func cameOnline(now: MonotonicInstant) {
        log.log("mqtt: connected to \(settings.brokerName) as \(settings.clientID)")
        publish(settings.topics.availability, Array("online".utf8), retain: true)
        var patterns = settings.config.commands ? settings.topics.commandPatterns : []
        if hasSliders && settings.config.commands { patterns.append(settings.topics.sliderValueSetPattern) }
        if settings.config.mirrorTaps && settings.config.commands { patterns.append(settings.topics.screenTap) }
        if settings.config.discovery {
            patterns += [settings.topics.homeAssistantStatus, settings.topics.discoveryPattern]
        }
        for pattern in patterns + boundTopics + fleetConfigTopics { subscribe(pattern) }
        retainedQueue.removeAll()
        queueDiscoveryAndState(now: now)
        if let configReport { retainedQueue.queue(settings.topics.config, configReport) }
        let dropped = outbox.takeDroppedCount()
        if dropped > 0 {
            log.warning("mqtt: \(dropped) events dropped while \(settings.brokerName) was away (queue = \(outbox.capacity))")
            publish(settings.topics.dropped, Array("{\"dropped\":\(dropped)}".utf8), retain: false)
        }
    }

    private func subscribe(_ pattern: String) {
        let code = connection.subscribe(pattern, qos: settings.config.qos)
        if code != 0 { log.warning("mqtt: cannot subscribe to \(pattern): \(connection.errorText(code))") }
    }

    // MARK: - Out

    /// Hands queued messages to the library while the in-flight window has room: events
    /// first, oldest first, then discovery and state. Events dropped meanwhile are reported
    /// as they happen, at most once in `dropReportInterval`.
    private func pump(now: MonotonicInstant) {
        while inFlight.count < MQTTBridge.maxInFlight, let entry = outbox.takeFirst() {
            for (index, message) in entry.messages.enumerated() {
                publish(message.topic, message.payload, retain: false, eventAt: index == 0 ? entry.at : nil)
            }
        }
        if outbox.dropped > 0, dropReportAllowedAt.map({ $0 <= now }) ?? true {
            let dropped = outbox.takeDroppedCount()
            log.warning("mqtt: \(dropped) events dropped while \(settings.brokerName) was slow (queue = \(outbox.capacity))")
            publish(settings.topics.dropped, Array("{\"dropped\":\(dropped)}".utf8), retain: false)
            dropReportAllowedAt = now + MQTTBridge.dropReportInterval
        }
        while inFlight.count < MQTTBridge.maxInFlight, let message = retainedQueue.takeFirst() {
            publish(message.topic, message.payload, retain: true)
        }
    }

    /// Discovery and every state again, for a Home Assistant that (re)started.
    private func announce(now: MonotonicInstant) {
        log.log("mqtt: Home Assistant is online; discovery and state sent again")
        publish(settings.topics.availability, Array("online".utf8), retain: true)
        queueDiscoveryAndState(now: now)
    }

    /// Every discovery document and every state queued again, as of `now`: the one place an
    /// announcement (on connect, or to a Home Assistant that came online) is counted.
    private func queueDiscoveryAndState(now: MonotonicInstant) {
        publishDiscovery()
        publishedState.removeAll()
        stateDirty = true
        announcedAt = now
        announceDueAt = nil
    }

    private func publish(_ topic: String, _ payload: [UInt8], retain: Bool, eventAt: MonotonicInstant? = nil) {
        switch connection.publish(topic: topic, payload: payload, qos: settings.config.qos, retain: retain) {
        case .success(let messageID):
            inFlight[messageID] = .some(eventAt)
        case .failure(let failure):
            log.warning("mqtt: cannot publish on \(topic): \(failure.message)")
        }
    }

    private func publishDiscovery() {
        for document in documents {
            retainedQueue.queue(document.topic, document.payload)
        }
    }

    /// Publishes each retained state that differs from what was last published.
    private func publishState(engine: PanelEngine) {
        stateDirty = false
        for (topic, payload) in MQTTBridge.states(of: engine, topics: settings.topics) where publishedState[topic] != payload {
            publishedState[topic] = payload
            retainedQueue.queue(topic, payload)
        }
    }

    /// Every retained state of the panel now, in button order, then the backlight, the night, the screensaver and presence.
    static func states(of engine: PanelEngine, topics: MQTTTopics) -> [(String, [UInt8])] {
        var states: [(String, [UInt8])] = []
        for place in 0..<engine.config.itemCount where !engine.config.isScreensaverClock(place) {
            let (name, fields) = engine.stateFields(ofItem: place)
            // A kind's states go out in the order of the topic table.
            for topic in PanelTopic.allCases {
                for field in fields where field.topic == topic {
                    states.append((topics.topic(topic, name), field.payload))
                }
            }
        }
        if !engine.config.pages.isEmpty {
            states.append((topics.page, Array(engine.config.pages[engine.shownPage].name.utf8)))
        }
        if let backlight = engine.backlight {
            // The brightness the light has (dimmed included); off, the one it wakes to (at night, the night's).
            let state = engine.power == .off ? "OFF" : "ON"
            let percent = engine.power == .off ? backlight.awakePercent : backlight.shownPercent
            states.append((topics.backlight,
                           Array("{\"state\":\"\(state)\",\"brightness\":\(percent),\"color_mode\":\"brightness\"}".utf8)))
        }
        if engine.config.backlight?.night != nil {
            states.append((topics.night, Array((engine.isNight ? "ON" : "OFF").utf8)))
        }
        if engine.config.screensaver != nil {
            states.append((topics.screensaver, Array((engine.isScreensaverShown ? "ON" : "OFF").utf8)))
        }
        if engine.config.presence != nil {
            states.append((topics.presence, Array((engine.isPresent ? "ON" : "OFF").utf8)))
        }
        return states
    }

    // MARK: - In

    private func received(topic: String, payload: [UInt8], retained: Bool, engine: PanelEngine, now: MonotonicInstant) {
        // A device's state, retained or not: bound buttons show it, and it runs nothing.
        if boundTopics.contains(topic) {
            engine.received(topic: topic, payload: payload, now: now)
        }
        if fleetConfigTopics.contains(topic) {
            // A config pushed to the panel or its group, retained: the run takes it after the turn.
            pushedConfigs.removeAll { $0.topic == topic }
            pushedConfigs.append((topic, payload))
            return
        }
        let incoming = settings.topics.incoming(topic)
        switch incoming {
        case .homeAssistantStatus:
            guard payload == Array("online".utf8) else { return }
            // A flood of `online` costs one announcement in `reannounceInterval`.
            if let last = announcedAt, now < last + MQTTBridge.reannounceInterval {
                announceDueAt = last + MQTTBridge.reannounceInterval
            } else {
                announce(now: now)
            }
            return
        case .discoveryDocument:
            // A document of ours from an earlier config: cleared, so Home Assistant drops it.
            guard !payload.isEmpty, !documents.contains(where: { $0.topic == topic }) else { return }
            log.log("mqtt: clearing \(topic): no longer in the config")
            publish(topic, [], retain: true)
            return
        case .unknown:
            return
        case .set, .sliderValue, .backlight, .command, .page, .icon, .pageImage:
            // With `commands = no` the panel subscribes to none of these; should one come
            // anyway, it is not acted on.
            guard settings.config.commands else { return }
        case .screenTap:
            guard settings.config.commands, settings.config.mirrorTaps else { return }
        }
        guard !retained else {
            refused(topic, "mqtt: ignored a retained command on \(topic): commands act once; publish them without retain", now: now)
            return
        }
        // A picture's payload is a PNG, not text: it goes to the engine's loader as it is.
        switch incoming {
        case .icon(let button):
            picture(payload, for: .icon(button: button), topic: topic, engine: engine, now: now)
            return
        case .pageImage(let page):
            picture(payload, for: .page(page), topic: topic, engine: engine, now: now)
            return
        case .screenTap:
            screenTap(payload, topic: topic, engine: engine, now: now)
            return
        default:
            break
        }
        // A label's line break comes back as the byte the panel published it as.
        var isLabel = false
        if case .set(_, .label) = incoming { isLabel = true }
        if let problem = ControlCommand.garbage(payload, allowingLineBreaks: isLabel) {
            refused(topic, "mqtt: ignored a command on \(topic): \(problem)", now: now)
            return
        }
        let text = String(decoding: payload, as: UTF8.self)
        let command: Result<ControlCommand, ControlError>
        switch incoming {
        case .set(let button, .latch):
            command = MQTTBridge.onOff(text).map { .success(.latch(button: button, on: $0)) }
                ?? .failure(ControlError("expected ON or OFF, not \"\(text)\""))
        case .set(let button, .enabled):
            command = MQTTBridge.onOff(text).map { .success(.enable(button: button, enabled: $0)) }
                ?? .failure(ControlError("expected ON or OFF, not \"\(text)\""))
        case .set(let button, .label):
            command = text.unicodeScalars.count <= ControlCommand.maxLabelCharacters
                ? .success(.label(button: button, text: text))
                : .failure(ControlError("label longer than \(ControlCommand.maxLabelCharacters) characters"))
        case .backlight:
            lightCommand(payload, topic: topic, engine: engine, now: now)
            return
        case .page:
            command = .success(.page(PageTarget(word: text)))
        case .sliderValue(let slider):
            command = .success(.value(slider: slider, number: text))
        case .command:
            let reply: String
            switch ControlCommand.parse(text) {
            case .success(let parsed): reply = engine.control(parsed, now: now)
            case .failure(let error): reply = error.reply
            }
            publish(settings.topics.reply, Array(reply.utf8), retain: false)
            return
        case .homeAssistantStatus, .discoveryDocument, .unknown, .icon, .pageImage, .screenTap:
            return
        }
        switch command {
        case .success(let parsed): logFailure(engine.control(parsed, now: now), topic: topic, now: now)
        case .failure(let error): refused(topic, "mqtt: \(topic): \(error.message)", now: now)
        }
    }

    /// A PNG for an icon or a page's image: refused here with its reason (no such item, over
    /// 2 MiB, no display), or decoded off the touch path and drawn when ready; one that does not
    /// decode is logged then. Either way, a refused picture changes nothing.
    private func picture(_ png: [UInt8], for request: PanelEngine.PictureRequest, topic: String, engine: PanelEngine, now: MonotonicInstant) {
        if let problem = engine.loadPicture(png, for: request, source: "mqtt: \(topic)") {
            refused(topic, "mqtt: \(topic): \(problem); nothing changed", now: now)
        }
    }

    /// `{"x":X,"y":Y}` in the screen's pixels (as the picture on `P/screen` has them): a tap
    /// there, as a finger's, unless the engine refuses it (`PanelEngine.remoteTap`).
    private func screenTap(_ payload: [UInt8], topic: String, engine: PanelEngine, now: MonotonicInstant) {
        guard case .success(.number(let xText)) = JSONField.value(at: ["x"], in: payload),
              case .success(.number(let yText)) = JSONField.value(at: ["y"], in: payload),
              let x = Int32(xText), let y = Int32(yText)
        else {
            refused(topic, "mqtt: \(topic): expected a JSON object such as {\"x\":120,\"y\":80} (whole pixels)", now: now)
            return
        }
        if let problem = engine.remoteTap(at: Point(x: x, y: y), now: now) {
            refused(topic, "mqtt: \(topic): tap at \(x),\(y) refused: \(problem)", now: now)
        }
    }

    /// `{"state":"ON"}` wakes, `{"state":"OFF"}` blanks, `"brightness"` (1..100) sets the
    /// awake brightness. Read with `JSONField`, as a device's state is.
    private func lightCommand(_ payload: [UInt8], topic: String, engine: PanelEngine, now: MonotonicInstant) {
        let brightness = JSONField.value(at: ["brightness"], in: payload)
        if case .failure(.notJSON) = brightness {
            refused(topic, "mqtt: \(topic): expected a JSON object such as {\"state\":\"ON\",\"brightness\":80}", now: now)
            return
        }
        switch brightness {
        case .success(.number(let text)):
            guard let percent = ControlCommand.percentage(text) else {
                refused(topic, "mqtt: \(topic): brightness takes 1..100", now: now)
                return
            }
            logFailure(engine.control(.brightness(percent: percent), now: now), topic: topic, now: now)
        case .failure(.missing):
            break
        default:
            refused(topic, "mqtt: \(topic): brightness takes 1..100", now: now)
            return
        }
        switch JSONField.value(at: ["state"], in: payload) {
        case .success(.text("ON")): logFailure(engine.control(.wake, now: now), topic: topic, now: now)
        case .success(.text("OFF")): logFailure(engine.control(.blank, now: now), topic: topic, now: now)
        case .failure(.missing): break
        default: refused(topic, "mqtt: \(topic): state takes \"ON\" or \"OFF\"", now: now)
        }
    }

    private func logFailure(_ reply: String, topic: String, now: MonotonicInstant) {
        guard !reply.hasPrefix("{\"ok\":true") else { return }
        refused(topic, "mqtt: \(topic): \(reply)", now: now)
    }

    /// One line for a message from outside that changed nothing, at most a few a minute a
    /// topic (`LogRateLimiter`): a flood of bad commands costs the journal three lines.
    private func refused(_ topic: String, _ line: String, now: MonotonicInstant) {
        guard refusalLogs.admit("mqtt: \(topic)", at: now) else { return }
        log.warning(line)
    }

    static func onOff(_ text: String) -> Bool? {
        switch text {
        case "ON": true
        case "OFF": false
        default: nil
        }
    }

    private func seconds(_ duration: MonotonicDuration) -> String {
        let tenths = (duration.nanoseconds + 50_000_000) / 100_000_000
        return "\(tenths / 10).\(tenths % 10) s"
    }
}

/// Jitter for retries in 0.75 ..< 1.25 (xorshift64*): a fleet of panels that lost one broker
/// does not come back at the same instant. Seeded by the caller, so tests are exact.
public struct JitterSource {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed
    }

    public mutating func next() -> Double {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        let value = state &* 0x2545_F491_4F6C_DD1D
        return 0.75 + Double(value >> 11) / Double(UInt64(1) << 53) * 0.5
    }
}
