/// A point on the monotonic clock, in nanoseconds since an arbitrary origin.
///
/// TouchCore never reads a clock: every input carries the instant it happened at, so every
/// rule can be tested with exact logical times. 64 bits on every target (`Int` is 32 bits on
/// armhf, and 2^31 ns is only 2.1 s). Arithmetic saturates: an instant pushed past the end of
/// time stays at the end (`Int64.max` ns, about 292 years), so time never runs backwards.
public struct MonotonicInstant: Comparable, Hashable, Sendable {
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    public static func milliseconds(_ ms: Int64) -> MonotonicInstant {
        MonotonicInstant(nanoseconds: Saturating.multiply(ms, 1_000_000))
    }

    /// The latest instant: where saturating arithmetic stops.
    public static let endOfTime = MonotonicInstant(nanoseconds: .max)

    /// Whole milliseconds since the origin, rounded down: the `t_ms` of event lines.
    public var wholeMilliseconds: Int64 {
        nanoseconds / 1_000_000
    }

    /// The earlier of two optional instants, nil only when both are: the one way deadlines are
    /// merged, from the pipeline's own to the loop's timeout. No array: TouchCore never allocates.
    @inlinable @inline(__always)
    public static func earliest(_ a: MonotonicInstant?, _ b: MonotonicInstant?) -> MonotonicInstant? {
        guard let a else { return b }
        guard let b else { return a }
        return b < a ? b : a
    }

    public static func < (lhs: MonotonicInstant, rhs: MonotonicInstant) -> Bool {
        lhs.nanoseconds < rhs.nanoseconds
    }

    public static func + (lhs: MonotonicInstant, rhs: MonotonicDuration) -> MonotonicInstant {
        MonotonicInstant(nanoseconds: Saturating.add(lhs.nanoseconds, rhs.nanoseconds))
    }

    public static func - (lhs: MonotonicInstant, rhs: MonotonicInstant) -> MonotonicDuration {
        MonotonicDuration(nanoseconds: Saturating.subtract(lhs.nanoseconds, rhs.nanoseconds))
    }
}
