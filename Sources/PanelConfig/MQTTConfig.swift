/// `[mqtt]`: the panel's link to an MQTT broker (and through it, Home Assistant): event lines
/// out, state retained, commands in (unless `commands = no`). A panel without the section
/// opens no connection.
public struct MQTTConfig: Equatable, Sendable {
    public var host: String
    /// 1883, or 8883 with TLS, unless given.
    public var port: Int?
    /// Nil: `touchpanel-` and the host name, known only on the board.
    public var clientID: String?
    /// Nil: `touchpanel/` and the node id.
    public var topicPrefix: String?
    public var username: String?
    /// A file whose first line is the password: the config itself never holds a secret.
    public var passwordFile: String?
    /// TLS: the CAs that sign the broker's certificate; nil: plain TCP.
    public var caFile: String?
    public var certFile: String?
    public var keyFile: String?
    public var keepaliveS: Int
    public var qos: Int
    /// Events kept while the broker is away: the newest this many.
    public var queueEvents: Int
    /// `max_message_kb`: over MQTT 5 the broker is asked (Maximum Packet Size) to send no
    /// message with a longer payload; one that comes anyway (a 3.1.1 broker, or one just over the
    /// limit) is dropped on arrival, uncopied, and logged; a label or a command is never that long.
    public var maxMessageKB: Int
    /// Whether commands come in from the broker. `no`: the panel publishes only and
    /// subscribes to no command topic, so no one with access to the broker can disable a
    /// button or blank the panel.
    public var commands: Bool
    public var discovery: Bool
    public var discoveryPrefix: String
    /// The device's name in Home Assistant; nil: the host name.
    public var deviceName: String?
    /// `mirror`: the screen as a PNG on `P/screen` (an image entity in Home Assistant).
    public var mirror: Bool = false
    /// `mirror_min_s`: the least time between two pictures of the screen.
    public var mirrorMinS: Int = 2
    /// `mirror_taps`: taps from `P/screen/tap` (a dashboard) act as taps on the panel.
    public var mirrorTaps: Bool = false

    public init(
        host: String, port: Int? = nil, clientID: String? = nil, topicPrefix: String? = nil, username: String? = nil,
        passwordFile: String? = nil, caFile: String? = nil, certFile: String? = nil, keyFile: String? = nil,
        keepaliveS: Int = 60, qos: Int = 1, queueEvents: Int = 100, maxMessageKB: Int = 64, commands: Bool = true, discovery: Bool = true,
        discoveryPrefix: String = "homeassistant", deviceName: String? = nil
    ) {
        self.host = host
        self.port = port
        self.clientID = clientID
        self.topicPrefix = topicPrefix
        self.username = username
        self.passwordFile = passwordFile
        self.caFile = caFile
        self.certFile = certFile
        self.keyFile = keyFile
        self.keepaliveS = keepaliveS
        self.qos = qos
        self.queueEvents = queueEvents
        self.maxMessageKB = maxMessageKB
        self.commands = commands
        self.discovery = discovery
        self.discoveryPrefix = discoveryPrefix
        self.deviceName = deviceName
    }

    public var effectivePort: Int { port ?? (caFile != nil ? 8883 : 1883) }

    /// The client id for a board called `hostName`.
    public func effectiveClientID(hostName: String) -> String {
        clientID ?? "touchpanel-\(hostName)"
    }

    /// What Home Assistant's discovery topics and unique ids name the panel by: the client
    /// id with every byte outside `A-Z a-z 0-9 _ -` made `_`.
    /// A button's object id in Home Assistant's discovery topics and unique ids: its name
    /// with dots made underscores.
    public static func objectID(_ buttonName: String) -> String {
        String(decoding: buttonName.utf8.map { $0 == UInt8(ascii: ".") ? UInt8(ascii: "_") : $0 }, as: UTF8.self)
    }

    public static func nodeID(clientID: String) -> String {
        var bytes: [UInt8] = []
        for byte in clientID.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                bytes.append(byte)
            default:
                bytes.append(UInt8(ascii: "_"))
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    public func effectiveTopicPrefix(clientID: String) -> String {
        topicPrefix ?? "touchpanel/\(MQTTConfig.nodeID(clientID: clientID))"
    }
}
