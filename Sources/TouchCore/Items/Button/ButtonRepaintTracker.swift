/// Keeps each button's visual state from the classifier's events and collects the buttons
/// whose look changed, so that the loop repaints only those (DESIGN.md section 1). It is a
/// `GestureEventSink`: feed it every event after the classifier has run.
///
/// From events: `pressed` and `enter` show the button pressed; `released`, `cancelled` and
/// `exit` return it to rest; `tap`, `long_press` and `repeat` change nothing. At rest a button
/// is `.normal`, `.on` when the caller has latched it on (the latch belongs to the caller's
/// toggle logic, not to gestures), and `.disabled` when it takes no touches. A button bound to
/// a device's state (set by the caller) rests `.pending` after a tap until the device answers,
/// and `.unknown` while its state is not known; a disabled button shows disabled whatever its
/// device says, and a held one pressed. Only a change of
/// the visible state marks a button dirty. Every button starts dirty: the first frame paints
/// them all.
public struct ButtonRepaintTracker: Sendable, GestureEventSink {
    public private(set) var count: Int
    private var held: ButtonSet
    private var latched: ButtonSet
    private var disabled: ButtonSet
    private var pending: ButtonSet
    private var unknown: ButtonSet
    /// The buttons to repaint since the last `takeDirty()`.
    public private(set) var dirty: ButtonSet

    /// Tracks the layout's buttons; disabled ones rest in `.disabled`.
    public init(layout: ButtonLayout) {
        count = layout.count
        held = ButtonSet()
        latched = ButtonSet()
        disabled = ButtonSet()
        pending = ButtonSet()
        unknown = ButtonSet()
        for index in 0..<layout.count where !layout[index].enabled {
            disabled.insert(index)
        }
        dirty = ButtonSet.first(layout.count)
    }

    /// What button `index` shows now.
    public func visualState(ofButton index: Int) -> ButtonVisualState {
        if held.contains(index) { return .pressed }
        if disabled.contains(index) { return .disabled }
        if pending.contains(index) { return .pending }
        if unknown.contains(index) { return .unknown }
        return latched.contains(index) ? .on : .normal
    }

    public mutating func receive(_ event: GestureEvent) {
        switch event.kind {
        case .pressed, .enter:
            change(event.button) { $0.held.insert(event.button) }
        case .released, .cancelled, .exit:
            change(event.button) { $0.held.remove(event.button) }
        case .tap, .longPress, .repeat:
            break
        }
    }

    /// Sets a toggle button's latch; it shows `.on` at rest while latched.
    public mutating func setLatched(_ index: Int, _ on: Bool) {
        change(index) { on ? $0.latched.insert(index) : $0.latched.remove(index) }
    }

    /// A bound button waits for its device (`.pending`) or no longer does.
    public mutating func setPending(_ index: Int, _ isPending: Bool) {
        change(index) { isPending ? $0.pending.insert(index) : $0.pending.remove(index) }
    }

    /// A bound button's device state became unknown (`.unknown`) or known again.
    public mutating func setUnknown(_ index: Int, _ isUnknown: Bool) {
        change(index) { isUnknown ? $0.unknown.insert(index) : $0.unknown.remove(index) }
    }

    public func isLatched(_ index: Int) -> Bool {
        latched.contains(index)
    }

    /// Marks a button disabled or enabled again (for a caller that changes it at run time).
    public mutating func setDisabled(_ index: Int, _ isDisabled: Bool) {
        change(index) { isDisabled ? $0.disabled.insert(index) : $0.disabled.remove(index) }
    }

    /// Repaint one button whose look changed outside the tracker (a new label).
    public mutating func markDirty(_ index: Int) {
        guard index >= 0 && index < count else { return }
        dirty.insert(index)
    }

    public func isDisabled(_ index: Int) -> Bool {
        disabled.contains(index)
    }

    /// Repaint everything, e.g. after the console was switched back to the panel.
    public mutating func markAllDirty() {
        dirty = ButtonSet.first(count)
    }

    /// The buttons to repaint, emptying the set.
    public mutating func takeDirty() -> ButtonSet {
        defer { dirty = ButtonSet() }
        return dirty
    }

    private mutating func change(_ index: Int, _ update: (inout ButtonRepaintTracker) -> Void) {
        guard index >= 0 && index < count else { return }
        let before = visualState(ofButton: index)
        update(&self)
        if visualState(ofButton: index) != before {
            dirty.insert(index)
        }
    }
}
