/// The per-button gesture rules of DESIGN.md section 4, as one transition function over
/// every (state, input) pair. Pure: it reads no clock, and `now` is the logical instant of
/// the input (for `deadline`, the deadline itself).
public enum ButtonGestureMachine {
    /// When this button next needs a `deadline` input, if ever.
    public static func nextDeadline(_ state: ButtonGestureState, spec: ButtonSpec) -> MonotonicInstant? {
        switch state {
        case .idle:
            return nil
        case .held(let press):
            guard press.holdIntact else { return nil }
            if !press.longPressFired {
                return spec.listensForLongPress ? press.downAt + spec.timings.longPress : nil
            }
            guard spec.listensForRepeat else { return nil }
            let repeats = spec.timings.repeatInterval * widen(press.repeatsFired + 1)
            return press.downAt + spec.timings.longPress + repeats
        case .awaitingNextTap(let sequence):
            return sequence.releasedAt + spec.timings.multiTap
        }
    }

    @_optimize(speed)
    public static func transition<Sink: GestureEventSink>(
        _ state: ButtonGestureState,
        _ input: ButtonGestureInput,
        at now: MonotonicInstant,
        spec: ButtonSpec,
        button: Int,
        into sink: inout Sink
    ) -> ButtonGestureState {
        func emit(_ kind: GestureEventKind, at instant: MonotonicInstant) {
            sink.receive(GestureEvent(at: instant, button: button, kind: kind))
        }

        switch state {
        case .idle:
            switch input {
            case .down(let touchID, let point):
                emit(.pressed, at: now)
                return .held(startPress(touchID: touchID, at: point, now: now, earlierTaps: 0, sequenceStart: point))
            case .move, .up, .cancel, .deadline, .leave:
                return .idle
            }

        case .held(var press):
            switch input {
            case .down:
                // Rule 1: a second touch on a held button is ignored (the classifier never
                // routes one here; a stray one changes nothing).
                return state
            case .move(let point):
                let inside = spec.rect.contains(point)
                if press.inside && !inside {
                    emit(.exit, at: now)
                } else if !press.inside && inside {
                    emit(.enter, at: now)
                }
                press.inside = inside
                if !inside {
                    press.holdIntact = false
                } else if !press.longPressFired && !point.isWithin(spec.timings.slopPx, of: press.downPoint) {
                    press.holdIntact = false
                }
                return .held(press)
            case .up(let point):
                guard spec.rect.contains(point) else {
                    return cancelPress(press, at: now, emit: emit)
                }
                emit(.released, at: now)
                if press.longPressFired || spec.highestTapCount == 0 {
                    return .idle
                }
                let taps = press.earlierTaps + 1
                if taps >= spec.highestTapCount {
                    emit(.tap(taps: taps), at: now)
                    return .idle
                }
                return .awaitingNextTap(TapSequence(taps: taps, releasedAt: now, firstDown: press.sequenceStart))
            case .cancel, .leave:
                return cancelPress(press, at: now, emit: emit)
            case .deadline:
                guard let due = nextDeadline(state, spec: spec), due <= now else { return state }
                if !press.longPressFired {
                    emit(.longPress(taps: press.earlierTaps + 1), at: due)
                    press.longPressFired = true
                } else {
                    press.repeatsFired += 1
                    emit(.repeat(n: press.repeatsFired), at: due)
                }
                return .held(press)
            }

        case .awaitingNextTap(let sequence):
            switch input {
            case .down(let touchID, let point):
                let windowEnd = sequence.releasedAt + spec.timings.multiTap
                if now < windowEnd && point.isWithin(spec.timings.multiTapSlopPx, of: sequence.firstDown) {
                    emit(.pressed, at: now)
                    return .held(startPress(
                        touchID: touchID, at: point, now: now,
                        earlierTaps: sequence.taps, sequenceStart: sequence.firstDown))
                }
                // Rule 5: a down that cannot continue the sequence fires it at once (or at
                // release+W if that already passed) and starts a new one.
                emit(.tap(taps: sequence.taps), at: now < windowEnd ? now : windowEnd)
                emit(.pressed, at: now)
                return .held(startPress(touchID: touchID, at: point, now: now, earlierTaps: 0, sequenceStart: point))
            case .move, .up, .cancel:
                return state
            case .deadline:
                let windowEnd = sequence.releasedAt + spec.timings.multiTap
                guard windowEnd <= now else { return state }
                emit(.tap(taps: sequence.taps), at: windowEnd)
                return .idle
            case .leave:
                // Rule 10: no further tap can come on a page that is gone.
                emit(.tap(taps: sequence.taps), at: now)
                return .idle
            }
        }
    }

    private static func startPress(
        touchID: UInt8, at point: Point, now: MonotonicInstant, earlierTaps: Int, sequenceStart: Point
    ) -> HeldPress {
        HeldPress(
            touchID: touchID, downAt: now, downPoint: point, sequenceStart: sequenceStart,
            earlierTaps: earlierTaps, inside: true, holdIntact: true, longPressFired: false, repeatsFired: 0)
    }

    /// Rule 3 (lift outside) and rule 7 (lost touch, controller failure): the press is no
    /// tap, and taps released earlier in its sequence fire at once with the count they had,
    /// unless a long press already took them (rule 6).
    private static func cancelPress(
        _ press: HeldPress, at now: MonotonicInstant, emit: (GestureEventKind, MonotonicInstant) -> Void
    ) -> ButtonGestureState {
        emit(.cancelled, now)
        if !press.longPressFired && press.earlierTaps > 0 {
            emit(.tap(taps: press.earlierTaps), now)
        }
        return .idle
    }
}
