import LinuxSystem
import PanelDrivers
import PanelEngine

/// A websocket to Home Assistant that records every call, in order, and reports what a test
/// queues: Home Assistant's messages as the JSON it sends, parsed by the shim as the real
/// connection parses them.
final class FakeHomeAssistantConnection: HomeAssistantConnection {
    var calls: [String] = []
    /// What `connect()` returns (nil: the connection is under way).
    var connectError: String?
    /// What `send` returns.
    var acceptsSends = true
    var pendingEvents: [HomeAssistantClientEvent] = []

    func connect() -> String? {
        calls.append("connect")
        return connectError
    }

    func send(_ text: String) -> Bool {
        calls.append("send " + text)
        return acceptsSends
    }

    func close() {
        calls.append("close")
    }

    var pollInterests: [PollInterest] {
        [PollInterest(descriptor: FileDescriptor(rawValue: 43), events: .readable)]
    }

    func service(_ events: ArraySlice<PollEvents>) {}

    func takeEvents() -> [HomeAssistantClientEvent] {
        defer { pendingEvents = [] }
        return pendingEvents
    }

    /// Home Assistant sends `json`.
    func receive(_ json: String) {
        pendingEvents.append(WebsocketConnection.parse(json))
    }

    /// The messages sent, in order.
    var sent: [String] {
        calls.compactMap { $0.hasPrefix("send ") ? String($0.dropFirst(5)) : nil }
    }
}
