/// A span of monotonic time in nanoseconds, kept apart from `MonotonicInstant` so that an
/// instant can never be added to an instant.
///
/// Arithmetic saturates at `Int64.min`/`Int64.max` instead of wrapping (as swift-nio's
/// `TimeAmount`): a duration that overflows becomes "forever", never a negative span that
/// would make time run backwards.
public struct MonotonicDuration: Comparable, Hashable, Sendable {
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    public static func milliseconds(_ ms: Int64) -> MonotonicDuration {
        MonotonicDuration(nanoseconds: Saturating.multiply(ms, 1_000_000))
    }

    public static func seconds(_ s: Int64) -> MonotonicDuration {
        MonotonicDuration(nanoseconds: Saturating.multiply(s, 1_000_000_000))
    }

    public static let zero = MonotonicDuration(nanoseconds: 0)

    /// The whole milliseconds in it, as a config file writes them.
    public var wholeMilliseconds: Int64 { nanoseconds / 1_000_000 }

    /// The whole seconds in it, as a config file writes them.
    public var wholeSeconds: Int64 { nanoseconds / 1_000_000_000 }

    public static func < (lhs: MonotonicDuration, rhs: MonotonicDuration) -> Bool {
        lhs.nanoseconds < rhs.nanoseconds
    }

    public static func + (lhs: MonotonicDuration, rhs: MonotonicDuration) -> MonotonicDuration {
        MonotonicDuration(nanoseconds: Saturating.add(lhs.nanoseconds, rhs.nanoseconds))
    }

    public static func * (lhs: MonotonicDuration, rhs: Int64) -> MonotonicDuration {
        MonotonicDuration(nanoseconds: Saturating.multiply(lhs.nanoseconds, rhs))
    }
}

/// 64-bit arithmetic that clamps to the representable range instead of wrapping or trapping.
enum Saturating {
    @inline(__always)
    static func add(_ a: Int64, _ b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        guard overflow else { return sum }
        return b > 0 ? .max : .min
    }

    @inline(__always)
    static func subtract(_ a: Int64, _ b: Int64) -> Int64 {
        let (difference, overflow) = a.subtractingReportingOverflow(b)
        guard overflow else { return difference }
        return b < 0 ? .max : .min
    }

    @inline(__always)
    static func multiply(_ a: Int64, _ b: Int64) -> Int64 {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        guard overflow else { return product }
        return (a < 0) == (b < 0) ? .max : .min
    }
}
