/// Who a touch belongs to (rule 1), decided at its down for its whole life.
enum TouchOwner: Equatable, Sendable {
    case none
    /// Down outside every button, on a disabled one, or on one already held.
    case ignored
    case button(Int)
}

/// The inputs of the classifier as a whole.
public enum GestureInput: Equatable, Sendable {
    case touch(TouchInput)
    /// `nextDeadline` has passed; fire what is due.
    case deadline
}

/// Turns touch inputs into button gestures: routes each touch to the button it went down on
/// and runs that button's state machine. It takes (input, now), writes events into a sink
/// and returns its next deadline; the caller feeds an expired deadline back in.
public struct GestureClassifier: Sendable {
    public let layout: ButtonLayout
    private var states: InlineArray<64, ButtonGestureState>
    private var owners: InlineArray<16, TouchOwner>

    public init(layout: ButtonLayout) {
        self.layout = layout
        states = InlineArray(repeating: .idle)
        owners = InlineArray(repeating: .none)
    }

    public func state(ofButton index: Int) -> ButtonGestureState {
        states[index]
    }

    /// The earliest instant at which some button needs a `deadline` input.
    public var nextDeadline: MonotonicInstant? {
        var earliest: MonotonicInstant? = nil
        for index in 0..<layout.count {
            if let due = ButtonGestureMachine.nextDeadline(states[index], spec: layout[index]) {
                if earliest == nil || due < earliest! {
                    earliest = due
                }
            }
        }
        return earliest
    }

    /// Handles one input at `now`. Deadlines that are due at or before `now` fire first, in
    /// time order, so a caller that is late never reorders events; a deadline at exactly
    /// `now` fires before a touch at `now` (a down at release+W no longer continues).
    @discardableResult
    public mutating func handle<Sink: GestureEventSink>(
        _ input: GestureInput, at now: MonotonicInstant, into sink: inout Sink
    ) -> MonotonicInstant? {
        fireDeadlines(upTo: now, into: &sink)
        switch input {
        case .deadline:
            break
        case .touch(let touch):
            handleTouch(touch, at: now, into: &sink)
        }
        return nextDeadline
    }

    private mutating func fireDeadlines<Sink: GestureEventSink>(upTo now: MonotonicInstant, into sink: inout Sink) {
        while true {
            var dueButton = -1
            var dueAt = now
            for index in 0..<layout.count {
                if let due = ButtonGestureMachine.nextDeadline(states[index], spec: layout[index]),
                    due <= dueAt, dueButton < 0 || due < dueAt
                {
                    dueButton = index
                    dueAt = due
                }
            }
            guard dueButton >= 0 else { return }
            apply(.deadline, toButton: dueButton, at: dueAt, into: &sink)
        }
    }

    private mutating func handleTouch<Sink: GestureEventSink>(
        _ touch: TouchInput, at now: MonotonicInstant, into sink: inout Sink
    ) {
        switch touch {
        case .down(let id, let point):
            let slot = Int(id & 0x0F)
            guard owners[slot] == .none else { return }
            guard let button = layout.hitTest(point), layout[button].enabled, !isHeld(button) else {
                owners[slot] = .ignored
                return
            }
            owners[slot] = .button(button)
            apply(.down(touchID: id, at: point), toButton: button, at: now, into: &sink)
        case .move(let id, let point):
            if case .button(let button) = owners[Int(id & 0x0F)] {
                apply(.move(to: point), toButton: button, at: now, into: &sink)
            }
        case .up(let id, let point):
            let slot = Int(id & 0x0F)
            if case .button(let button) = owners[slot] {
                apply(.up(at: point), toButton: button, at: now, into: &sink)
            }
            owners[slot] = .none
        case .cancelAll:
            for slot in 0..<16 {
                if case .button(let button) = owners[slot] {
                    apply(.cancel, toButton: button, at: now, into: &sink)
                }
                owners[slot] = .none
            }
        }
    }

    private func isHeld(_ button: Int) -> Bool {
        if case .held = states[button] { return true }
        return false
    }

    private mutating func apply<Sink: GestureEventSink>(
        _ input: ButtonGestureInput, toButton button: Int, at now: MonotonicInstant, into sink: inout Sink
    ) {
        states[button] = ButtonGestureMachine.transition(
            states[button], input, at: now, spec: layout[button], button: button, into: &sink)
    }
}
