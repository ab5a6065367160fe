import Testing
import TouchCore

/// A chart's ring with exact values: buckets of 5 minutes at wall-clock milliseconds, each
/// with its min, mean (sum / count, rounded half away from zero) and max in thousandths.
@Suite("Chart: the ring's buckets, gaps, window and file check")
struct ChartRingTests {
    /// 2026-11-26 11:00:00 UTC: the start of a 5-minute bucket.
    static let baseMs: Int64 = 1_795_690_800_000
    static let bucketMs: Int64 = 300_000

    /// A ring over memory of its own, empty; `body` gets it.
    func withRing<R>(points: Int, bucketMs: Int64 = bucketMs, _ body: (ChartRing) throws -> R) rethrows -> R {
        var memory = [UInt8](repeating: 0xEE, count: ChartRing.byteCount(points: points))
        return try memory.withUnsafeMutableBytes { bytes in
            let ring = ChartRing(storage: bytes, points: points, bucketMs: bucketMs)!
            ring.reset()
            return try body(ring)
        }
    }

    @Test func aBucketKeepsExactMinMeanAndMax() {
        withRing(points: 4) { ring in
            #expect(ring.newestBucket == nil)
            #expect(ring.lastMilli == nil)
            #expect(ring.filledCount == 0)
            #expect(ring.record(10_000, atEpochMs: Self.baseMs) == .added)
            #expect(ring.record(20_000, atEpochMs: Self.baseMs + 1_000) == .added)
            #expect(ring.record(15_500, atEpochMs: Self.baseMs + 299_999) == .added)
            let bucket = ring.bucket(age: 0)
            #expect(bucket == ChartBucket(minMilli: 10_000, maxMilli: 20_000, count: 3, sumMilli: 45_500))
            // 45,500 / 3 = 15,166.67: 15,167.
            #expect(bucket?.meanMilli == 15_167)
            #expect(ring.newestBucket == Self.baseMs / Self.bucketMs)
            #expect(ring.lastMilli == 15_500)
            #expect(ring.filledCount == 1)
            #expect(ring.bucket(age: 1) == nil)
        }
    }

    @Test func negativeMeansRoundHalfAwayFromZero() {
        #expect(ChartBucket(minMilli: -3, maxMilli: -2, count: 2, sumMilli: -5).meanMilli == -3)
        #expect(ChartBucket(minMilli: 2, maxMilli: 3, count: 2, sumMilli: 5).meanMilli == 3)
        #expect(ChartBucket(minMilli: -1, maxMilli: 1, count: 3, sumMilli: -1).meanMilli == 0)
    }

    @Test func aValueAfterTheBoundaryOpensTheNextBucket() {
        withRing(points: 4) { ring in
            ring.record(1_000, atEpochMs: Self.baseMs + 299_999)
            #expect(ring.record(2_000, atEpochMs: Self.baseMs + 300_000) == .opened)
            #expect(ring.newestBucket == Self.baseMs / Self.bucketMs + 1)
            #expect(ring.bucket(age: 0) == ChartBucket(minMilli: 2_000, maxMilli: 2_000, count: 1, sumMilli: 2_000))
            #expect(ring.bucket(age: 1) == ChartBucket(minMilli: 1_000, maxMilli: 1_000, count: 1, sumMilli: 1_000))
            #expect(ring.filledCount == 2)
            #expect(ring.lastMilli == 2_000)
        }
    }

    @Test func aGapLongerThanABucketLeavesEmptyBuckets() {
        withRing(points: 6) { ring in
            ring.record(1_000, atEpochMs: Self.baseMs)
            #expect(ring.record(4_000, atEpochMs: Self.baseMs + 3 * Self.bucketMs + 10) == .opened)
            #expect(ring.bucket(age: 0) == ChartBucket(minMilli: 4_000, maxMilli: 4_000, count: 1, sumMilli: 4_000))
            #expect(ring.bucket(age: 1) == nil)
            #expect(ring.bucket(age: 2) == nil)
            #expect(ring.bucket(age: 3) == ChartBucket(minMilli: 1_000, maxMilli: 1_000, count: 1, sumMilli: 1_000))
            #expect(ring.filledCount == 2)
        }
    }

    @Test func theRingWrapsAndForgetsWhatLeavesTheWindow() {
        withRing(points: 3) { ring in
            for bucket in 0..<5 { ring.record(Int32(bucket) * 1_000, atEpochMs: Self.baseMs + Int64(bucket) * Self.bucketMs) }
            #expect((0..<3).map { ring.bucket(age: $0)?.meanMilli } == [4_000, 3_000, 2_000])
            #expect(ring.filledCount == 3)
            // Older than the oldest bucket: dropped. In the window: into its own bucket.
            #expect(ring.record(9_000, atEpochMs: Self.baseMs + Self.bucketMs) == .tooOld)
            #expect(ring.record(9_000, atEpochMs: Self.baseMs + 2 * Self.bucketMs + 5) == .addedToOlder)
            #expect(ring.record(1_000, atEpochMs: Self.baseMs + 4 * Self.bucketMs + 5) == .added)
            #expect(ring.bucket(age: 2) == ChartBucket(minMilli: 2_000, maxMilli: 9_000, count: 2, sumMilli: 11_000))
            #expect(ring.lastMilli == 1_000)
        }
    }

    @Test func aGapOfTheWholeWindowStartsTheRingEmpty() {
        withRing(points: 4) { ring in
            ring.record(1_000, atEpochMs: Self.baseMs)
            ring.record(2_000, atEpochMs: Self.baseMs + Self.bucketMs)
            // Moved on within the window: the history stays, the buckets between are empty.
            #expect(ring.advance(toEpochMs: Self.baseMs + 3 * Self.bucketMs))
            #expect((0..<4).map { ring.bucket(age: $0)?.meanMilli } == [nil, nil, 2_000, 1_000])
            #expect(ring.lastMilli == 2_000)
            #expect(!ring.advance(toEpochMs: Self.baseMs + 3 * Self.bucketMs + 1))
            // Four buckets on from the newest: nothing of it is left, not even the last value.
            #expect(ring.advance(toEpochMs: Self.baseMs + 7 * Self.bucketMs))
            #expect(ring.filledCount == 0)
            #expect(ring.lastMilli == nil)
            #expect(ring.newestBucket == Self.baseMs / Self.bucketMs + 7)
            #expect(ring.record(5_000, atEpochMs: Self.baseMs + 20 * Self.bucketMs) == .opened)
            #expect(ring.filledCount == 1)
        }
    }

    @Test func aWindowLongerThanTheHistory() {
        // 288 buckets of 5 minutes and three values in the last quarter hour.
        withRing(points: 288) { ring in
            ring.record(230_000, atEpochMs: Self.baseMs)
            ring.record(240_000, atEpochMs: Self.baseMs + Self.bucketMs)
            ring.record(250_000, atEpochMs: Self.baseMs + 2 * Self.bucketMs)
            #expect(ring.filledCount == 3)
            #expect((0..<4).map { ring.bucket(age: $0)?.meanMilli } == [250_000, 240_000, 230_000, nil])
            #expect(ring.bucket(age: 287) == nil)
            #expect(ring.bucket(age: 288) == nil)
            let spec = ChartSpec(
                rect: Rect(x: 0, y: 0, width: 400, height: 200), style: .line, fixedLowMilli: nil, fixedHighMilli: nil,
                background: .black, line: .white, band: .white, text: .white, textLinePx: 0)
            #expect(spec.range(of: ring) == (low: 230_000, high: 250_000))
        }
    }

    @Test func theEndsFromTheConfigOrTheData() {
        withRing(points: 4) { ring in
            var spec = ChartSpec(
                rect: Rect(x: 0, y: 0, width: 40, height: 20), style: .line, fixedLowMilli: nil, fixedHighMilli: nil,
                background: .black, line: .white, band: .white, text: .white, textLinePx: 0)
            #expect(spec.range(of: ring) == (low: 0, high: 1_000))
            ring.record(5_000, atEpochMs: Self.baseMs)
            #expect(spec.range(of: ring) == (low: 5_000, high: 6_000))
            ring.record(-2_000, atEpochMs: Self.baseMs + 1)
            #expect(spec.range(of: ring) == (low: -2_000, high: 5_000))
            spec.fixedLowMilli = 0
            #expect(spec.range(of: ring) == (low: 0, high: 5_000))
            spec.fixedHighMilli = 10_000
            #expect(spec.range(of: ring) == (low: 0, high: 10_000))
        }
    }

    @Test func theFileCheckNamesWhatIsWrong() {
        withRing(points: 4) { ring in
            ring.record(1_000, atEpochMs: Self.baseMs)
            let good = Array(UnsafeRawBufferPointer(ring.storage))
            #expect(good.count == 32 + 4 * 20)
            func check(_ bytes: [UInt8], points: Int = 4, bucketMs: Int64 = Self.bucketMs) -> ChartFileProblem? {
                bytes.withUnsafeBytes { ChartFileProblem.check($0, points: points, bucketMs: bucketMs) }
            }
            #expect(check(good) == nil)
            #expect(check(good, points: 5) == .otherPoints(4))
            #expect(check(good, bucketMs: 600_000) == .otherBucketMs(300_000))
            #expect(check(Array(good.dropLast())) == .wrongSize(bytes: 111, expected: 112))
            #expect(check(Array(good.prefix(10))) == .wrongSize(bytes: 10, expected: 112))
            var foreign = good
            foreign[0] = UInt8(ascii: "X")
            #expect(check(foreign) == .wrongMagic)
            var later = good
            later[4] = 2
            #expect(check(later) == .wrongVersion(2))
        }
    }
}
