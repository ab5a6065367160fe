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
        let dx = Int64(point.x) - Int64(start.x)
        let dy = Int64(point.y) - Int64(start.y)
        let ax = dx < 0 ? -dx : dx
        let ay = dy < 0 ? -dy : dy
        if ax >= Int64(distancePx) && ax >= 2 * ay { return dx < 0 ? .left : .right }
        if ay >= Int64(distancePx) && ay >= 2 * ax { return dy < 0 ? .up : .down }
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
