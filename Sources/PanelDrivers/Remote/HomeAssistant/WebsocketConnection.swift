import CLinux
import LinuxSystem
import PanelEngine

/// The one owner of the libwebsockets client to Home Assistant: made at start (so a CA file
/// that cannot be read stops the start, not the first connect), serviced from the panel's own
/// poll, its messages parsed by cJSON into `HomeAssistantMessage`s.
public final class WebsocketConnection: HomeAssistantConnection {
    private let client: OpaquePointer
    private let host: String
    private let port: Int
    private let path: String
    /// The descriptors handed out by the last `pollInterests`, for `service`.
    private var polled: [pollfd] = []
    public static let maxDescriptors = 4

    public init(tls: Bool, caFile: String?, host: String, port: Int, path: String, maxMessageBytes: Int) throws(StartError) {
        var error = [CChar](repeating: 0, count: 256)
        let made = error.withUnsafeMutableBufferPointer { buffer in
            tp_ha_new(tls ? 1 : 0, caFile, Int32(maxMessageBytes), buffer.baseAddress, Int32(buffer.count))
        }
        guard let made else {
            let why = error.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw StartError(.homeAssistant, "[homeassistant] cannot make the websocket client: \(why)")
        }
        client = made
        self.host = host
        self.port = port
        self.path = path
    }

    deinit {
        tp_ha_free(client)
    }

    public func connect() -> String? {
        var error = [CChar](repeating: 0, count: 256)
        let code = error.withUnsafeMutableBufferPointer { buffer in
            tp_ha_connect(client, host, Int32(port), path, buffer.baseAddress, Int32(buffer.count))
        }
        guard code != 0 else { return nil }
        return error.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    public func send(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { tp_ha_send(client, $0.baseAddress, Int32($0.count)) == 0 }
        }
    }

    public func close() {
        tp_ha_close(client)
    }

    public var pollInterests: [PollInterest] {
        var fds = [pollfd](repeating: pollfd(), count: WebsocketConnection.maxDescriptors)
        let count = Int(fds.withUnsafeMutableBufferPointer { tp_ha_poll_interests(client, $0.baseAddress, Int32($0.count)) })
        polled = Array(fds.prefix(max(0, count)))
        return polled.compactMap { entry in
            FileDescriptor(returnedBy: entry.fd).map { PollInterest(descriptor: $0, events: PollEvents(rawValue: entry.events)) }
        }
    }

    public func service(_ events: ArraySlice<PollEvents>) {
        var ready = polled
        for index in ready.indices {
            let offset = events.startIndex + index
            ready[index].revents = offset < events.endIndex ? events[offset].rawValue : 0
        }
        ready.withUnsafeBufferPointer { tp_ha_service(client, $0.baseAddress, Int32($0.count)) }
    }

    public func takeEvents() -> [HomeAssistantClientEvent] {
        var events: [HomeAssistantClientEvent] = []
        var event = tp_ha_event()
        while tp_ha_next_event(client, &event) != 0 {
            switch event.kind {
            case Int32(TP_HA_UPGRADED.rawValue):
                events.append(.upgraded)
            case Int32(TP_HA_MESSAGE.rawValue):
                events.append(WebsocketConnection.parse(event.text, length: Int(event.length)))
            case Int32(TP_HA_OVERSIZED.rawValue):
                events.append(.oversized(bytes: Int(event.length), id: event.text.flatMap { WebsocketConnection.leadingID(String(cString: $0)) }))
            default:
                events.append(.closed(code: Int(event.code), reason: event.text.map { String(cString: $0) } ?? "closed"))
            }
            tp_ha_event_free(&event)
        }
        return events
    }

    /// One message's text as the panel reads it: cJSON's tree, flattened by the shim.
    public static func parse(_ text: UnsafePointer<CChar>?, length: Int) -> HomeAssistantClientEvent {
        var message = tp_ha_message()
        guard let text, tp_ha_parse(text, Int32(length), &message) == 0 else { return .unreadable(bytes: length) }
        defer { tp_ha_message_free(&message) }
        return .message(HomeAssistantMessage(message))
    }

    /// The id a message's first bytes give, as Home Assistant writes a command's answer
    /// (`{"id":12,"type":"result",...`); nil when it does not start so.
    public static func leadingID(_ head: String) -> Int? {
        let prefix = "{\"id\":"
        guard head.hasPrefix(prefix) else { return nil }
        let digits = head.utf8.dropFirst(prefix.utf8.count).prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        guard !digits.isEmpty, digits.count <= 15 else { return nil }
        return Int(String(decoding: digits, as: UTF8.self))
    }

    /// `bytes` (a whole message) parsed: for traces and the fuzz target.
    public static func parse(bytes: [UInt8]) -> HomeAssistantClientEvent {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { parse($0.baseAddress, length: $0.count) }
        }
    }

    /// `text` (a whole message) parsed: for tests.
    public static func parse(_ text: String) -> HomeAssistantClientEvent {
        var text = text
        return text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { parse($0.baseAddress, length: $0.count) }
        }
    }
}

extension HomeAssistantMessage {
    /// The shim's flattened message as the panel's value.
    init(_ message: tp_ha_message) {
        let kind: Kind = switch message.type {
        case Int32(TP_HA_MSG_AUTH_REQUIRED.rawValue): .authRequired
        case Int32(TP_HA_MSG_AUTH_OK.rawValue): .authOK
        case Int32(TP_HA_MSG_AUTH_INVALID.rawValue): .authInvalid
        case Int32(TP_HA_MSG_RESULT.rawValue): .result
        case Int32(TP_HA_MSG_EVENT.rawValue): .event
        case Int32(TP_HA_MSG_PONG.rawValue): .pong
        default: .other
        }
        func text(_ pointer: UnsafePointer<CChar>?) -> String? { pointer.map { String(cString: $0) } }
        var entities: [EntityUpdate] = []
        var histories: [EntityHistory] = []
        if let entries = message.entries {
            for index in 0..<Int(message.entry_count) {
                let entry = entries[index]
                let name = text(entry.name) ?? ""
                switch entry.kind {
                case Int32(TP_HA_ENTITY_ADDED.rawValue):
                    entities.append(EntityUpdate(change: .added, entity: name, state: text(entry.text)))
                case Int32(TP_HA_ENTITY_CHANGED.rawValue):
                    entities.append(EntityUpdate(change: .changed, entity: name, state: text(entry.text)))
                case Int32(TP_HA_ENTITY_REMOVED.rawValue):
                    entities.append(EntityUpdate(change: .removed, entity: name))
                case Int32(TP_HA_ATTRIBUTE.rawValue):
                    guard !entities.isEmpty else { continue }
                    entities[entities.count - 1].attributes.append(
                        EntityAttribute(name: name, text: text(entry.text) ?? "", isNumber: entry.is_number != 0))
                case Int32(TP_HA_ATTRIBUTE_REMOVED.rawValue):
                    guard !entities.isEmpty else { continue }
                    entities[entities.count - 1].removedAttributes.append(name)
                case Int32(TP_HA_HISTORY.rawValue):
                    histories.append(EntityHistory(entity: name, malformed: entry.is_number != 0))
                case Int32(TP_HA_HISTORY_POINT.rawValue):
                    guard !histories.isEmpty, !histories[histories.count - 1].malformed else { continue }
                    // Milliseconds within ±10^15 (some 31,000 years): anything else is no time.
                    let milliseconds = (entry.seconds * 1_000).rounded()
                    guard milliseconds.isFinite, abs(milliseconds) < 1e15 else {
                        histories[histories.count - 1].points = []
                        histories[histories.count - 1].malformed = true
                        continue
                    }
                    histories[histories.count - 1].points.append(RecordedState(text(entry.text) ?? "", epochMs: Int64(milliseconds)))
                default:
                    continue
                }
            }
        }
        self.init(
            kind: kind, id: message.id >= 0 ? Int(message.id) : nil, success: message.success != 0,
            errorCode: text(message.error_code), errorMessage: text(message.error_message), version: text(message.ha_version),
            resultText: text(message.result_text), entities: entities, histories: histories)
    }
}
