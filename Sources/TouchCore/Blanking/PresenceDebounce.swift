/// A presence sensor's line (a PIR or radar module's output) made into settled changes: a
/// level counts once it has held for `debounce`, and then at exactly its edge + `debounce`;
/// a level that flips back sooner gives nothing. Time is a parameter, so the live line, the
/// simulated board's `presence` lines and the tests settle the same edges at the same instants.
public struct PresenceDebounce: Sendable {
    public let debounce: MonotonicDuration
    /// The settled level: someone is present.
    public private(set) var present: Bool
    /// The line's level as last seen, and since when.
    private var level: Bool
    private var levelSince: MonotonicInstant

    /// `level`: the line as read at `at` (the start counts as settled: nothing waits for it).
    public init(debounce: MonotonicDuration, level: Bool, at: MonotonicInstant) {
        self.debounce = debounce
        present = level
        self.level = level
        levelSince = at
    }

    /// When the line's level settles into a change; nil when it agrees with the settled one.
    public var deadline: MonotonicInstant? {
        level == present ? nil : levelSince + debounce
    }

    /// An edge of the line at `at`, after settling anything due before it. A repeat of the
    /// level it has (an edge the kernel merged) changes nothing.
    /// Returns the settled change due at or before the edge, if any, with its instant; with no
    /// debounce the edge's own change is due at once (`advance(to: at)`).
    @discardableResult
    public mutating func edge(_ to: Bool, at: MonotonicInstant) -> (present: Bool, at: MonotonicInstant)? {
        let settled = advance(to: at)
        if to != level {
            level = to
            levelSince = at
        }
        return settled
    }

    /// The settled change due at or before `now`, at its own instant; nil when none is due.
    public mutating func advance(to now: MonotonicInstant) -> (present: Bool, at: MonotonicInstant)? {
        guard let due = deadline, due <= now else { return nil }
        present = level
        return (level, due)
    }
}
