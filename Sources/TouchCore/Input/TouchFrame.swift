/// What a source says about one contact in a frame.
public enum TouchPointEvent: Sendable {
    /// The contact starts (a source that cannot tell says `contact`; the tracker knows).
    case down
    /// The contact ends at this position.
    case up
    /// The contact is (still) there.
    case contact
    /// A new contact took over this ID in the same frame as the old one left (an evdev slot
    /// whose tracking ID changed): the old touch is lifted, the new one goes down.
    case replaced
}

/// One contact of a frame: the source's touch ID (0 to 15), position in controller
/// coordinates, event, and the raw weight/area the controller gave (0 where it gives none).
public struct TouchPoint: Equatable, Sendable {
    // The position first: 12 bytes a point rather than 16 (a frame is copied whole).
    public var position: Point
    public var id: UInt8
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

/// The seam between every touch source and the engine (DESIGN.md section 1): the contacts
/// one report, or one evdev SYN_REPORT, describes, in controller coordinates. The instant it
/// was measured travels beside it. A fixed-capacity set, so decoding never allocates.
public struct TouchFrame: Equatable, Sendable {
    /// The largest controllers (FT5506, FT5x26, FT5x46, GT9271) report 10 points.
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
            return storage.span[index]
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
        let points = storage.span
        for index in 0..<count where points[index].id == id {
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
