import TouchCore

/// One `[page NAME]` section, validated: a screen of its own items (rule 10), what its swipes
/// do (rule 11) and when it gives way to the first page.
public struct PageConfig: Equatable, Sendable {
    /// The name from the header: in event lines, `page NAME` actions and the broker's topics.
    public var name: String
    /// `home_after_s`: back to the first page after this long without a touch; 0: never.
    public var homeAfter: MonotonicDuration?
    public var swipeLeft: ButtonAction?
    public var swipeRight: ButtonAction?
    public var swipeUp: ButtonAction?
    public var swipeDown: ButtonAction?
    /// `grid` and `gap_px`: where items with a `cell` go; nil without `grid`.
    public var grid: PageGrid?
    /// `image`: the PNG drawn as the page's background (the path to open); nil: the colour.
    public var image: String?
    /// The line of the section header.
    public var line: Int

    public init(
        name: String, homeAfter: MonotonicDuration? = nil, swipeLeft: ButtonAction? = nil, swipeRight: ButtonAction? = nil,
        swipeUp: ButtonAction? = nil, swipeDown: ButtonAction? = nil, grid: PageGrid? = nil, image: String? = nil, line: Int
    ) {
        self.name = name
        self.homeAfter = homeAfter
        self.swipeLeft = swipeLeft
        self.swipeRight = swipeRight
        self.swipeUp = swipeUp
        self.swipeDown = swipeDown
        self.grid = grid
        self.image = image
        self.line = line
    }

    /// What a swipe that way runs on this page; nil: the page takes no swipe that way.
    public func action(for direction: SwipeDirection) -> ButtonAction? {
        switch direction {
        case .left: swipeLeft
        case .right: swipeRight
        case .up: swipeUp
        case .down: swipeDown
        }
    }

    /// The directions the classifier turns touches into swipes on this page.
    public var swipes: SwipeSet {
        var set = SwipeSet()
        for direction in [SwipeDirection.left, .right, .up, .down] where action(for: direction) != nil { set.insert(direction) }
        return set
    }
}
