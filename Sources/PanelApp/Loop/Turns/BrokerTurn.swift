import LinuxSystem
import PanelEngine
import TouchCore

/// The broker link's turn, after the touch path's and the control socket's: the socket's I/O,
/// the link's deadline (connect, keep-alive, back-off), then what the engine's turn gave, and
/// last the mirror's share of a picture of the screen (`screen`, with `mirror = yes`). The
/// link always runs on the real clock; on a virtual clock its deadlines are not waited for
/// (the socket is still polled at every turn).
final class BrokerTurn: LoopParticipant {
    let bridge: MQTTBridge
    let engine: PanelEngine
    /// What makes the screen's pictures; nil without a mirror.
    let screen: ScreenEncoder?
    private let waitsForDeadlines: Bool

    init(_ bridge: MQTTBridge, engine: PanelEngine, screen: ScreenEncoder? = nil, waitsForDeadlines: Bool = true) {
        self.bridge = bridge
        self.engine = engine
        self.screen = bridge.mirror != nil ? screen : nil
        self.waitsForDeadlines = waitsForDeadlines
    }

    var pollInterests: [PollInterest] { bridge.pollInterest.map { [$0] } ?? [] }

    var nextDeadline: MonotonicInstant? {
        guard waitsForDeadlines else { return nil }
        guard let screen else { return bridge.nextDeadline }
        return MonotonicInstant.earliest(bridge.nextDeadline, bridge.mirrorDeadline(frameNumber: screen.frameNumber))
    }

    func turn(_ events: ArraySlice<PollEvents>, now: MonotonicInstant) {
        // On the real clock the turn's instant is the link's; a virtual one is not.
        let linkNow = waitsForDeadlines ? now : MonotonicClock.now()
        bridge.turn(revents: events.first ?? [], engine: engine, now: linkNow)
        if let screen { bridge.mirrorTurn(screen, now: linkNow) }
    }
}
