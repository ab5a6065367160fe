extension Rect {
    /// The part of this rect inside `bounds`, or nil when they do not overlap (or either is
    /// empty). Computed in 64 bits so that no configured rect, however far off-screen or
    /// large, overflows: the painter relies on the result lying inside `bounds`.
    public func clipped(to bounds: Rect) -> Rect? {
        guard width > 0, height > 0, bounds.width > 0, bounds.height > 0 else { return nil }
        let left = max(widen(x), widen(bounds.x))
        let top = max(widen(y), widen(bounds.y))
        let right = min(widen(x) + widen(width), widen(bounds.x) + widen(bounds.width))
        let bottom = min(widen(y) + widen(height), widen(bounds.y) + widen(bounds.height))
        guard left < right, top < bottom else { return nil }
        // Each value lies within `bounds`, so it fits in 32 bits again.
        return Rect(
            x: Int32(truncatingIfNeeded: left), y: Int32(truncatingIfNeeded: top),
            width: Int32(truncatingIfNeeded: right - left), height: Int32(truncatingIfNeeded: bottom - top))
    }

    /// This rect shrunk by `amount` on every side; nil when nothing is left.
    public func inset(by amount: Int32) -> Rect? {
        guard amount > 0 else { return width > 0 && height > 0 ? self : nil }
        let twice = widen(amount) * 2
        let left = widen(x) + widen(amount)
        let top = widen(y) + widen(amount)
        guard widen(width) > twice, widen(height) > twice, left <= widen(Int32.max), top <= widen(Int32.max)
        else { return nil }
        return Rect(
            x: Int32(truncatingIfNeeded: left), y: Int32(truncatingIfNeeded: top),
            width: width - Int32(truncatingIfNeeded: twice), height: height - Int32(truncatingIfNeeded: twice))
    }

    /// The smallest rect holding both; for rects on the screen (whose far edges fit `Int32`).
    public func union(_ other: Rect) -> Rect {
        let left = Swift.min(x, other.x)
        let top = Swift.min(y, other.y)
        let right = Swift.max(x &+ width, other.x &+ other.width)
        let bottom = Swift.max(y &+ height, other.y &+ other.height)
        return Rect(x: left, y: top, width: right &- left, height: bottom &- top)
    }
}
