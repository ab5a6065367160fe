/// Whether bytes read back are a history for this chart: a file from another version, or for
/// another number of points or another window, would misplace every bucket, so it is not used.
public enum ChartFileProblem: Equatable, Sendable {
    case wrongSize(bytes: Int, expected: Int)
    case wrongMagic
    case wrongVersion(UInt32)
    case otherPoints(Int)
    case otherBucketMs(Int64)

    /// The problem with `bytes` as the history of a ring of `points` buckets of `bucketMs`;
    /// nil when it is one.
    public static func check(_ bytes: UnsafeRawBufferPointer, points: Int, bucketMs: Int64) -> ChartFileProblem? {
        let expected = ChartRing.byteCount(points: points)
        if bytes.count >= ChartRing.headerBytes {
            guard UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 0, as: UInt32.self)) == ChartRing.magic else { return .wrongMagic }
            let version = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
            guard version == ChartRing.version else { return .wrongVersion(version) }
            let filePoints = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt32.self)))
            guard filePoints == points else { return .otherPoints(filePoints) }
            let fileBucketMs = widen(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 12, as: UInt32.self)))
            guard fileBucketMs == bucketMs else { return .otherBucketMs(fileBucketMs) }
        }
        guard bytes.count == expected else { return .wrongSize(bytes: bytes.count, expected: expected) }
        return nil
    }
}
