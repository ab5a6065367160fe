import LinuxSystem
import PanelConfig
import TouchCore

/// `[feedback]` in the engine: which items' presses play it, and the pulse on its output.
/// The engine starts a pulse on the report's turn, before the events' lines, actions and
/// the network (rule 15), and ends it from its deadlines (`nextDeadline`): never a sleep.
/// A pulse belongs to a `pressed` event: a touch that gets none (the waking touch swallowed,
/// one on no item, on a disabled item, refused by an interlock, a press cancelled before it was
/// accepted) plays nothing; a press that ends `cancelled` later keeps the pulse of its down.
public final class TouchFeedback {
    private let output: FeedbackOutput
    private let length: MonotonicDuration
    /// Whether each button's and each slider's (dials' too) press plays it.
    private let buttons: [Bool]
    private let sliders: [Bool]
    private let name: String
    private let log: PanelLog
    public private(set) var pulse = FeedbackPulse.quiet
    /// `--debug feedback`: every transition logged.
    public var transitions: TransitionLog?
    /// A failing output is logged once, until it works again.
    private var failing = false

    /// Nil for a config without `[feedback]`.
    public init?(config: PanelConfiguration, output: FeedbackOutput, log: PanelLog) {
        guard let feedback = config.feedback else { return nil }
        self.output = output
        length = .milliseconds(Int64(feedback.pulseMs))
        buttons = config.buttons.map { $0.feedback }
        sliders = config.sliders.map { $0.feedback }
        name = feedback.deviceName
        self.log = log
    }

    /// When the pulse under way ends.
    public var nextDeadline: MonotonicInstant? { pulse.endsAt }

    /// The first `pressed` among one pipeline call's events whose item plays feedback.
    func firstPress(in events: EventCollector) -> MonotonicInstant? {
        for index in 0..<events.count {
            let event = events[index]
            if case .pressed = event.kind, buttons[event.button] { return event.at }
        }
        return events.firstSliderPress { sliders[$0] }
    }

    func pressed(at instant: MonotonicInstant) {
        step(.pressed(at: instant, length: length), at: instant)
    }

    func tick(now: MonotonicInstant) {
        guard let end = pulse.endsAt, end <= now else { return }
        step(.due(now: now), at: now)
    }

    /// Stop or reload at `now`: a pulse under way ends.
    func stop(at now: MonotonicInstant) {
        step(.stop, at: now)
    }

    private func step(_ input: FeedbackPulse.Input, at instant: MonotonicInstant) {
        let (state, effect) = FeedbackPulse.next(pulse, input)
        if let transitions, transitions.wants(.feedback) {
            let origin = transitions.origin
            transitions.record(
                .feedback, at: instant, of: name, from: TouchFeedback.text(pulse, origin: origin), input: TouchFeedback.text(input),
                to: TouchFeedback.text(state, origin: origin))
        }
        pulse = state
        let problem: String?
        switch effect {
        case .none: return
        case .turnOn: problem = output.set(true, at: instant)
        case .turnOff: problem = output.set(false, at: instant)
        }
        if let problem {
            if !failing { log.error("[feedback] \(name): \(problem)") }
            failing = true
        } else {
            failing = false
        }
    }

    /// `quiet`, `on(until 1015 ms)` (since the panel's start).
    static func text(_ pulse: FeedbackPulse, origin: MonotonicInstant) -> String {
        switch pulse {
        case .quiet: "quiet"
        case .on(let until): "on(until \((until - origin).nanoseconds / 1_000_000) ms)"
        }
    }

    static func text(_ input: FeedbackPulse.Input) -> String {
        switch input {
        case .pressed: "pressed"
        case .due: "due"
        case .stop: "stop"
        }
    }
}
