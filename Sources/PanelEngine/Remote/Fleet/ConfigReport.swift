import LinuxSystem

/// What a fleet panel says on `P/config` (retained): the config it runs, where it came from
/// and since when, and how the last pushed config went. `touchpanel fleet push` waits on
/// `push`; `touchpanel fleet status` tells drift from `hash`.
public struct ConfigReport: Equatable, Sendable {
    public enum Source: String, Sendable {
        case local
        case pushed
    }

    /// How the last pushed config went.
    public struct Push: Equatable, Sendable {
        public enum Result: String, Sendable {
            case applied
            case refused
        }

        public var topic: String
        public var sequence: UInt64
        /// SHA-256 of the pushed config's bytes, hex.
        public var hash: String
        public var result: Result
        /// Why it was refused, with file:line where a line is at fault; empty when applied.
        public var error: String
        /// When, as UTC text.
        public var at: String

        public init(topic: String, sequence: UInt64, hash: String, result: Result, error: String = "", at: String) {
            self.topic = topic
            self.sequence = sequence
            self.hash = hash
            self.result = result
            self.error = error
            self.at = at
        }
    }

    /// SHA-256 of the running config's bytes, hex.
    public var hash: String
    public var source: Source
    /// The running pushed config's sequence; 0 for a local one.
    public var sequence: UInt64
    /// The topic the running pushed config came from; empty for a local one.
    public var topic: String
    /// When the running config started, as UTC text.
    public var since: String
    public var groups: [String]
    public var version: String
    public var push: Push?

    public init(hash: String, source: Source, sequence: UInt64 = 0, topic: String = "", since: String, groups: [String], version: String, push: Push? = nil) {
        self.hash = hash
        self.source = source
        self.sequence = sequence
        self.topic = topic
        self.since = since
        self.groups = groups
        self.version = version
        self.push = push
    }

    /// The retained payload: one JSON object, keys in this order.
    public var json: String {
        var text = "{\"hash\":\(JSONText.quoted(hash)),\"source\":\"\(source.rawValue)\",\"sequence\":\(sequence),\"topic\":\(JSONText.quoted(topic))"
        text += ",\"since\":\(JSONText.quoted(since)),\"groups\":[\(groups.map(JSONText.quoted).joined(separator: ","))]"
        text += ",\"version\":\(JSONText.quoted(version)),\"push\":"
        if let push {
            text += "{\"topic\":\(JSONText.quoted(push.topic)),\"sequence\":\(push.sequence),\"hash\":\(JSONText.quoted(push.hash))"
            text += ",\"result\":\"\(push.result.rawValue)\",\"error\":\(JSONText.quoted(push.error)),\"at\":\(JSONText.quoted(push.at))}"
        } else {
            text += "null"
        }
        return text + "}"
    }
}
