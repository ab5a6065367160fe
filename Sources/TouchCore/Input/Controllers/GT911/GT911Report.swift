/// The bytes of one Goodix GT911/GT9271 report, as read from register 0x814E: the status
/// byte (bit 7 ready, bit 4 key, low nibble = points), then 8 bytes a point: track ID,
/// x LE16, y LE16, size LE16, reserved. Fixed capacity for the largest model (10 points).
public struct GT911Report: Sendable {
    /// The status byte + 10 points of 8 bytes.
    public static let capacity = 81
    public static let statusLength = 1
    public static let pointLength = 8

    /// The number of bytes a read must return for `points` points.
    public static func length(points: Int) -> Int {
        statusLength + pointLength * points
    }

    public var bytes: InlineArray<81, UInt8>
    /// How many bytes of `bytes` hold data (a short read leaves fewer).
    public var count: Int

    public init() {
        bytes = InlineArray(repeating: 0)
        count = 0
    }

    /// Appends a byte; returns false when the report is full.
    @discardableResult
    public mutating func append(_ byte: UInt8) -> Bool {
        guard count < GT911Report.capacity else { return false }
        bytes[count] = byte
        count += 1
        return true
    }

    /// Read in place: indexing the InlineArray through this getter copied the whole block.
    public subscript(index: Int) -> UInt8 {
        bytes.span[index]
    }
}
