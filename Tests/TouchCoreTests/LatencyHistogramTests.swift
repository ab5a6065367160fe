import Testing
@testable import TouchCore

@Suite("Latency histogram")
struct LatencyHistogramTests {
    @Test func bucketsAreExactBelow16AndSixteenPerOctaveAbove() {
        #expect((0..<16).map { LatencyHistogram.bucket(of: Int64($0)) } == Array(0..<16))
        #expect(LatencyHistogram.bucket(of: 16) == 16)
        #expect(LatencyHistogram.bucket(of: 31) == 31)
        #expect(LatencyHistogram.bucket(of: 32) == 32)
        #expect(LatencyHistogram.bucket(of: 33) == 32)
        #expect(LatencyHistogram.upperBound(of: 32) == 33)
        #expect(LatencyHistogram.bucket(of: 1_000_000_000_000) == LatencyHistogram.bucketCount - 1)
    }

    @Test func percentilesAreBucketUpperBoundsCappedAtTheMaximum() {
        var histogram = LatencyHistogram()
        for us in 1...100 {
            histogram.record(MonotonicDuration(nanoseconds: Int64(us) * 1_000 + 999))
        }
        #expect(histogram.count == 100)
        #expect(histogram.percentile(permille: 500) == 51)
        #expect(histogram.percentile(permille: 990) == 99)
        #expect(histogram.percentile(permille: 1000) == 100)
        #expect(histogram.maxMicroseconds == 100)
        #expect(histogram.totalMicroseconds == 5050)
    }

    @Test func emptyAndNegative() {
        var histogram = LatencyHistogram()
        #expect(histogram.percentile(permille: 500) == 0)
        histogram.record(MonotonicDuration(nanoseconds: -5_000))
        #expect(histogram.percentile(permille: 500) == 0)
        #expect(histogram.count == 1)
    }
}
