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
