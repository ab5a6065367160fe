import LinuxSystem
import TouchCore

/// The display's turn, before the touch path's: on DRM/KMS a completed page flip (so a frame
/// that waited for it is painted in this turn), and while there is no display, the look for
/// one every `LiveSession.displayRetry`.
final class DisplayTurn: LoopParticipant {
    let session: LiveSession

    init(_ session: LiveSession) {
        self.session = session
    }

    var pollInterests: [PollInterest] { session.displayPollInterest.map { [$0] } ?? [] }

    var nextDeadline: MonotonicInstant? { session.displayRetryAt }

    func turn(_ events: ArraySlice<PollEvents>, now: MonotonicInstant) {
        if let first = events.first, !first.isEmpty { session.displayReadable() }
        if let retryAt = session.displayRetryAt, retryAt <= now { session.retryDisplay(now: now) }
    }
}
