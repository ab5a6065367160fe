import LinuxSystem
import PanelEngine
import TouchCore

/// The simulated board's Home Assistant: a trace's `homeassistant` lines, parsed as the
/// websocket's messages are (cJSON, the shim's flattening), their entities handed to the
/// engine as the subscription's would be. It speaks to no one: a trace carries the events
/// only, not the login.
public final class TracedEntities {
    private var states: EntityStates
    private let log: PanelLog

    public init(engine: PanelEngine, log: PanelLog) {
        states = EntityStates(wanted: engine.boundEntities)
        self.log = log
    }

    /// One line's message at `now`. Its own function in every build: scripts/bench.sh counts
    /// its instructions (a state change from the message's bytes to the engine).
    @inline(never)
    public func deliver(_ text: [UInt8], to engine: PanelEngine, now: MonotonicInstant, line: Int) {
        switch WebsocketConnection.parse(bytes: text) {
        case .message(let message) where message.kind == .event:
            states.apply(message.entities, to: engine, now: now)
        case .message:
            log.warning("trace line \(line): a homeassistant message that is no event changes nothing")
        default:
            log.warning("trace line \(line): a homeassistant message that is no JSON object changes nothing")
        }
    }
}
