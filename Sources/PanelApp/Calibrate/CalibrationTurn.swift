import LinuxSystem
import PanelEngine
import TouchCore

/// The touch source's turn while calibrating: what it reads goes to the calibration session,
/// not to an engine.
final class CalibrationTurn: LoopParticipant {
    let source: TouchSource
    let session: CalibrationSession

    init(_ source: TouchSource, session: CalibrationSession) {
        self.source = source
        self.session = session
    }

    var pollInterests: [PollInterest] { TouchTurn.interests(of: source) }

    var nextDeadline: MonotonicInstant? { source.nextWakeup }

    func turn(_ events: ArraySlice<PollEvents>, now: MonotonicInstant) {
        source.service(now: now, readiness: TouchTurn.readiness(events.first ?? []), into: session)
    }
}
