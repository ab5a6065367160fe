import PanelConfig
import TouchCore

/// `[presence]` in the engine: whether someone is there, and for a GPIO line the debounce its
/// edges go through. A topic's or an entity's reports count as they come: whoever sends
/// them has settled them.
struct PresenceSensor {
    /// Nil for a topic or an entity.
    private(set) var debounce: PresenceDebounce?
    /// Someone is there, as last settled or reported. Nobody until the sensor says so.
    private(set) var present = false

    init(config: PresenceConfig, startedAt: MonotonicInstant) {
        if let debounceMs = config.debounceMs {
            debounce = PresenceDebounce(debounce: .milliseconds(Int64(debounceMs)), level: false, at: startedAt)
        }
    }

    /// When the line's level settles into a change.
    var deadline: MonotonicInstant? { debounce?.deadline }

    /// An edge of the line at `at` (active: someone there); the change that settled at or
    /// before it, with its instant.
    mutating func edge(_ active: Bool, at: MonotonicInstant) -> (present: Bool, at: MonotonicInstant)? {
        guard var line = debounce else { return nil }
        let settled = line.edge(active, at: at)
        debounce = line
        if let settled { present = settled.present }
        return settled
    }

    /// The line's change that settles at or before `now`, with its instant.
    mutating func advance(to now: MonotonicInstant) -> (present: Bool, at: MonotonicInstant)? {
        guard var line = debounce else { return nil }
        let settled = line.advance(to: now)
        debounce = line
        if let settled { present = settled.present }
        return settled
    }

    /// A report from a topic or an entity; true when it changed what the panel knows.
    mutating func report(_ someoneThere: Bool) -> Bool {
        guard debounce == nil, someoneThere != present else { return false }
        present = someoneThere
        return true
    }

    /// A topic's payload, or the value at `field` of its JSON: ON/OFF, on/off, true/false,
    /// 1/0 (a JSON boolean or number too); nil for anything else.
    static func reading(_ payload: [UInt8], field: [String]?) -> Bool? {
        let text: String
        if let field {
            switch JSONField.value(at: field, in: payload) {
            case .success(.text(let value)): text = value
            case .success(.number(let value)): text = value
            case .success(.boolean(let value)): return value
            case .success(.null), .failure: return nil
            }
        } else {
            text = String(decoding: payload, as: UTF8.self)
        }
        switch text {
        case "ON", "on", "true", "1": return true
        case "OFF", "off", "false", "0": return false
        default: return nil
        }
    }
}
