import LinuxSystem
import TouchCore

/// `--debug-gestures`: one log line per button state transition, written from the one place
/// transitions happen (`GestureClassifier.apply`), as libinput logs its tap state machine:
///
///     gesture 330 ms play: held(touch 0, taps 0) + up(100,60) -> awaiting_tap(taps 1)
public final class GestureDebugLog {
    private let buttonNames: [String]
    private let origin: MonotonicInstant
    private let log: PanelLog

    public init(buttonNames: [String], origin: MonotonicInstant, log: PanelLog) {
        self.buttonNames = buttonNames
        self.origin = origin
        self.log = log
    }

    public func log(_ transition: GestureTransition) {
        let ms = (transition.at - origin).nanoseconds / 1_000_000
        let name = buttonNames.indices.contains(transition.button) ? buttonNames[transition.button] : "#\(transition.button)"
        log.log("gesture \(ms) ms \(name): \(GestureDebugLog.describe(transition.from)) + \(GestureDebugLog.describe(transition.input)) -> \(GestureDebugLog.describe(transition.to))")
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
        }
    }
}
