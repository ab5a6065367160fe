import LinuxSystem
import PanelEngine
import TouchCore

/// An I2C touch source's life as one state machine: reading reports, waiting for a GT911's
/// ready bit, holding the chip in reset for the watchdog, probing a chip that failed. Every
/// transition is in `next`, so `I2CTouchSource` only does what the effect says, and the rules
/// are tested with virtual time. Any change here must be represented in this diagram:
///
///                      edge, due (poll): read
///                           +-----+
///                           |     v
///          start -------> reading ---- not_ready, before readyTimeout ---> awaiting_ready
///                         ^ |   |  <------------- edge, due: read -------------+
///                         | |   |
///                         | |   +----- tripped, a reset line: hold it ------> held_in_reset
///                         | |                                                     |
///                         | |  read_failed,                  due: release it,     |
///                         | +- tripped, no reset line --+    reset_failed         |
///                         |                             v                         |
///                         +-------- answered ------- probing <--------------------+
///                                                     |  ^
///                                                     +--+ due: probe; silent: back off
///
/// An input not drawn leaves the state as it is (an edge while the chip is down is drained
/// and dropped).
public enum I2CSourceState: Equatable, Sendable {
    /// The chip answers: a report is read at each INT edge, or polled at `nextPollAt` (nil:
    /// an INT line is wired).
    case reading(nextPollAt: MonotonicInstant?)
    /// The report of `edge` was not ready yet: it is read again at `retryAt`.
    case awaitingReady(edge: MonotonicInstant, retryAt: MonotonicInstant)
    /// The watchdog holds the chip in reset until `releaseAt`; it is first asked at `probeAt`.
    case heldInReset(releaseAt: MonotonicInstant, probeAt: MonotonicInstant)
    /// The chip is down: it is asked again at `probeAt`. `backoff`: the last wait, doubled
    /// each time the chip does not answer.
    case probing(probeAt: MonotonicInstant, backoff: MonotonicDuration)

    public enum Input: Equatable, Sendable {
        /// An INT edge, at its kernel timestamp.
        case edge(MonotonicInstant)
        /// The state's deadline came.
        case due
        /// The report read for `edge` had no ready bit.
        case notReady(edge: MonotonicInstant)
        case readFailed
        /// The watchdog found the chip gone wrong.
        case tripped
        /// The reset line could not be pulled low.
        case resetFailed
        /// A probe's outcome.
        case answered
        case silent
    }

    public enum Effect: Equatable, Sendable {
        case none
        /// Read one report measured at `measuredAt`; `polled`: no edge announced it.
        case read(measuredAt: MonotonicInstant, polled: Bool)
        case holdReset
        case releaseReset
        /// Ask the chip who it is (on a freshly opened bus device, if the source reopens).
        case probe
    }

    /// When to ask a failed chip again: soon at first, then less often, so a panel whose cable
    /// fell out neither spins nor waits minutes once it is plugged back in.
    public static let firstRetry = MonotonicDuration.milliseconds(100)
    public static let longestRetry = MonotonicDuration.milliseconds(5_000)

    /// When the source must run even if its descriptor stays quiet.
    public var deadline: MonotonicInstant? {
        switch self {
        case .reading(let nextPollAt): nextPollAt
        case .awaitingReady(_, let retryAt): retryAt
        case .heldInReset(let releaseAt, _): releaseAt
        case .probing(let probeAt, _): probeAt
        }
    }

    /// False while the chip is down: in reset, or probed.
    public var isHealthy: Bool {
        switch self {
        case .reading, .awaitingReady: true
        case .heldInReset, .probing: false
        }
    }

    /// The one transition function. `model` gives the chip's timings; `pollInterval` is nil
    /// where an INT line is wired; `resets`: the watchdog has a reset line to pull.
    public static func next(
        _ state: I2CSourceState, _ input: Input, now: MonotonicInstant, model: ControllerModel,
        pollInterval: MonotonicDuration?, resets: Bool
    ) -> (I2CSourceState, Effect) {
        switch (state, input) {
        case (.reading, .edge(let edge)):
            return (state, .read(measuredAt: edge, polled: false))
        case (.awaitingReady, .edge(let edge)):
            // A new report supersedes the one not ready (edges come only where nothing is polled).
            return (.reading(nextPollAt: nil), .read(measuredAt: edge, polled: false))
        case (.heldInReset, .edge), (.probing, .edge):
            return (state, .none)

        case (.reading(let pollAt), .due):
            guard let pollAt, let pollInterval, pollAt <= now else { return (state, .none) }
            // Skipped polls are not made up: one read, then the next slot after now.
            let slots = (now - pollAt).nanoseconds / pollInterval.nanoseconds + 1
            return (.reading(nextPollAt: pollAt + pollInterval * slots), .read(measuredAt: now, polled: true))
        case (.awaitingReady(let edge, let retryAt), .due):
            guard retryAt <= now else { return (state, .none) }
            return (.reading(nextPollAt: nil), .read(measuredAt: edge, polled: false))
        case (.heldInReset(let releaseAt, let probeAt), .due):
            guard releaseAt <= now else { return (state, .none) }
            return (.probing(probeAt: probeAt, backoff: firstRetry), .releaseReset)
        case (.probing(let probeAt, _), .due):
            return (state, probeAt <= now ? .probe : .none)

        case (.reading, .notReady(let edge)):
            guard now < edge + model.readyTimeout else { return (state, .none) }
            return (.awaitingReady(edge: edge, retryAt: now + model.readyRetry), .none)
        case (.reading, .tripped) where resets:
            let releaseAt = now + model.watchdogResetHold
            return (.heldInReset(releaseAt: releaseAt, probeAt: releaseAt + model.resetSettle), .holdReset)
        case (.reading, .readFailed), (.reading, .tripped), (.heldInReset, .resetFailed):
            return (.probing(probeAt: now + firstRetry, backoff: firstRetry), .none)
        case (.probing, .answered):
            return (.reading(nextPollAt: pollInterval == nil ? nil : now), .none)
        case (.probing(_, let backoff), .silent):
            let longer = min(backoff + backoff, longestRetry)
            return (.probing(probeAt: now + longer, backoff: longer), .none)

        // A read's outcome comes in `reading` (a read leaves every other state first), the
        // reset's in `heldInReset`, a probe's in `probing`: these cannot happen.
        case (.awaitingReady, .notReady), (.heldInReset, .notReady), (.probing, .notReady),
             (.awaitingReady, .readFailed), (.heldInReset, .readFailed), (.probing, .readFailed),
             (.awaitingReady, .tripped), (.heldInReset, .tripped), (.probing, .tripped),
             (.reading, .resetFailed), (.awaitingReady, .resetFailed), (.probing, .resetFailed),
             (.reading, .answered), (.awaitingReady, .answered), (.heldInReset, .answered),
             (.reading, .silent), (.awaitingReady, .silent), (.heldInReset, .silent):
            return (state, .none)
        }
    }
}

extension TransitionText {
    /// An I2C source's states and inputs in `--debug source` lines, instants in ms since `origin`.
    public static func source(_ state: I2CSourceState, origin: MonotonicInstant) -> String {
        switch state {
        case .reading(let pollAt): pollAt.map { timed("reading(poll at ", $0, origin: origin) } ?? "reading"
        case .awaitingReady(_, let retryAt): timed("awaiting_ready(retry at ", retryAt, origin: origin)
        case .heldInReset(let releaseAt, _): timed("held_in_reset(release at ", releaseAt, origin: origin)
        case .probing(let probeAt, _): timed("probing(probe at ", probeAt, origin: origin)
        }
    }

    public static func source(_ input: I2CSourceState.Input, origin: MonotonicInstant) -> String {
        switch input {
        case .edge(let edge): timed("edge(", edge, origin: origin)
        case .due: "due"
        case .notReady(let edge): timed("not_ready(edge ", edge, origin: origin)
        case .readFailed: "read_failed"
        case .tripped: "tripped"
        case .resetFailed: "reset_failed"
        case .answered: "answered"
        case .silent: "silent"
        }
    }
}
