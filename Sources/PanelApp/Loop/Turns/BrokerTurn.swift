import LinuxSystem
import PanelEngine
import TouchCore

/// The broker link's turn, after the touch path's and the control socket's: the socket's I/O,
/// the link's deadline (connect, keep-alive, back-off), then what the engine's turn gave. The
/// link always runs on the real clock; on a virtual clock its deadlines are not waited for
/// (the socket is still polled at every turn).
final class BrokerTurn: LoopParticipant {
    let bridge: MQTTBridge
    let engine: PanelEngine
    private let waitsForDeadlines: Bool

    init(_ bridge: MQTTBridge, engine: PanelEngine, waitsForDeadlines: Bool = true) {
        self.bridge = bridge
        self.engine = engine
        self.waitsForDeadlines = waitsForDeadlines
    }

    var pollInterests: [PollInterest] { bridge.pollInterest.map { [$0] } ?? [] }

    var nextDeadline: MonotonicInstant? { waitsForDeadlines ? bridge.nextDeadline : nil }

    func turn(_ events: ArraySlice<PollEvents>, now: MonotonicInstant) {
        // On the real clock the turn's instant is the link's; a virtual one is not.
        bridge.turn(revents: events.first ?? [], engine: engine, now: waitsForDeadlines ? now : MonotonicClock.now())
    }
}
