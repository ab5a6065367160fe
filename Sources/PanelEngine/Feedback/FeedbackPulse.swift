import TouchCore

/// The pulse of `[feedback]` (DESIGN.md rule 15): quiet, or on until an instant. A press
/// while it is on extends it to a full pulse from that press (the line stays on: a buzzer
/// cannot show a restart, and a second edge would cost a transaction on the touch path).
public enum FeedbackPulse: Equatable, Sendable {
    case quiet
    case on(until: MonotonicInstant)

    public enum Input: Equatable, Sendable {
        /// An accepted `pressed` of an item that plays feedback, at its instant.
        case pressed(at: MonotonicInstant, length: MonotonicDuration)
        /// The engine's turn at `now`: a pulse whose end has come ends.
        case due(now: MonotonicInstant)
        /// Stop or reload: nothing stays on.
        case stop
    }

    /// What the output is told.
    public enum Effect: Equatable, Sendable {
        case none
        case turnOn
        case turnOff
    }

    /// The one transition function.
    public static func next(_ state: FeedbackPulse, _ input: Input) -> (FeedbackPulse, Effect) {
        switch (state, input) {
        case (.quiet, .pressed(let at, let length)):
            return (.on(until: at + length), .turnOn)
        case (.on(let until), .pressed(let at, let length)):
            return (.on(until: max(until, at + length)), .none)
        case (.quiet, .due):
            return (.quiet, .none)
        case (.on(let until), .due(let now)):
            return now >= until ? (.quiet, .turnOff) : (state, .none)
        case (.quiet, .stop):
            return (.quiet, .none)
        case (.on, .stop):
            return (.quiet, .turnOff)
        }
    }

    /// When the pulse ends; nil while quiet.
    public var endsAt: MonotonicInstant? {
        if case .on(let until) = self { return until }
        return nil
    }
}
