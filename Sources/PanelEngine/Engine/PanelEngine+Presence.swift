import LinuxSystem
import PanelConfig
import TouchCore

/// `[presence]`: the sensor's line edges, or a topic's or an entity's reports, made into
/// "someone is there". Presence changes the power only, never starts an action (rule 13).
extension PanelEngine {
    /// Whether `[presence]` has someone there now (false without it).
    public var isPresent: Bool { presence?.present ?? false }

    /// An edge of the presence line at `instant` (the kernel's stamp, or a trace line's
    /// time); `active`: the level that means someone is there (`active_low` already applied).
    /// It counts once it has held `debounce_ms`.
    public func presenceEdge(_ active: Bool, at instant: MonotonicInstant) {
        guard presence?.debounce != nil else { return }
        // `touchpanel record`: the edge as the simulated board's trace line.
        recorder?.record(active ? "presence 1" : "presence 0", at: max(instant, lastInputAt))
        tick(now: instant)
        if let settled = presence?.edge(active, at: max(instant, lastInputAt)) {
            presenceChanged(settled.present, at: settled.at)
        }
        // Without a debounce the edge itself settles now.
        settlePresence(at: max(instant, lastInputAt))
    }

    /// The line's change that settled by `now`, at its own instant.
    func settlePresence(at now: MonotonicInstant) {
        guard let settled = presence?.advance(to: now) else { return }
        presenceChanged(settled.present, at: settled.at)
    }

    /// Whether `topic` is `[presence] topic`.
    func presenceListens(to topic: String) -> Bool {
        if case .topic(let bound, _) = config.presence?.source { return bound == topic }
        return false
    }

    /// A message on `[presence] topic`; one that says neither present nor absent is logged (a
    /// few lines a minute) and changes nothing.
    func presenceReceived(topic: String, payload: [UInt8], at now: MonotonicInstant) {
        guard let config = config.presence, case .topic(let bound, let field) = config.source, bound == topic else { return }
        guard let present = PresenceSensor.reading(payload, field: field) else {
            if stateLogs.admit("mqtt: \(topic) for [presence]", at: now) {
                log.warning("mqtt: \(topic) for [presence]: ignored: \(PanelEngine.presenceGrammar)")
            }
            return
        }
        if presence?.report(present) == true { presenceChanged(present, at: now) }
    }

    /// Home Assistant's state of `[presence] entity`: `on` is someone there, `off` nobody;
    /// unknown, unavailable or removed changes nothing.
    func presenceEntityReported(_ entity: EntityID, _ state: EntityState?, at now: MonotonicInstant) {
        guard let config = config.presence, case .entity(let bound) = config.source, bound == entity,
              let state, state.isKnown else { return }
        guard let present = PresenceSensor.reading(Array(state.state.utf8), field: nil) else {
            if stateLogs.admit("homeassistant: \(entity) for [presence]", at: now) {
                log.warning("homeassistant: \(entity) for [presence]: ignored: \(PanelEngine.presenceGrammar)")
            }
            return
        }
        if presence?.report(present) == true { presenceChanged(present, at: now) }
    }

    static let presenceGrammar = "presence takes ON/OFF, on/off, true/false or 1/0"
}
