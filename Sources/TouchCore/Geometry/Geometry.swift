/// A position in display pixels (or, before the transform, in controller units).
public struct Point: Hashable, Sendable {
    public var x: Int32
    public var y: Int32

    public init(x: Int32, y: Int32) {
        self.x = x
        self.y = y
    }

    /// Squared Euclidean distance, in 64 bits so that no pair of 16-bit positions overflows.
    public func squaredDistance(to other: Point) -> Int64 {
        let dx = widen(x) - widen(other.x)
        let dy = widen(y) - widen(other.y)
        return dx * dx + dy * dy
    }

    /// Whether `other` lies within `radius` pixels (inclusive) of this point.
    public func isWithin(_ radius: Int32, of other: Point) -> Bool {
        let r = widen(radius)
        return squaredDistance(to: other) <= r * r
    }
}

/// An axis-aligned rectangle in display pixels: `x ..< x+width`, `y ..< y+height`.
public struct Rect: Hashable, Sendable {
    public var x: Int32
    public var y: Int32
    public var width: Int32
    public var height: Int32

    public init(x: Int32, y: Int32, width: Int32, height: Int32) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public func contains(_ point: Point) -> Bool {
        point.x >= x && point.y >= y && point.x - x < width && point.y - y < height
    }
}
