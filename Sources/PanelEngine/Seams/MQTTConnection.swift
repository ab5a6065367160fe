import LinuxSystem

/// What the MQTT client library told us, in the order it happened.
public enum MQTTClientEvent: Equatable, Sendable {
    /// The broker's CONNACK: 0 accepted, otherwise why not (`MQTTConnection.connackText`).
    case connected(code: Int32)
    /// The connection ended: 0 when we asked for it.
    case disconnected(code: Int32)
    /// A message was written (QoS 0) or acknowledged (QoS 1 and 2).
    case published(messageID: Int32)
    case message(topic: String, payload: [UInt8], retained: Bool)
    /// A message longer than `[mqtt] max_message_kb` arrived and was dropped uncopied.
    case oversized(topic: String, bytes: Int)
}

/// One client connection to a broker, never waiting: the seam between the bridge and
/// libmosquitto, so that the bridge's rules are tested against a fake that records each call.
/// Calls return 0 or the library's error code.
public protocol MQTTConnection: AnyObject {
    /// Starts connecting; the CONNACK comes later as an event.
    func connect() -> Int32
    /// The socket to poll; nil while there is none.
    var socket: FileDescriptor? { get }
    var wantsWrite: Bool { get }
    func readAvailable() -> Int32
    func writePending() -> Int32
    /// Keep-alive: a PINGREQ when one is due; a broker that stopped answering is dropped.
    func keepAlive() -> Int32
    /// The message id, or the error code.
    func publish(topic: String, payload: [UInt8], qos: Int, retain: Bool) -> Result<Int32, MQTTFailure>
    func subscribe(_ pattern: String, qos: Int) -> Int32
    func disconnect()
    /// Everything the library reported since the last call, oldest first.
    func takeEvents() -> [MQTTClientEvent]
    /// Words for an error code, and for a CONNACK's refusal code.
    func errorText(_ code: Int32) -> String
    func connackText(_ code: Int32) -> String
    /// The library's own words for its last failure (OpenSSL's reason), once; nil if none.
    func takeLastError() -> String?
}

/// A library call that failed, with its words.
public struct MQTTFailure: Error, Equatable, Sendable {
    public var code: Int32
    public var message: String

    public init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }
}
