import TouchCore

/// A button bound to a device's state (`state_topic`): it draws what the device reports, not
/// what a tap hoped for (DESIGN.md rule 13). A reported state never runs an action.
public struct StateBinding: Equatable, Sendable {
    /// Subscribed on the panel's broker; no wildcards.
    public var topic: String
    /// `state_field`: the dotted path to the value in a JSON payload; nil: the whole payload.
    public var field: [String]?
    /// The values that mean on and off (`state_on`, `state_off`); anything else is ignored
    /// with a log line.
    public var on: String
    public var off: String
    /// How long a tap's pending look waits for the device before the last reported state
    /// comes back.
    public var pending: MonotonicDuration

    public static let defaultOn = "ON"
    public static let defaultOff = "OFF"
    public static let defaultPendingMs = 2000
    public static let pendingMsRange = 100...60_000

    public init(topic: String, field: [String]? = nil, on: String = StateBinding.defaultOn, off: String = StateBinding.defaultOff,
                pending: MonotonicDuration = .milliseconds(Int64(StateBinding.defaultPendingMs))) {
        self.topic = topic
        self.field = field
        self.on = on
        self.off = off
        self.pending = pending
    }

    /// The field as written: `update.state`.
    public var fieldText: String? { field?.joined(separator: ".") }
}

/// A dotted path into a JSON payload, as `state_field` and a text item's `field` write it.
public enum JSONPath {
    /// `update.state` as its parts; nil for an empty part (`a..b`, a leading dot) or a part
    /// over 64 bytes.
    public static func parse(_ text: String) -> [String]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { String($0) }
        for part in parts where part.isEmpty || part.utf8.count > 64 { return nil }
        return parts
    }
}
