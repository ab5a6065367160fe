/// What Home Assistant last said of one entity: its state and the attributes items read, all
/// as text (a number as Home Assistant wrote it).
public struct EntityState: Equatable, Sendable {
    public var state: String
    public var attributes: [String: String]

    public init(state: String, attributes: [String: String] = [:]) {
        self.state = state
        self.attributes = attributes
    }

    /// Whether the state says nothing about the device: Home Assistant cannot reach it
    /// (`unavailable`) or has not heard from it yet (`unknown`).
    public var isKnown: Bool {
        state != "unavailable" && state != "unknown"
    }

    /// `friendly_name`, the entity's name in Home Assistant's own UI.
    public var friendlyName: String? { attributes["friendly_name"] }

    /// Applies one message's update of this entity (`added` replaces it whole).
    public mutating func apply(_ update: EntityUpdate) {
        switch update.change {
        case .added:
            state = update.state ?? state
            attributes = [:]
            for attribute in update.attributes { attributes[attribute.name] = attribute.text }
        case .changed:
            if let new = update.state { state = new }
            for attribute in update.attributes { attributes[attribute.name] = attribute.text }
            for name in update.removedAttributes { attributes[name] = nil }
        case .removed:
            break
        }
    }
}
