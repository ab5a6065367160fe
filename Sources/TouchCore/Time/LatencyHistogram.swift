/// A fixed-size latency histogram in microseconds, for the firmware to keep for years
/// without growing: 16 exact buckets below 16 µs, then 16 buckets per power of two (6 %
/// resolution) up to about 35 minutes. Percentiles come back as the upper bound of their
/// bucket, never above the largest value seen.
public struct LatencyHistogram: Sendable {
    static let subBuckets = 16
    static let bucketCount = 16 + 27 * 16

    private var counts: InlineArray<448, UInt32>
    public private(set) var count: Int64
    public private(set) var maxMicroseconds: Int64
    public private(set) var totalMicroseconds: Int64

    public init() {
        counts = InlineArray(repeating: 0)
        count = 0
        maxMicroseconds = 0
        totalMicroseconds = 0
    }

    /// Adds one latency; negative durations (clock skew between edge and reader) count as 0.
    public mutating func record(_ duration: MonotonicDuration) {
        let microseconds = duration.nanoseconds > 0 ? duration.nanoseconds / 1_000 : 0
        let index = LatencyHistogram.bucket(of: microseconds)
        if counts[index] < UInt32.max { counts[index] += 1 }
        count += 1
        totalMicroseconds += microseconds
        if microseconds > maxMicroseconds { maxMicroseconds = microseconds }
    }

    /// The latency below which `permille`/1000 of the recorded values lie (500: median,
    /// 990: p99), as its bucket's upper bound; 0 when nothing was recorded.
    public func percentile(permille: Int64) -> Int64 {
        guard count > 0 else { return 0 }
        var rank = (count * permille + 999) / 1000
        if rank < 1 { rank = 1 }
        var seen: Int64 = 0
        for index in 0..<LatencyHistogram.bucketCount {
            seen += widen(counts[index])
            if seen >= rank {
                let bound = LatencyHistogram.upperBound(of: index)
                return bound < maxMicroseconds ? bound : maxMicroseconds
            }
        }
        return maxMicroseconds
    }

    static func bucket(of microseconds: Int64) -> Int {
        if microseconds < 16 { return Int(truncatingIfNeeded: microseconds) }
        let exponent = 63 - microseconds.leadingZeroBitCount  // 4 or more
        let mantissa = Int(truncatingIfNeeded: (microseconds &>> widen(exponent - 4)) & 15)
        let index = 16 + (exponent - 4) * 16 + mantissa
        return index < bucketCount ? index : bucketCount - 1
    }

    /// The largest value that falls into bucket `index`.
    static func upperBound(of index: Int) -> Int64 {
        if index < 16 { return widen(index) }
        let exponent = (index - 16) / 16 + 4
        let mantissa = widen((index - 16) % 16)
        let shift = widen(exponent - 4)
        return ((16 + mantissa + 1) &<< shift) - 1
    }
}
