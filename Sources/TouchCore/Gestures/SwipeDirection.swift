/// Which way a swipe went: the way the finger moved, on the display as it is drawn (up is
/// towards the top row).
public enum SwipeDirection: Int, Equatable, Sendable {
    case left
    case right
    case up
    case down

    /// The `direction` field of the JSON event line, and the key's suffix (`swipe_left`).
    public var name: StaticString {
        switch self {
        case .left: "left"
        case .right: "right"
        case .up: "up"
        case .down: "down"
        }
    }

    /// The direction of a move from `start` to `point` once it is a swipe (rule 11): at least
    /// `distancePx` along one axis and at least twice the move along the other. Nil: not
    /// (yet) a swipe.
    @inline(__always)
    public static func of(from start: Point, to point: Point, distancePx: Int32) -> SwipeDirection? {
        // 32-bit arithmetic only (64-bit made the armv7 Embedded build pull in an array):
        // each move's size as a magnitude, saturated where the difference does not fit.
        let dx = point.x.subtractingReportingOverflow(start.x)
        let dy = point.y.subtractingReportingOverflow(start.y)
        let ax = dx.overflow ? UInt32.max : dx.partialValue.magnitude
        let ay = dy.overflow ? UInt32.max : dy.partialValue.magnitude
        let distance = UInt32(max(distancePx, 0))
        // "At least twice the move on the other axis", as `ay <= ax / 2`: nothing to overflow.
        if ax >= distance && ay <= ax / 2 { return point.x < start.x ? .left : .right }
        if ay >= distance && ax <= ay / 2 { return point.y < start.y ? .up : .down }
        return nil
    }
}

/// The directions a page takes swipes in: a bit for each.
public struct SwipeSet: Equatable, Sendable {
    public private(set) var bits: UInt8

    public init() { bits = 0 }

    /// Every direction (no `CaseIterable` here: its array would allocate).
    public static var all: SwipeSet {
        var set = SwipeSet()
        set.bits = 0b1111
        return set
    }

    public var isEmpty: Bool { bits == 0 }

    public func contains(_ direction: SwipeDirection) -> Bool {
        bits & (1 << UInt8(direction.rawValue)) != 0
    }

    public mutating func insert(_ direction: SwipeDirection) {
        bits |= 1 << UInt8(direction.rawValue)
    }
}
