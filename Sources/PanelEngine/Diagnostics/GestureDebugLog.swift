import LinuxSystem
import TouchCore

/// The gesture machine's lines of `TransitionLog` (`--debug gestures`): one per button state
/// transition, written from the one place transitions happen (`GestureClassifier.apply`):
///
///     gesture 330 ms play: held(touch 0, taps 0) + up(100,60) -> awaiting_tap(taps 1)
public final class GestureDebugLog {
    private let buttonNames: [String]
    private let sliderNames: [String]
    private let transitions: TransitionLog

    public init(buttonNames: [String], sliderNames: [String] = [], transitions: TransitionLog) {
        self.buttonNames = buttonNames
        self.sliderNames = sliderNames
        self.transitions = transitions
    }

    /// A log of the gesture machine alone.
    public convenience init(buttonNames: [String], origin: MonotonicInstant, log: PanelLog) {
        self.init(buttonNames: buttonNames, transitions: TransitionLog(machines: [.gestures], origin: origin, log: log))
    }

    public func log(_ transition: GestureTransition) {
        let name = buttonNames.indices.contains(transition.button) ? buttonNames[transition.button] : "#\(transition.button)"
        transitions.record(
            .gestures, at: transition.at, of: name, from: GestureDebugLog.describe(transition.from),
            input: GestureDebugLog.describe(transition.input), to: GestureDebugLog.describe(transition.to))
    }

    /// A slider's transition, on the same `gesture` lines:
    ///
    ///     gesture 40 ms dimmer: held(at 40, down 40, sent 40) + move(300,130) -> held(at 50, down 40, sent 40)
    public func log(_ transition: SliderTransition) {
        let name = sliderNames.indices.contains(transition.slider) ? sliderNames[transition.slider] : "slider #\(transition.slider)"
        transitions.record(
            .gestures, at: transition.at, of: name, from: GestureDebugLog.describe(transition.from),
            input: GestureDebugLog.describe(transition.input), to: GestureDebugLog.describe(transition.to))
    }

    static func describe(_ state: SliderGestureState) -> String {
        switch state.phase {
        case .idle: return "idle(at \(state.shownStep))"
        case .held(let downStep, let sentStep, _): return "held(at \(state.shownStep), down \(downStep), sent \(sentStep))"
        case .settling(let sentStep, _): return "settling(at \(state.shownStep), sent \(sentStep))"
        }
    }

    static func describe(_ input: SliderInput) -> String {
        switch input {
        case .down(let point): return "down(\(point.x),\(point.y))"
        case .move(let point): return "move(\(point.x),\(point.y))"
        case .up(let point): return "up(\(point.x),\(point.y))"
        case .cancel: return "cancel"
        case .deadline: return "deadline"
        case .outside(let step): return "outside(\(step))"
        }
    }

    static func describe(_ state: ButtonGestureState) -> String {
        switch state {
        case .idle:
            return "idle"
        case .held(let press):
            var text = "held(touch \(press.touchID), taps \(press.earlierTaps)"
            if !press.inside { text += ", outside" }
            if !press.holdIntact { text += ", hold broken" }
            if press.longPressFired { text += ", long press fired, repeats \(press.repeatsFired)" }
            return text + ")"
        case .awaitingNextTap(let sequence):
            return "awaiting_tap(taps \(sequence.taps))"
        }
    }

    static func describe(_ input: ButtonGestureInput) -> String {
        switch input {
        case .down(let touchID, let point): return "down(touch \(touchID) at \(point.x),\(point.y))"
        case .move(let point): return "move(\(point.x),\(point.y))"
        case .up(let point): return "up(\(point.x),\(point.y))"
        case .cancel: return "cancel"
        case .deadline: return "deadline"
        case .leave: return "leave"
        }
    }
}
