/// What the classifier needs to know about one button: where it is, whether it takes
/// touches, which gestures it listens for, and its timings. Names, labels and actions live
/// in the configuration, not here.
public struct ButtonSpec: Equatable, Sendable {
    public var rect: Rect
    public var enabled: Bool
    /// N of rule 5: the highest tap count the button listens for (0 to 3). 0 means the
    /// button reports presses and releases but no `tap` events.
    public var highestTapCount: Int
    /// Rule 4: `on_long_press` or `on_repeat` is configured.
    public var listensForLongPress: Bool
    /// `on_repeat` is configured.
    public var listensForRepeat: Bool
    public var timings: GestureTimings
    /// The button's interlock group (0: none). While one button of a group is held, or a
    /// command it started still runs, a down on another button of the group is ignored for
    /// its whole life: two jog directions never run together.
    public var interlockGroup: Int
    /// The page it is on (its index in `PageLayout`), or `PageLayout.allPages`.
    public var page: Int
    /// Rule 11: whether its touch becomes a swipe when it moves far enough (`swipe = yes`,
    /// the default; never for hold-to-run or repeat).
    public var yieldsToSwipe: Bool

    public init(
        rect: Rect, enabled: Bool = true, highestTapCount: Int = 1,
        listensForLongPress: Bool = false, listensForRepeat: Bool = false,
        timings: GestureTimings = .defaults, interlockGroup: Int = 0, page: Int = 0, yieldsToSwipe: Bool = true
    ) {
        self.rect = rect
        self.enabled = enabled
        self.highestTapCount = highestTapCount
        self.listensForLongPress = listensForLongPress || listensForRepeat
        self.listensForRepeat = listensForRepeat
        self.timings = timings
        self.interlockGroup = interlockGroup
        self.page = page
        self.yieldsToSwipe = yieldsToSwipe
    }
}
