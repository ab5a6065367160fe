import LinuxSystem
import PanelDrivers
import PanelEngine
import TouchCore

/// The control socket's turn, after the touch path's: new clients, a bounded share of their
/// command lines, and replies to clients that can take them. Commands act at the time
/// `readClock` gives. Clients are real: their idle time-outs run on the real clock
/// (`realClock`), and only a loop on the real clock waits for them; lines left over from a
/// turn bring the next turn at once, on either clock.
final class ControlTurn: LoopParticipant {
    let server: ControlServer
    let engine: PanelEngine
    private let readClock: () -> MonotonicInstant
    private let realClock: () -> MonotonicInstant
    private let waitsForDeadlines: Bool
    private var lastTurnAt: MonotonicInstant?

    init(
        _ server: ControlServer, engine: PanelEngine, readClock: @escaping () -> MonotonicInstant,
        realClock: @escaping () -> MonotonicInstant = { MonotonicClock.now() }, waitsForDeadlines: Bool = true
    ) {
        self.server = server
        self.engine = engine
        self.readClock = readClock
        self.realClock = realClock
        self.waitsForDeadlines = waitsForDeadlines
    }

    var pollInterests: [PollInterest] { server.pollInterests }

    var nextDeadline: MonotonicInstant? {
        if server.hasPendingCommands, let lastTurnAt { return lastTurnAt }
        return waitsForDeadlines ? server.nextDeadline : nil
    }

    func turn(_ events: ArraySlice<PollEvents>, now: MonotonicInstant) {
        lastTurnAt = now
        let woken = events.contains(where: { !$0.isEmpty })
        let due = server.nextDeadline.map { $0 <= realClock() } ?? false
        guard woken || due || server.hasPendingCommands else { return }
        server.service(Array(events), now: realClock()) { command in engine.control(command, now: readClock()) }
    }
}
