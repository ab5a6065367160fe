import LinuxSystem
import PanelConfig
import TouchCore

/// State from Home Assistant's entities: each changes looks and labels only (DESIGN.md rule
/// 13), drawn in the turn's outside-changes pass after the touch path, as a bound topic's are.
extension PanelEngine {
    /// The entities the items are bound to, each once, in item order: what the Home
    /// Assistant link subscribes to.
    public var boundEntities: [EntityID] {
        bindings.entities
    }

    /// Home Assistant's state of `entity` at `now`; nil when it does not exist (removed, or
    /// never there). An unavailable, unknown or missing entity shows unknown; a state that
    /// is neither on nor off is logged (a few lines a minute) and changes nothing. Its own
    /// function in every build: scripts/bench.sh counts its instructions.
    @inline(never)
    public func entityReported(_ entity: EntityID, _ state: EntityState?, now: MonotonicInstant) {
        let bound = bindings.buttons(showing: entity)
        guard !bound.isEmpty else { return }
        tick(now: now)
        let at = max(now, lastInputAt)
        for index in bound {
            let button = config.buttons[index]
            guard let binding = button.binding else { continue }
            if button.labelFromEntity, let name = state?.friendlyName, !name.isEmpty, name != labels[index] {
                labelChanged(index, to: name)
            }
            guard let state, state.isKnown else {
                stepBinding(index, .notKnown, at: at)
                continue
            }
            if state.state == binding.on {
                stepBinding(index, .reported(on: true), at: at)
            } else if state.state == binding.off {
                stepBinding(index, .reported(on: false), at: at)
            } else {
                let key = "homeassistant: \(entity) for [button \(button.name)]"
                if stateLogs.admit(key, at: at) {
                    log.warning("\(key): ignored: \(BindingProblem.neither(state.state, on: binding.on, off: binding.off).message)")
                }
            }
        }
    }

    /// The Home Assistant link left online: nothing any entity said is current, so every item
    /// bound to one shows unknown until its entity reports again.
    public func homeAssistantAway(now: MonotonicInstant) {
        let at = max(now, lastInputAt)
        for index in config.buttons.indices where config.buttons[index].binding?.entity != nil {
            stepBinding(index, .notKnown, at: at)
        }
    }
}
