/// A config pushed to panels over the broker: the retained payload on `FLEET/config/NODE` or
/// `FLEET/config/group/GROUP`, one line of envelope, then the config's bytes as they are:
///
///     touchpanel-config 1 SEQUENCE SIGNATURE\n
///     [display]\n...
///
/// `SEQUENCE` is a number that grows with every push (`touchpanel fleet push` takes the Unix
/// time in seconds): a panel refuses one no newer than the config it runs, so a replayed old
/// message changes nothing. `SIGNATURE` is the base64 of the Ed25519 signature over
/// `signedBytes`: the envelope's words with the topic in the signature's place, a line end,
/// and the config; the topic in it keeps a config signed for one panel or group from being
/// replayed on another's topic.
public struct PushedConfigMessage: Equatable, Sendable {
    public static let magic = "touchpanel-config"
    public static let formatVersion = 1
    /// The longest config taken: ten times the largest example config, far below what a
    /// panel could not hold.
    public static let maxConfigBytes = 256 * 1024

    public var sequence: UInt64
    public var signature: [UInt8]
    public var config: [UInt8]

    public init(sequence: UInt64, signature: [UInt8], config: [UInt8]) {
        self.sequence = sequence
        self.signature = signature
        self.config = config
    }

    /// What the key signs for a config pushed on `topic`.
    public static func signedBytes(sequence: UInt64, topic: String, config: [UInt8]) -> [UInt8] {
        Array("\(magic) \(formatVersion) \(sequence) \(topic)\n".utf8) + config
    }

    /// The payload to publish (retained) on the topic.
    public var payload: [UInt8] {
        Array("\(PushedConfigMessage.magic) \(PushedConfigMessage.formatVersion) \(sequence) \(Base64.encode(signature))\n".utf8) + config
    }

    /// The message in `payload`, or why it is none.
    public static func parse(_ payload: [UInt8]) -> Result<PushedConfigMessage, PushRefusal> {
        guard let end = payload.prefix(256).firstIndex(of: UInt8(ascii: "\n")) else {
            return .failure(PushRefusal("not a pushed config: no `\(magic) 1 SEQUENCE SIGNATURE` line at its start"))
        }
        let words = payload[..<end].split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
        guard words.count == 4, words[0] == magic else {
            return .failure(PushRefusal("not a pushed config: its first line is not `\(magic) 1 SEQUENCE SIGNATURE`"))
        }
        guard words[1] == "\(formatVersion)" else {
            return .failure(PushRefusal("a pushed config of format \(words[1]); this panel reads format \(formatVersion)"))
        }
        guard let sequence = UInt64(words[2]) else {
            return .failure(PushRefusal("a pushed config whose sequence \"\(words[2])\" is not a number"))
        }
        guard let signature = Base64.decode(words[3]), signature.count == 64 else {
            return .failure(PushRefusal("a pushed config whose signature is not 64 bytes of base64"))
        }
        let config = Array(payload[(end + 1)...])
        guard config.count <= maxConfigBytes else {
            return .failure(PushRefusal("a pushed config of \(config.count) bytes; at most \(maxConfigBytes) are taken"))
        }
        return .success(PushedConfigMessage(sequence: sequence, signature: signature, config: config))
    }
}

/// Why a pushed config changed nothing: said in the log and on `P/config`.
public struct PushRefusal: Error, Equatable, Sendable {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }
}
