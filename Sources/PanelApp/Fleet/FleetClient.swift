import LinuxSystem
import PanelConfig
import PanelDrivers
import PanelEngine
import TouchCore

/// The broker connection of `touchpanel fleet status` and `fleet push`: libmosquitto through
/// the panel's own MosquittoConnection, driven by poll(2) with a deadline (never a sleep). It
/// waits, so it lives here with the clock. A lost connection is made again while a wait lasts,
/// with the subscriptions made again (a push outlives a broker's restart).
public final class FleetClient {
    /// How to reach and log in to the broker, as `[mqtt]` says it.
    public struct Login: Equatable, Sendable {
        public var url: BrokerURL
        public var username: String?
        public var passwordFile: String?
        public var caFile: String?

        public init(url: BrokerURL, username: String? = nil, passwordFile: String? = nil, caFile: String? = nil) {
            self.url = url
            self.username = username
            self.passwordFile = passwordFile
            self.caFile = caFile
        }
    }

    /// How long the first connection may take.
    public static let connectTimeout = MonotonicDuration.milliseconds(5_000)
    /// Between two tries to connect again after the connection was lost.
    static let retryEvery = MonotonicDuration.milliseconds(500)

    let connection: MosquittoConnection
    public let login: Login
    public let clientID: String
    private var patterns: [String] = []
    private(set) var online = false
    private var retryAt: MonotonicInstant?
    /// Messages heard and not yet taken, in arrival order.
    private var inbox: [(topic: String, payload: [UInt8])] = []
    /// Message ids the broker acknowledged and not yet taken.
    private var acknowledged: Set<Int32> = []
    /// How many times the connection was made again after a loss.
    public private(set) var reconnections = 0

    public init(_ login: Login, clientID: String) throws(FleetCommandProblem) {
        guard MosquittoConnection.isAvailable else {
            throw FleetCommandProblem("this build of touchpanel has no MQTT (the static firmware); use the packaged touchpanel")
        }
        if login.url.tls, login.caFile == nil {
            throw FleetCommandProblem("--broker \(login.url.text): mqtts needs --ca-file FILE, the CAs that sign the broker's certificate")
        }
        var password: String?
        if let file = login.passwordFile {
            guard login.username != nil else { throw FleetCommandProblem("--password-file needs --username") }
            let bytes: [UInt8]
            do throws(FileContents.Failure) {
                bytes = try FileContents.bytes(ofFile: file, maxBytes: 4_096, what: "a password file")
            } catch {
                throw FleetCommandProblem("--password-file \(file): \(error.message)")
            }
            var line = bytes.prefix { $0 != UInt8(ascii: "\n") }
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            guard !line.isEmpty else { throw FleetCommandProblem("--password-file \(file): its first line is empty") }
            password = String(decoding: line, as: UTF8.self)
        }
        do throws(StartError) {
            connection = try MosquittoConnection(
                clientID: clientID, host: login.url.host, port: login.url.port, keepaliveS: 30, username: login.username,
                password: password, will: nil, tls: login.caFile.map { (caFile: $0, certFile: nil, keyFile: nil) },
                maxMessageBytes: PushedConfigMessage.maxConfigBytes + 4_096)
        } catch {
            throw FleetCommandProblem(error.message.hasPrefix("[mqtt] ") ? String(error.message.dropFirst("[mqtt] ".count)) : error.message)
        }
        self.login = login
        self.clientID = clientID
    }

    deinit {
        if online { connection.disconnect() }
    }

    /// Connects and waits for the broker's CONNACK; throws naming the broker when it cannot be
    /// reached or refuses.
    public func connect() throws(FleetCommandProblem) {
        let name = login.url.text
        let code = connection.connect()
        guard code == 0 else { throw FleetCommandProblem("cannot reach the broker \(name): \(connection.errorText(code))") }
        let deadline = MonotonicClock.now() + FleetClient.connectTimeout
        while !online {
            guard MonotonicClock.now() < deadline else {
                throw FleetCommandProblem("cannot reach the broker \(name): no answer within \(FleetClient.connectTimeout.wholeSeconds) s")
            }
            if let refusal = try turn(until: deadline, reconnecting: false) {
                throw FleetCommandProblem("cannot reach the broker \(name): \(refusal)")
            }
        }
    }

    /// Subscribes (QoS 1) now and after every reconnection.
    public func subscribe(_ newPatterns: [String]) {
        for pattern in newPatterns where !patterns.contains(pattern) {
            patterns.append(pattern)
            if online { _ = connection.subscribe(pattern, qos: 1) }
        }
    }

    /// Publishes QoS 1; the message id, whose acknowledgement `acknowledged(_:)` then tells.
    public func publish(topic: String, payload: [UInt8], retain: Bool) -> Result<Int32, FleetCommandProblem> {
        switch connection.publish(topic: topic, payload: payload, qos: 1, retain: retain) {
        case .success(let id): return .success(id)
        case .failure(let failure): return .failure(FleetCommandProblem("cannot publish on \(topic): \(failure.message)"))
        }
    }

    /// Whether the broker acknowledged message `id` (each is told once).
    public func takeAcknowledged(_ id: Int32) -> Bool {
        acknowledged.remove(id) != nil
    }

    /// The messages heard since the last call.
    public func takeMessages() -> [(topic: String, payload: [UInt8])] {
        defer { inbox.removeAll() }
        return inbox
    }

    /// The retained messages of `newPatterns`, as the broker sends them on subscribing: it
    /// subscribes, then publishes a marker on a topic of its own; the broker handles a
    /// client's packets in order, so the marker comes back after every retained message.
    /// Then `quiet` more with nothing new (bridged brokers' stragglers); without the marker
    /// (a broker that refuses it) a longer quiet; never more than `limit`.
    public func retained(
        _ newPatterns: [String], markerPrefix: String, quiet: MonotonicDuration = .milliseconds(200),
        limit: MonotonicDuration = .milliseconds(4_000)
    ) throws(FleetCommandProblem) -> [(topic: String, payload: [UInt8])] {
        let marker = "\(markerPrefix)/cli/\(MQTTConfig.nodeID(clientID: clientID))"
        subscribe(newPatterns + [marker])
        _ = publish(topic: marker, payload: Array("synced".utf8), retain: false)
        let start = MonotonicClock.now()
        var heard: [(topic: String, payload: [UInt8])] = []
        var markerSeen = false
        var lastNew = start
        while true {
            let now = MonotonicClock.now()
            let quietEnd = lastNew + (markerSeen ? quiet : quiet * 5)
            let end = min(quietEnd, start + limit)
            if now >= end { break }
            _ = try turn(until: end)
            for message in takeMessages() {
                lastNew = MonotonicClock.now()
                if message.topic == marker {
                    markerSeen = true
                } else {
                    heard.append(message)
                }
            }
        }
        return heard
    }

    /// Serves the connection until `deadline` or until `done` holds (asked after each turn).
    public func serve(until deadline: MonotonicInstant, done: () -> Bool) throws(FleetCommandProblem) {
        while !done(), MonotonicClock.now() < deadline {
            _ = try turn(until: deadline)
        }
    }

    /// One wait on the socket (or for the next try to connect again), then what it brought.
    /// Returns the broker's refusal, when that is what came.
    @discardableResult
    func turn(until deadline: MonotonicInstant, reconnecting: Bool = true) throws(FleetCommandProblem) -> String? {
        let now = MonotonicClock.now()
        if !online, let retryAt {
            if now >= retryAt {
                self.retryAt = now + FleetClient.retryEvery
                _ = connection.connect()
            }
        }
        var wakeAt = min(deadline, now + .milliseconds(1_000))
        if let retryAt, !online { wakeAt = min(wakeAt, retryAt) }
        let waitNs = max(0, (wakeAt - now).nanoseconds)
        var code: Int32 = 0
        if let socket = connection.socket {
            let interest = PollInterest(descriptor: socket, events: connection.wantsWrite ? [.readable, .writable] : .readable)
            let events = Poller.wait([interest], timeoutNs: waitNs)
            if events[0].readableOrClosed { code = connection.readAvailable() }
            if code == 0, events[0].contains(.writable) || connection.wantsWrite { code = connection.writePending() }
            if code == 0 { code = connection.keepAlive() }
        } else {
            _ = Poller.wait([], timeoutNs: waitNs)
        }
        var refusal: String?
        for event in connection.takeEvents() {
            switch event {
            case .connected(let result):
                if result == 0 {
                    if retryAt != nil { reconnections += 1 }
                    online = true
                    retryAt = nil
                    for pattern in patterns { _ = connection.subscribe(pattern, qos: 1) }
                } else {
                    refusal = "refused the connection: \(connection.connackText(result))"
                }
            case .disconnected:
                online = false
            case .published(let id):
                acknowledged.insert(id)
            case .message(let topic, let payload, _):
                inbox.append((topic, payload))
            case .oversized:
                continue
            }
        }
        if code != 0 { online = false }
        if !online, retryAt == nil, refusal == nil, code != 0 || connection.socket == nil {
            guard reconnecting else { return connection.errorText(code) }
            retryAt = MonotonicClock.now() + FleetClient.retryEvery
        }
        return refusal
    }
}
