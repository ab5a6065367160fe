/// A press in progress: the one touch that owns the button (rule 1).
public struct HeldPress: Equatable, Sendable {
    public var touchID: UInt8
    public var downAt: MonotonicInstant
    public var downPoint: Point
    /// The first down of the tap sequence this press belongs to (its own down if it starts one).
    public var sequenceStart: Point
    /// Taps of the same sequence released before this press (rule 6).
    public var earlierTaps: Int
    /// Whether the touch is inside the button's rect now.
    public var inside: Bool
    /// Before the long press: the touch has stayed inside and within S of its down point.
    /// After it: the touch has stayed inside, so repeats go on.
    public var holdIntact: Bool
    public var longPressFired: Bool
    public var repeatsFired: Int
}

/// Taps released and waiting W for the next one (rule 5).
public struct TapSequence: Equatable, Sendable {
    public var taps: Int
    public var releasedAt: MonotonicInstant
    public var firstDown: Point
}

/// The gesture state of one button. See docs/gesture-states.md for the diagram.
public enum ButtonGestureState: Equatable, Sendable {
    case idle
    case held(HeldPress)
    case awaitingNextTap(TapSequence)
}

/// The inputs of one button's state machine. Touch inputs reach only the button that owns
/// the touch; `deadline` comes back in when `nextDeadline` has passed.
public enum ButtonGestureInput: Equatable, Sendable {
    case down(touchID: UInt8, at: Point)
    case move(to: Point)
    case up(at: Point)
    case cancel
    case deadline
    /// Its page stops being shown (rule 10): a press ends as `cancelled`, a waiting tap
    /// sequence fires at once with the taps it had.
    case leave
}
