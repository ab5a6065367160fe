/// The panel's buttons in configuration order, with a fixed capacity so that the
/// classifier's state can be a fixed array too.
public struct ButtonLayout: Sendable {
    /// Enough for a full on-screen keyboard; raise it here if a panel needs more.
    public static let capacity = 64

    private var storage: InlineArray<64, ButtonSpec>
    public private(set) var count: Int

    public init() {
        storage = InlineArray(repeating: ButtonSpec(rect: Rect(x: 0, y: 0, width: 0, height: 0)))
        count = 0
    }

    public subscript(index: Int) -> ButtonSpec {
        get {
            precondition(index >= 0 && index < count, "ButtonLayout index out of range")
            // Through a span: indexing the InlineArray itself copied all 64 specs per access.
            return storage.span[index]
        }
        set {
            precondition(index >= 0 && index < count, "ButtonLayout index out of range")
            storage[index] = newValue
        }
    }

    /// Adds a button; returns false (and adds nothing) when the layout is full.
    @discardableResult
    public mutating func append(_ button: ButtonSpec) -> Bool {
        guard count < ButtonLayout.capacity else { return false }
        storage[count] = button
        count += 1
        return true
    }

    /// The first listed button whose rect contains `point` (rule 1: the first wins where
    /// rects overlap), enabled or not.
    public func hitTest(_ point: Point) -> Int? {
        let buttons = storage.span
        for index in 0..<count where buttons[index].rect.contains(point) {
            return index
        }
        return nil
    }
}
