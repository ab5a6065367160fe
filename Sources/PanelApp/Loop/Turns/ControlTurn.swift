import LinuxSystem
import PanelDrivers
import PanelEngine
import TouchCore

/// The control socket's turn, after the touch path's: new clients, their command lines, and
/// replies to clients that can take them. Commands act at the time `readClock` gives.
final class ControlTurn: LoopParticipant {
    let server: ControlServer
    let engine: PanelEngine
    private let readClock: () -> MonotonicInstant

    init(_ server: ControlServer, engine: PanelEngine, readClock: @escaping () -> MonotonicInstant) {
        self.server = server
        self.engine = engine
        self.readClock = readClock
    }

    var pollInterests: [PollInterest] { server.pollInterests }

    func turn(_ events: ArraySlice<PollEvents>, now: MonotonicInstant) {
        guard events.contains(where: { !$0.isEmpty }) else { return }
        server.service(Array(events)) { command in engine.control(command, now: readClock()) }
    }
}
