import LinuxSystem
import PanelConfig
import TouchCore

/// What Home Assistant said of the entities one engine's items are bound to, kept between
/// messages (a `c` diff says only what changed), and handed to the engine as each changes.
/// Entities the items do not name are passed over unread.
public struct EntityStates {
    /// The entities wanted, in the engine's order, and by their text.
    public private(set) var wanted: [EntityID] = []
    private var wantedByText: [String: EntityID] = [:]
    private var states: [EntityID: EntityState] = [:]

    public init(wanted: [EntityID] = []) {
        want(wanted)
    }

    public mutating func want(_ entities: [EntityID]) {
        wanted = entities
        wantedByText = [:]
        for entity in entities { wantedByText[entity.description] = entity }
    }

    public subscript(entity: EntityID) -> EntityState? { states[entity] }

    public mutating func forgetAll() {
        states.removeAll()
    }

    /// One event's updates: each wanted entity's new state to `engine`; `removed` for each
    /// entity that is gone, for a log line.
    public mutating func apply(_ updates: [EntityUpdate], to engine: PanelEngine, now: MonotonicInstant, removed: (EntityID) -> Void = { _ in }) {
        for update in updates {
            guard let entity = wantedByText[update.entity] else { continue }
            switch update.change {
            case .removed:
                states[entity] = nil
                removed(entity)
                engine.entityReported(entity, nil, now: now)
            case .added, .changed:
                var state = states[entity] ?? EntityState(state: "unknown")
                state.apply(update)
                states[entity] = state
                engine.entityReported(entity, state, now: now)
            }
        }
    }
}
