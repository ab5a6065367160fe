/// Rule 12 for one slider: one transition function over (phase, input), every case spelled out.
/// The classifier owns the states, routes touches here and logs each transition.
public enum SliderMachine {
    @_optimize(speed)
    public static func transition<Sink: GestureEventSink>(
        _ state: SliderGestureState, _ input: SliderInput, at now: MonotonicInstant, spec: SliderSpec, slider: Int,
        into sink: inout Sink
    ) -> SliderGestureState {
        var next = state
        switch (state.phase, input) {
        case (.idle, .down(let point)), (.settling, .down(let point)):
            sink.slider(SliderEvent(at: now, slider: slider, kind: .pressed))
            let known: Int32
            if case .settling(let sentStep, _) = state.phase { known = sentStep } else { known = state.shownStep }
            next.phase = .held(downStep: state.shownStep, sentStep: known, sentAt: nil)
            follow(&next, to: spec.step(at: point, from: nil), at: now, spec: spec, slider: slider, into: &sink)
        case (.held, .move(let point)):
            follow(&next, to: spec.step(at: point, from: next.shownStep), at: now, spec: spec, slider: slider, into: &sink)
        case (.held, .deadline):
            sendIfDue(&next, at: now, spec: spec, slider: slider, into: &sink)
        case (.held, .up(let point)):
            follow(&next, to: spec.step(at: point, from: next.shownStep), at: now, spec: spec, slider: slider, into: &sink, sending: false)
            sink.slider(SliderEvent(at: now, slider: slider, kind: .released))
            // One send per release, with the final value.
            sink.slider(SliderEvent(at: now, slider: slider, kind: .sent(step: next.shownStep)))
            next.phase = .settling(sentStep: next.shownStep, until: now + spec.settleTime)
        case (.held(let downStep, let sentStep, _), .cancel):
            sink.slider(SliderEvent(at: now, slider: slider, kind: .cancelled))
            if next.shownStep != downStep {
                next.shownStep = downStep
                sink.slider(SliderEvent(at: now, slider: slider, kind: .shown(step: downStep)))
            }
            if sentStep != downStep {
                // `send = drag` told the outside world a value this touch no longer stands for.
                sink.slider(SliderEvent(at: now, slider: slider, kind: .sent(step: downStep)))
                next.phase = .settling(sentStep: downStep, until: now + spec.settleTime)
            } else {
                next.phase = .idle
            }
        case (.held, .outside), (.held, .down):
            // Rule 12: the finger decides what is drawn; a second down cannot reach a held slider.
            break
        case (.settling(let sentStep, _), .outside(let step)):
            // The echo of what was sent ends the wait; anything else is an older value.
            if step == sentStep { next.phase = .idle }
        case (.settling(_, let until), .deadline):
            if until <= now { next.phase = .idle }
        case (.idle, .outside(let step)):
            if step != state.shownStep {
                next.shownStep = step
                sink.slider(SliderEvent(at: now, slider: slider, kind: .shown(step: step)))
            }
        case (.idle, .move), (.idle, .up), (.idle, .cancel), (.idle, .deadline),
            (.settling, .move), (.settling, .up), (.settling, .cancel):
            break
        }
        return next
    }

    /// The instant this slider next needs a `.deadline`: the end of `send_ms` when a dragged
    /// value waits to be sent, the end of `settle_ms`; nil otherwise.
    public static func nextDeadline(_ state: SliderGestureState, spec: SliderSpec) -> MonotonicInstant? {
        switch state.phase {
        case .idle:
            return nil
        case .held(_, let sentStep, let sentAt):
            guard spec.sendsWhileDragging, state.shownStep != sentStep, let sentAt else { return nil }
            return sentAt + spec.sendInterval
        case .settling(_, let until):
            return until
        }
    }

    /// The finger is over `step`: drawn when it changed, and with `send = drag` sent when
    /// `send_ms` has passed since the last send.
    @inline(__always)
    private static func follow<Sink: GestureEventSink>(
        _ state: inout SliderGestureState, to step: Int32, at now: MonotonicInstant, spec: SliderSpec, slider: Int,
        into sink: inout Sink, sending: Bool = true
    ) {
        if step != state.shownStep {
            state.shownStep = step
            sink.slider(SliderEvent(at: now, slider: slider, kind: .shown(step: step)))
        }
        if sending { sendIfDue(&state, at: now, spec: spec, slider: slider, into: &sink) }
    }

    @inline(__always)
    private static func sendIfDue<Sink: GestureEventSink>(
        _ state: inout SliderGestureState, at now: MonotonicInstant, spec: SliderSpec, slider: Int, into sink: inout Sink
    ) {
        guard spec.sendsWhileDragging, case .held(let downStep, let sentStep, let sentAt) = state.phase,
            state.shownStep != sentStep
        else { return }
        if let sentAt, now < sentAt + spec.sendInterval { return }
        sink.slider(SliderEvent(at: now, slider: slider, kind: .sent(step: state.shownStep)))
        state.phase = .held(downStep: downStep, sentStep: state.shownStep, sentAt: now)
    }
}
