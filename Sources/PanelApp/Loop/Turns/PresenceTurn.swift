import LinuxSystem
import PanelDrivers
import PanelEngine
import TouchCore

/// `[presence] line`'s turn: its edge events' descriptor in the loop's one wait; each edge goes
/// to the engine at the kernel's stamp, where the debounce and the wake happen. Reading it
/// never waits (the descriptor is non-blocking). A line that cannot be read is logged a few
/// lines a minute and the panel goes on without presence.
final class PresenceTurn: LoopParticipant {
    let line: GpiodPresenceLine
    let engine: PanelEngine
    private let log: PanelLog
    private var failureLogs = LogRateLimiter()

    init(_ line: GpiodPresenceLine, engine: PanelEngine, log: PanelLog) {
        self.line = line
        self.engine = engine
        self.log = log
    }

    var pollInterests: [PollInterest] { [PollInterest(descriptor: line.pollDescriptor, events: .readable)] }

    var nextDeadline: MonotonicInstant? { failureLogs.nextDeadline }

    func turn(_ events: ArraySlice<PollEvents>, now: MonotonicInstant) {
        for text in failureLogs.expire(at: now) { log.warning(text) }
        guard let ready = events.first, ready.contains(.readable) || ready.failed else { return }
        do throws(GPIOError) {
            // A stamp is never later than the loop's now: the edge came before the wake-up.
            for edge in try line.readEdges() { engine.presenceEdge(edge.active, at: min(edge.at, now)) }
        } catch {
            if failureLogs.admit("presence: \(line.description)", at: now) { log.error("presence: \(error.message)") }
        }
    }
}
