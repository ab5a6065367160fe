import CLinux
import LinuxSystem
import PanelEngine

/// The one owner of a libmosquitto client: made with its login, last will and TLS at start
/// (so a missing CA file stops the start, not the first connect), driven without its threads.
public final class MosquittoConnection: MQTTConnection {
    private let client: OpaquePointer
    private let host: String
    private let port: Int
    private let keepaliveS: Int

    public struct Will {
        public init(topic: String, payload: [UInt8], qos: Int, retain: Bool) {
            self.topic = topic
            self.payload = payload
            self.qos = qos
            self.retain = retain
        }

        public var topic: String
        public var payload: [UInt8]
        public var qos: Int
        public var retain: Bool
    }

    public init(
        clientID: String, host: String, port: Int, keepaliveS: Int, username: String?, password: String?, will: Will?,
        tls: (caFile: String, certFile: String?, keyFile: String?)?, maxMessageBytes: Int
    ) throws(StartError) {
        var error: Int32 = 0
        guard let client = tp_mqtt_new(clientID, &error) else {
            throw StartError(.mqtt, "[mqtt] cannot make a client \"\(clientID)\": \(String(cString: tp_mqtt_error_text(error)))")
        }
        self.client = client
        self.host = host
        self.port = port
        self.keepaliveS = keepaliveS
        tp_mqtt_set_max_message(client, Int32(maxMessageBytes))
        if let username {
            let code = tp_mqtt_set_login(client, username, password)
            guard code == 0 else { throw StartError(.mqtt, "[mqtt] username: \(String(cString: tp_mqtt_error_text(code)))") }
        }
        // No will: `touchpanel fleet`, a client that is not a panel.
        if let will {
            let willCode = will.payload.withUnsafeBytes { bytes in
                tp_mqtt_set_will(client, will.topic, bytes.baseAddress, Int32(bytes.count), Int32(will.qos), will.retain ? 1 : 0)
            }
            guard willCode == 0 else {
                throw StartError(.mqtt, "[mqtt] last will on \(will.topic): \(String(cString: tp_mqtt_error_text(willCode)))")
            }
        }
        if let tls {
            let code = tp_mqtt_set_tls(client, tls.caFile, tls.certFile, tls.keyFile)
            guard code == 0 else {
                // libmosquitto checks that each file can be opened; say which ones were given.
                var files = "ca_file \(tls.caFile)"
                if let cert = tls.certFile, let key = tls.keyFile { files += ", cert_file \(cert), key_file \(key)" }
                throw StartError(.mqtt, "[mqtt] TLS with \(files): \(String(cString: tp_mqtt_error_text(code))) (is each file there and readable?)")
            }
        }
    }

    deinit {
        tp_mqtt_free(client)
    }

    public func connect() -> Int32 {
        tp_mqtt_connect(client, host, Int32(port), Int32(keepaliveS))
    }

    public var socket: FileDescriptor? { FileDescriptor(returnedBy: tp_mqtt_socket(client)) }
    public var wantsWrite: Bool { tp_mqtt_want_write(client) != 0 }
    public func readAvailable() -> Int32 { tp_mqtt_loop_read(client) }
    public func writePending() -> Int32 { tp_mqtt_loop_write(client) }
    public func keepAlive() -> Int32 { tp_mqtt_loop_misc(client) }

    public func publish(topic: String, payload: [UInt8], qos: Int, retain: Bool) -> Result<Int32, MQTTFailure> {
        var messageID: Int32 = 0
        let code = payload.withUnsafeBytes { bytes in
            tp_mqtt_publish(client, &messageID, topic, bytes.baseAddress, Int32(bytes.count), Int32(qos), retain ? 1 : 0)
        }
        guard code == 0 else { return .failure(MQTTFailure(code: code, message: errorText(code))) }
        return .success(messageID)
    }

    public func subscribe(_ pattern: String, qos: Int) -> Int32 {
        tp_mqtt_subscribe(client, pattern, Int32(qos))
    }

    public func disconnect() {
        _ = tp_mqtt_disconnect(client)
    }

    public func takeEvents() -> [MQTTClientEvent] {
        var events: [MQTTClientEvent] = []
        var event = tp_mqtt_event()
        while tp_mqtt_next_event(client, &event) != 0 {
            switch event.kind {
            case Int32(TP_MQTT_CONNECTED.rawValue):
                events.append(.connected(code: event.code))
            case Int32(TP_MQTT_DISCONNECTED.rawValue):
                events.append(.disconnected(code: event.code))
            case Int32(TP_MQTT_PUBLISHED.rawValue):
                events.append(.published(messageID: event.message_id))
            case Int32(TP_MQTT_OVERSIZED.rawValue):
                events.append(.oversized(topic: event.topic.map { String(cString: $0) } ?? "", bytes: Int(event.payload_length)))
            default:
                let topic = event.topic.map { String(cString: $0) } ?? ""
                var payload: [UInt8] = []
                if let bytes = event.payload, event.payload_length > 0 {
                    payload = Array(UnsafeRawBufferPointer(start: bytes, count: Int(event.payload_length)))
                }
                events.append(.message(topic: topic, payload: payload, retained: event.retained != 0))
            }
            tp_mqtt_event_free(&event)
        }
        return events
    }

    public func errorText(_ code: Int32) -> String { String(cString: tp_mqtt_error_text(code)) }
    /// libmosquitto's "Connection Refused: not authorised." as "not authorised (code 5)": the log
    /// line already says the broker refused. MQTT 5's reason codes (128 and up) come as
    /// libmosquitto names them ("Not authorized (code 135)"); 132 says what the next try does.
    public func connackText(_ code: Int32) -> String {
        var text = Substring(String(cString: tp_mqtt_connack_text(code)))
        if text.hasPrefix("Connection Refused: ") { text = text.dropFirst("Connection Refused: ".count) }
        if text.hasSuffix(".") { text = text.dropLast() }
        if code == MosquittoConnection.unsupportedProtocolVersion {
            return "\(text) (code \(code)): MQTT 5 refused, the next attempt is MQTT 3.1.1, "
                + "where the broker is not told max_message_kb"
        }
        return "\(text) (code \(code))"
    }

    /// MQTT 5's CONNACK reason "unsupported protocol version", which libmosquitto also reports
    /// for a 3.1.1 broker's "unacceptable protocol version": tp_mqtt_connect uses 3.1.1 after it.
    static let unsupportedProtocolVersion: Int32 = 132

    public func takeLastError() -> String? {
        var text = [CChar](repeating: 0, count: 256)
        let taken = text.withUnsafeMutableBufferPointer { buffer -> String? in
            guard tp_mqtt_take_last_error(client, buffer.baseAddress, Int32(buffer.count)) != 0 else { return nil }
            return String(cString: buffer.baseAddress!)
        }
        return taken
    }

    /// Whether this build has libmosquitto (the static firmware has not).
    public static var isAvailable: Bool { tp_mqtt_available() != 0 }
}
