/// Per-touch input to the classifier, in display pixels. Touch IDs are the controller's
/// 4-bit IDs (0 to 15); trace point lines use the same range.
public enum TouchInput: Equatable, Sendable {
    case down(id: UInt8, at: Point)
    case move(id: UInt8, to: Point)
    case up(id: UInt8, at: Point)
    /// One touch is cancelled: the tracker lost it (no frame for lost_ms).
    case cancel(id: UInt8)
    /// Every held touch is cancelled: the source failed, a trace's `end`, a reload, a stop.
    case cancelAll

    /// The number of distinct touch IDs: 4 bits in the controller's YH register.
    public static let idCount = 16
}

/// The touch inputs that one frame produced. At most one per reported point plus one per
/// touch that vanished, so a fixed capacity of 32 always suffices.
public struct TouchInputBatch: Sendable {
    private var storage: InlineArray<32, TouchInput>
    public private(set) var count: Int

    public init() {
        storage = InlineArray(repeating: .cancelAll)
        count = 0
    }

    public subscript(index: Int) -> TouchInput {
        precondition(index >= 0 && index < count, "TouchInputBatch index out of range")
        return storage[index]
    }

    mutating func append(_ input: TouchInput) {
        precondition(count < 32, "TouchInputBatch overflow")
        storage[count] = input
        count += 1
    }
}
