/// A span of monotonic time in nanoseconds, kept apart from `MonotonicInstant` so that an
/// instant can never be added to an instant.
public struct MonotonicDuration: Comparable, Hashable, Sendable {
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    public static func milliseconds(_ ms: Int64) -> MonotonicDuration {
        MonotonicDuration(nanoseconds: ms &* 1_000_000)
    }

    public static let zero = MonotonicDuration(nanoseconds: 0)

    public static func < (lhs: MonotonicDuration, rhs: MonotonicDuration) -> Bool {
        lhs.nanoseconds < rhs.nanoseconds
    }

    public static func + (lhs: MonotonicDuration, rhs: MonotonicDuration) -> MonotonicDuration {
        MonotonicDuration(nanoseconds: lhs.nanoseconds &+ rhs.nanoseconds)
    }

    public static func * (lhs: MonotonicDuration, rhs: Int64) -> MonotonicDuration {
        MonotonicDuration(nanoseconds: lhs.nanoseconds &* rhs)
    }
}
