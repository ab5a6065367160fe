/// The timing and distance parameters of DESIGN.md section 4, for one button.
/// Panel-wide defaults come from `[touch]`; a button may override any of them.
public struct GestureTimings: Equatable, Sendable {
    /// W: how long after a release a further tap may start.
    public var multiTap: MonotonicDuration
    /// L: how long a touch must stay put for a long press.
    public var longPress: MonotonicDuration
    /// R: the interval between repeats after the long press.
    public var repeatInterval: MonotonicDuration
    /// S: how far a touch may move from its down point and still become a long press.
    public var slopPx: Int32
    /// D: how far a further tap may land from the sequence's first down.
    public var multiTapSlopPx: Int32

    public init(
        multiTap: MonotonicDuration = .milliseconds(250),
        longPress: MonotonicDuration = .milliseconds(500),
        repeatInterval: MonotonicDuration = .milliseconds(100),
        slopPx: Int32 = 10,
        multiTapSlopPx: Int32 = 40
    ) {
        self.multiTap = multiTap
        self.longPress = longPress
        self.repeatInterval = repeatInterval
        self.slopPx = slopPx
        self.multiTapSlopPx = multiTapSlopPx
    }

    public static let defaults = GestureTimings()
}
