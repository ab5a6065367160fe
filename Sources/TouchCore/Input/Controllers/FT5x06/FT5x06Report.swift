/// The register block of one FT5x06 report, as read from register 0x00: DEVICE_MODE,
/// GEST_ID, TD_STATUS, then 6 bytes per point. Fixed capacity for the largest model.
public struct FT5x06Report: Sendable {
    /// 3 header bytes + 10 points of 6 bytes.
    public static let capacity = 63
    public static let headerLength = 3
    public static let pointLength = 6

    /// The number of bytes a read must return for `points` points.
    public static func length(points: Int) -> Int {
        headerLength + pointLength * points
    }

    public var bytes: InlineArray<63, UInt8>
    /// How many bytes of `bytes` hold data (a short read leaves fewer).
    public var count: Int

    public init() {
        bytes = InlineArray(repeating: 0xFF)
        count = 0
    }

    /// Appends a byte; returns false when the report is full.
    @discardableResult
    public mutating func append(_ byte: UInt8) -> Bool {
        guard count < FT5x06Report.capacity else { return false }
        bytes[count] = byte
        count += 1
        return true
    }

    /// Read in place: indexing the InlineArray through this getter copied the whole block.
    public subscript(index: Int) -> UInt8 {
        bytes.span[index]
    }
}
