import LinuxSystem
import PanelEngine
import TouchCore

/// The Home Assistant link's turn, after the touch path's, the control socket's and the
/// broker's: the connection's I/O, its deadline (connect, login, ping, back-off), the entities'
/// new states into the engine. The link always runs on the real clock; on a virtual clock its
/// deadlines are not waited for (its descriptors are still polled at every turn).
final class HomeAssistantTurn: LoopParticipant {
    let bridge: HomeAssistantBridge
    let engine: PanelEngine
    private let waitsForDeadlines: Bool

    init(_ bridge: HomeAssistantBridge, engine: PanelEngine, waitsForDeadlines: Bool = true) {
        self.bridge = bridge
        self.engine = engine
        self.waitsForDeadlines = waitsForDeadlines
    }

    var pollInterests: [PollInterest] { bridge.pollInterests }

    var nextDeadline: MonotonicInstant? { waitsForDeadlines ? bridge.nextDeadline : nil }

    func turn(_ events: ArraySlice<PollEvents>, now: MonotonicInstant) {
        bridge.turn(events, engine: engine, now: waitsForDeadlines ? now : MonotonicClock.now())
    }
}
