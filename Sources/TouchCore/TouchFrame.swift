/// What the controller says about one contact in a report (XH bits 7:6).
public enum TouchPointEvent: UInt8, Sendable {
    case down = 0
    case up = 1
    case contact = 2
}

/// One contact of a report: controller ID, position, event, and the raw weight/area bytes.
public struct TouchPoint: Equatable, Sendable {
    public var id: UInt8
    public var position: Point
    public var event: TouchPointEvent
    public var weight: UInt8
    public var area: UInt8

    public init(id: UInt8, position: Point, event: TouchPointEvent, weight: UInt8 = 0, area: UInt8 = 0) {
        self.id = id
        self.position = position
        self.event = event
        self.weight = weight
        self.area = area
    }
}

/// The contacts of one report: a fixed-capacity set, so decoding never allocates.
public struct TouchFrame: Equatable, Sendable {
    /// The largest FT5x06 family member (FT5506, FT5x26) reports 10 points.
    public static let capacity = 10

    private var storage: InlineArray<10, TouchPoint>
    public private(set) var count: Int

    public init() {
        storage = InlineArray(repeating: TouchPoint(id: 0, position: Point(x: 0, y: 0), event: .up))
        count = 0
    }

    public var isEmpty: Bool { count == 0 }

    public subscript(index: Int) -> TouchPoint {
        get {
            precondition(index >= 0 && index < count, "TouchFrame index out of range")
            return storage[index]
        }
        set {
            precondition(index >= 0 && index < count, "TouchFrame index out of range")
            storage[index] = newValue
        }
    }

    /// Adds a point; returns false (and adds nothing) when the frame is full.
    @discardableResult
    public mutating func append(_ point: TouchPoint) -> Bool {
        guard count < TouchFrame.capacity else { return false }
        storage[count] = point
        count += 1
        return true
    }

    public func contains(id: UInt8) -> Bool {
        for index in 0..<count where storage[index].id == id {
            return true
        }
        return false
    }

    public static func == (lhs: TouchFrame, rhs: TouchFrame) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for index in 0..<lhs.count where lhs.storage[index] != rhs.storage[index] {
            return false
        }
        return true
    }
}
