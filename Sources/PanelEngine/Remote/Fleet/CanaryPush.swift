/// Where `touchpanel fleet push` stands. With a canary it pushes to that one panel first and
/// goes on to the rest only once the canary says it applied the config; a canary that refuses
/// it, or says nothing in time, stops the push before any other panel has it. Then it waits for
/// every panel's answer, for at most the time-out.
///
///     waitingForCanary --canaryApplied / pushRest--> waitingForAll --allAnswered--> finished
///            |                                          |
///            +--canaryRefused, timedOut--> stopped       +--timedOut--> finished
public enum CanaryPush: Equatable, Sendable {
    case waitingForCanary
    case waitingForAll
    /// Nothing went to the other panels: the canary refused (its error) or did not answer.
    case stopped(String)
    case finished

    public enum Event: Equatable, Sendable {
        case canaryApplied
        case canaryRefused(error: String)
        /// Every panel pushed to has answered, applied or refused.
        case allAnswered
        case timedOut
    }

    /// What the push does on a step.
    public enum Action: Equatable, Sendable {
        case none
        /// Push to every panel but the canary, and wait for them all.
        case pushRest
    }

    /// Where a push starts: at its canary, or waiting for everyone pushed to at once.
    public init(hasCanary: Bool) {
        self = hasCanary ? .waitingForCanary : .waitingForAll
    }

    public mutating func step(_ event: Event) -> Action {
        switch (self, event) {
        case (.waitingForCanary, .canaryApplied):
            self = .waitingForAll
            return .pushRest
        case (.waitingForCanary, .canaryRefused(let error)):
            self = .stopped("the canary refused it: \(error)")
        case (.waitingForCanary, .timedOut):
            self = .stopped("the canary did not say it applied it in time")
        case (.waitingForAll, .allAnswered), (.waitingForAll, .timedOut):
            self = .finished
        default:
            break
        }
        return .none
    }

    public var isOver: Bool {
        switch self {
        case .stopped, .finished: true
        case .waitingForCanary, .waitingForAll: false
        }
    }
}
