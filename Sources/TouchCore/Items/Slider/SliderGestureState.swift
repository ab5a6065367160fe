/// Where a slider's touch is (rule 12). The value drawn is kept beside it in
/// `SliderGestureState`.
public enum SliderPhase: Equatable, Sendable {
    /// No finger on it, nothing sent lately: a value from outside is drawn at once.
    case idle
    /// A finger on it. `downStep` is the value it had at the down (a lost or cancelled touch
    /// restores it); `sentStep` the value the outside world was last told (the down's while
    /// nothing was sent), at `sentAt` (nil: not yet while this touch lasts).
    case held(downStep: Int32, sentStep: Int32, sentAt: MonotonicInstant?)
    /// Lifted after a send, until `until`: values from outside are not drawn, and one equal
    /// to `sentStep` (the echo of the send) ends the wait.
    case settling(sentStep: Int32, until: MonotonicInstant)
}

/// One slider's state: its phase and the step it shows.
public struct SliderGestureState: Equatable, Sendable {
    public var phase: SliderPhase
    public var shownStep: Int32

    public init(phase: SliderPhase = .idle, shownStep: Int32) {
        self.phase = phase
        self.shownStep = shownStep
    }
}

/// What a slider's state machine takes.
public enum SliderInput: Equatable, Sendable {
    case down(at: Point)
    case move(to: Point)
    case up(at: Point)
    /// The touch ended without a lift: lost, cancelled, a page change, a reload.
    case cancel
    /// `SliderMachine.nextDeadline` has passed.
    case deadline
    /// A value from outside (the control socket, MQTT), as a step.
    case outside(step: Int32)
}

/// What happened to a slider, as its event lines name it.
public enum SliderEventKind: Equatable, Sendable {
    case pressed
    case released
    case cancelled
    /// The value drawn changed (the engine repaints it).
    case shown(step: Int32)
    /// The value to send: `on_change` runs, a `value` event line is written.
    case sent(step: Int32)

    /// The `event` field of the JSON event line (`shown` writes none).
    public var name: StaticString {
        switch self {
        case .pressed: "pressed"
        case .released: "released"
        case .cancelled: "cancelled"
        case .shown: "shown"
        case .sent: "value"
        }
    }
}

/// One slider event: the slider (by index in its layout), what happened, and the logical instant.
public struct SliderEvent: Equatable, Sendable {
    public var at: MonotonicInstant
    public var slider: Int
    public var kind: SliderEventKind

    public init(at: MonotonicInstant, slider: Int, kind: SliderEventKind) {
        self.at = at
        self.slider = slider
        self.kind = kind
    }
}

/// One step of one slider's state machine, for `--debug-gestures`.
public struct SliderTransition: Equatable, Sendable {
    public var at: MonotonicInstant
    public var slider: Int
    public var from: SliderGestureState
    public var input: SliderInput
    public var to: SliderGestureState

    public init(at: MonotonicInstant, slider: Int, from: SliderGestureState, input: SliderInput, to: SliderGestureState) {
        self.at = at
        self.slider = slider
        self.from = from
        self.input = input
        self.to = to
    }
}
