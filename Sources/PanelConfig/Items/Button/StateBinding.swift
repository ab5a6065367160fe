import TouchCore

/// A button bound to a device's state (`state_topic`, or a Home Assistant `entity`): it draws what the device reports, not
/// what a tap hoped for (DESIGN.md rule 13). A reported state never runs an action.
public struct StateBinding: Equatable, Sendable {
    /// Where the device's state comes from.
    public var source: StateSource
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

    public init(source: StateSource, on: String, off: String, pending: MonotonicDuration = .milliseconds(Int64(StateBinding.defaultPendingMs))) {
        self.source = source
        self.on = on
        self.off = off
        self.pending = pending
    }

    /// A binding to an MQTT topic (`state_topic`).
    public init(topic: String, field: [String]? = nil, on: String = StateBinding.defaultOn, off: String = StateBinding.defaultOff,
                pending: MonotonicDuration = .milliseconds(Int64(StateBinding.defaultPendingMs))) {
        self.init(source: .topic(topic, field: field), on: on, off: off, pending: pending)
    }

    /// The MQTT topic, for a binding to one.
    public var topic: String? {
        if case .topic(let topic, _) = source { return topic }
        return nil
    }

    /// `state_field`: the dotted path to the value in a JSON payload; nil: the whole payload.
    public var field: [String]? {
        if case .topic(_, let field) = source { return field }
        return nil
    }

    /// The Home Assistant entity, for a binding to one.
    public var entity: EntityID? {
        if case .entity(let id) = source { return id }
        return nil
    }

    /// The field as written: `update.state`.
    public var fieldText: String? { field?.joined(separator: ".") }

    /// What an entity of `domain` reports for on and off: a cover is `open` or `closed`, a
    /// lock `locked` or `unlocked`, everything else that switches (lights, switches, fans,
    /// input booleans, automations) `on` or `off`.
    public static func entityStates(domain: String) -> (on: String, off: String) {
        switch domain {
        case "cover", "valve": ("open", "closed")
        case "lock": ("locked", "unlocked")
        default: ("on", "off")
        }
    }
}

/// Where a bound button's state comes from.
public enum StateSource: Equatable, Sendable {
    /// `state_topic`, with `state_field`'s path into a JSON payload (nil: the whole payload).
    case topic(String, field: [String]?)
    /// `entity`: a Home Assistant entity's state.
    case entity(EntityID)
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

extension StateBinding {
    /// Where the state comes from, for log lines: the topic, or `entity light.hall`.
    public var sourceText: String {
        switch source {
        case .topic(let topic, _): topic
        case .entity(let id): "entity \(id)"
        }
    }
}
