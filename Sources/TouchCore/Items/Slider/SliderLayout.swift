/// The panel's sliders in configuration order, with a fixed capacity like `ButtonLayout`.
public struct SliderLayout: Sendable {
    public static let capacity = 16

    private var storage: InlineArray<16, SliderSpec>
    public private(set) var count: Int

    public init() {
        storage = InlineArray(repeating: SliderSpec(rect: Rect(x: 0, y: 0, width: 0, height: 0)))
        count = 0
    }

    public subscript(index: Int) -> SliderSpec {
        get {
            precondition(index >= 0 && index < count, "SliderLayout index out of range")
            return storage.span[index]
        }
        set {
            precondition(index >= 0 && index < count, "SliderLayout index out of range")
            storage[index] = newValue
        }
    }

    /// Adds a slider; returns false (and adds nothing) when the layout is full.
    @discardableResult
    public mutating func append(_ slider: SliderSpec) -> Bool {
        guard count < SliderLayout.capacity else { return false }
        storage[count] = slider
        count += 1
        return true
    }
}
