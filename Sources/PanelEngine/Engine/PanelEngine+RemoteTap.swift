import LinuxSystem
import PanelConfig
import TouchCore

extension PanelEngine {
    /// The touch ID taps from outside go by: above the IDs the controllers report (FT5x06
    /// 0-4, GT911 0-9) and the input devices' first slots, so it meets no finger's.
    static let remoteTouchID: UInt8 = 15

    /// A tap at `point` in the screen's logical pixels from outside (`P/screen/tap`, a
    /// dashboard showing the mirrored screen), at `now`: a down and a lift there, through
    /// the wake gate and the classifier as a finger's, so the button's gestures and rules are
    /// the same (on a dark panel it wakes the panel and is swallowed). Refused, with why, off
    /// the screen, while a finger is on the panel, and on a button with an interlock or a
    /// hold-to-run action: a machine's outputs never run from a picture.
    public func remoteTap(at point: Point, now: MonotonicInstant) -> String? {
        let width = config.display.logicalWidth, height = config.display.logicalHeight
        guard point.x >= 0, point.y >= 0, point.x < width, point.y < height else {
            return "outside the screen's \(width)x\(height) pixels"
        }
        guard !pipeline.tracker.hasHeldTouches else { return "a finger is on the panel" }
        if let index = pipeline.button(at: point) {
            let button = config.buttons[index]
            if let group = button.interlock {
                return "[button \(button.name)] is in interlock group \(group): taps from outside never run it"
            }
            if button.onPress != nil || button.onRelease != nil {
                return "[button \(button.name)] is hold-to-run: taps from outside never run it"
            }
        }
        tick(now: now)
        let at = max(now, lastInputAt)
        feed(now: at) { pipeline, sink in pipeline.touch(.down(id: PanelEngine.remoteTouchID, at: point), at: at, into: &sink) }
        feed(now: at) { pipeline, sink in pipeline.touch(.up(id: PanelEngine.remoteTouchID, at: point), at: at, into: &sink) }
        return nil
    }
}
