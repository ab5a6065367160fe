import LinuxSystem
import TouchCore

/// What the panel knows of a bound button's device (`state_topic`), as one machine with one
/// transition function. It decides the button's look only: a reported state never runs an
/// action (DESIGN.md rule 13), so an echo cannot loop.
public enum BoundState: Equatable, Sendable {
    /// Nothing reported since the start, or nothing known since (`notKnown`).
    case unknown
    /// The device's last report.
    case reported(on: Bool)
    /// Tapped at some instant: the tap's actions ran and the panel waits until `until` for the
    /// device to report; `last` is what it reported before (nil: unknown).
    case pending(until: MonotonicInstant, last: Bool?)

    public enum Input: Equatable, Sendable {
        /// The device reported on or off.
        case reported(on: Bool)
        /// A gesture ran one of the button's actions at `at`; the look waits `pendingFor`.
        case tapped(at: MonotonicInstant, pendingFor: MonotonicDuration)
        /// The clock reached `now`.
        case due(now: MonotonicInstant)
        /// Nothing the panel knows is current: the link that reports the state (the broker, Home
        /// Assistant) went away, or the entity is unavailable, unknown or gone.
        case notKnown
    }

    public enum Effect: Equatable, Sendable {
        case none
        /// The device did not answer the tap in time; the last report shows again.
        case gaveUp
    }

    public static func next(_ state: BoundState, _ input: Input) -> (BoundState, Effect) {
        switch (state, input) {
        case (_, .reported(let on)):
            return (.reported(on: on), .none)
        case (_, .notKnown):
            return (.unknown, .none)
        case (.unknown, .tapped(let at, let wait)):
            return (.pending(until: at + wait, last: nil), .none)
        case (.reported(let on), .tapped(let at, let wait)):
            return (.pending(until: at + wait, last: on), .none)
        case (.pending(_, let last), .tapped(let at, let wait)):
            return (.pending(until: at + wait, last: last), .none)
        case (.pending(let until, let last), .due(let now)):
            guard until <= now else { return (state, .none) }
            return (last.map { .reported(on: $0) } ?? .unknown, .gaveUp)
        case (.unknown, .due), (.reported, .due):
            return (state, .none)
        }
    }

    /// When the machine needs `.due`: a pending look's end.
    public var deadline: MonotonicInstant? {
        if case .pending(let until, _) = self { return until }
        return nil
    }

    /// Whether the device's state is known to be on (for `$VALUE`, the look, `ctl state`).
    public var reportedOn: Bool? {
        switch self {
        case .unknown: nil
        case .reported(let on): on
        case .pending(_, let last): last
        }
    }
}
