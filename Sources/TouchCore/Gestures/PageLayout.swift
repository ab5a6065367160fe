/// The panel's pages as the classifier sees them (rules 10 and 11): how many there are, the
/// directions each takes a swipe in, and how far a touch must move to be a swipe. A config
/// without pages is one page that takes no swipes, which is the panel before pages existed.
public struct PageLayout: Sendable {
    /// Pages beyond this are refused by the config; raise it here if a panel needs more.
    public static let capacity = 16
    /// `page = all`: an item on every page, above the page's own.
    public static let allPages = -1

    public private(set) var count: Int
    /// `swipe_px`: the move along one axis that makes a touch a swipe.
    public var swipePx: Int32
    private var swipes: InlineArray<16, SwipeSet>

    /// One page without swipes.
    public init(swipePx: Int32 = 60) {
        count = 1
        self.swipePx = swipePx
        swipes = InlineArray(repeating: SwipeSet())
    }

    /// `count` pages (at least 1, at most `capacity`), none taking swipes yet.
    public init(count: Int, swipePx: Int32) {
        self.init(swipePx: swipePx)
        self.count = max(1, min(count, PageLayout.capacity))
    }

    /// The directions page `page` takes swipes in (none for a page that does not exist).
    public func swipes(onPage page: Int) -> SwipeSet {
        page >= 0 && page < count ? swipes.span[page] : SwipeSet()
    }

    public mutating func setSwipes(_ set: SwipeSet, onPage page: Int) {
        guard page >= 0 && page < count else { return }
        swipes[page] = set
    }
}
