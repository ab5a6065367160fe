import LinuxSystem
import PanelDrivers
import PanelEngine

/// A broker connection that records every call, in order, and reports what a test queues.
final class FakeMQTTConnection: MQTTConnection {
    var calls: [String] = []
    /// What `connect()` returns (0: the connection is under way).
    var connectResult: Int32 = 0
    var pendingEvents: [MQTTClientEvent] = []
    var socket: FileDescriptor? = FileDescriptor(rawValue: 42)
    var wantsWrite = false
    var readResult: Int32 = 0
    private var nextMessageID: Int32 = 1
    /// Message ids of publishes not yet acknowledged, oldest first.
    var unacknowledged: [Int32] = []
    /// As libmosquitto at QoS 0: the publish is written at once and reported from inside the call.
    var reportsPublishedAtOnce = false

    func connect() -> Int32 {
        calls.append("connect")
        return connectResult
    }

    func readAvailable() -> Int32 {
        calls.append("read")
        return readResult
    }

    func writePending() -> Int32 {
        calls.append("write")
        return 0
    }

    func keepAlive() -> Int32 {
        calls.append("keep-alive")
        return 0
    }

    func publish(topic: String, payload: [UInt8], qos: Int, retain: Bool) -> Result<Int32, MQTTFailure> {
        calls.append("publish\(retain ? " retained" : "") q\(qos) \(topic) \(String(decoding: payload, as: UTF8.self))")
        defer { nextMessageID += 1 }
        if reportsPublishedAtOnce {
            pendingEvents.append(.published(messageID: nextMessageID))
        } else {
            unacknowledged.append(nextMessageID)
        }
        return .success(nextMessageID)
    }

    func subscribe(_ pattern: String, qos: Int) -> Int32 {
        calls.append("subscribe q\(qos) \(pattern)")
        return 0
    }

    func disconnect() {
        calls.append("disconnect")
    }

    func takeEvents() -> [MQTTClientEvent] {
        defer { pendingEvents = [] }
        return pendingEvents
    }

    func errorText(_ code: Int32) -> String { "error \(code)" }
    func connackText(_ code: Int32) -> String { "connack \(code)" }
    func takeLastError() -> String? { nil }

    /// The publishes recorded, without the other calls.
    var publishes: [String] { calls.filter { $0.hasPrefix("publish") } }

    /// The broker acknowledges every publish so far.
    func acknowledgeAll() {
        pendingEvents += unacknowledged.map { .published(messageID: $0) }
        unacknowledged = []
    }
}
