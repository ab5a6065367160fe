import Testing
import TouchCore

/// A chart painted column by column: each column one bucket, the band from its min to its max,
/// the mean as a line; a value into the newest bucket repaints only that bucket's columns.
@Suite("Render: charts")
struct RenderChartTests {
    static let baseMs: Int64 = 1_795_690_800_000
    static let background = RGBColor(r: 0, g: 0, b: 0)
    static let line = RGBColor(r: 255, g: 255, b: 255)
    static let band = RGBColor(r: 80, g: 80, b: 80)

    static func spec(_ style: ChartStyle) -> ChartSpec {
        // 8 columns, 11 rows: 0 at row 10, 10 (thousandths 10,000) at row 0.
        ChartSpec(
            rect: Rect(x: 0, y: 0, width: 8, height: 11), style: style, fixedLowMilli: 0, fixedHighMilli: 10_000,
            background: background, line: line, band: band, text: line, textLinePx: 0)
    }

    /// Column `x` of the picture, top to bottom: "." background, "b" band, "L" line.
    static func column(_ fb: TestFramebuffer, _ x: Int) -> String {
        String((0..<11).map { y -> Character in
            switch fb.pixelBytes(physicalX: x, y: y) {
            case [0, 0, 0, 0]: "."
            case [80, 80, 80, 0]: "b"
            case [255, 255, 255, 0]: "L"
            default: "?"
            }
        })
    }

    @Test func lineBandAndEmptyBuckets() {
        var memory = [UInt8](repeating: 0, count: ChartRing.byteCount(points: 4))
        memory.withUnsafeMutableBytes { bytes in
            let ring = ChartRing(storage: bytes, points: 4, bucketMs: 300_000)!
            ring.reset()
            // Oldest to newest: 2..6 (mean 4), empty, 5, 5.
            ring.record(2_000, atEpochMs: Self.baseMs)
            ring.record(6_000, atEpochMs: Self.baseMs + 1)
            ring.record(5_000, atEpochMs: Self.baseMs + 600_000)
            ring.record(5_000, atEpochMs: Self.baseMs + 900_000)
            var fb = TestFramebuffer(width: 8, height: 11, format: .xrgb8888)
            var palette = CoveragePalette()
            fb.paint { painter, buffer in
                painter.paintChart(ChartLook(ring: ring, revision: 1), spec: Self.spec(.line), previous: nil, text: nil, palette: &palette, in: buffer) != nil
            }
            // Two columns a bucket. Rows: 6 at row 4, 4 at row 6, 2 at row 8, 5 at row 5.
            #expect((0..<8).map { Self.column(fb, $0) } == [
                "....bLLbb..", "....bLLbb..", "...........", "...........",
                "....LL.....", "....LL.....", "....LL.....", "....LL.....",
            ])
        }
    }

    @Test(arguments: [DisplayRotation.degrees90, .degrees180, .degrees270])
    func everyRotationDrawsTheSameLogicalPicture(_ rotation: DisplayRotation) {
        var memory = [UInt8](repeating: 0, count: ChartRing.byteCount(points: 4))
        memory.withUnsafeMutableBytes { bytes in
            let ring = ChartRing(storage: bytes, points: 4, bucketMs: 300_000)!
            ring.reset()
            ring.record(2_000, atEpochMs: Self.baseMs)
            ring.record(6_000, atEpochMs: Self.baseMs + 1)
            ring.record(5_000, atEpochMs: Self.baseMs + 600_000)
            ring.record(5_000, atEpochMs: Self.baseMs + 900_000)
            let turned = rotation == .degrees90 || rotation == .degrees270
            var fb = TestFramebuffer(width: turned ? 11 : 8, height: turned ? 8 : 11, format: .xrgb8888, rotation: rotation)
            var palette = CoveragePalette()
            fb.paint { painter, buffer in
                painter.paintChart(ChartLook(ring: ring, revision: 1), spec: Self.spec(.line), previous: nil, text: nil, palette: &palette, in: buffer) != nil
            }
            let snapshot = fb
            func column(_ x: Int) -> String {
                String((0..<11).map { y -> Character in
                    let p: (Int, Int)
                    switch rotation {
                    case .degrees0: p = (x, y)
                    case .degrees90: p = (11 - 1 - y, x)
                    case .degrees180: p = (8 - 1 - x, 11 - 1 - y)
                    case .degrees270: p = (y, 8 - 1 - x)
                    }
                    switch snapshot.pixelBytes(physicalX: p.0, y: p.1) {
                    case [0, 0, 0, 0]: return "."
                    case [80, 80, 80, 0]: return "b"
                    case [255, 255, 255, 0]: return "L"
                    default: return "?"
                    }
                })
            }
            #expect((0..<8).map { column($0) } == [
                "....bLLbb..", "....bLLbb..", "...........", "...........",
                "....LL.....", "....LL.....", "....LL.....", "....LL.....",
            ])
        }
    }

    @Test func aPlotNarrowerThanItsPointsShowsTheNewestAndLeavesOutTheOldest() {
        // 8 points in 4 columns: columns 3, 2, 1, 0 show ages 0, 2, 4, 6.
        var memory = [UInt8](repeating: 0, count: ChartRing.byteCount(points: 8))
        memory.withUnsafeMutableBytes { bytes in
            let ring = ChartRing(storage: bytes, points: 8, bucketMs: 300_000)!
            ring.reset()
            for bucket in 0..<8 { ring.record(Int32(bucket + 1) * 1_000, atEpochMs: Self.baseMs + Int64(bucket) * 300_000) }
            var spec = Self.spec(.bars)
            spec.rect = Rect(x: 0, y: 0, width: 4, height: 11)
            var fb = TestFramebuffer(width: 4, height: 11, format: .xrgb8888)
            var palette = CoveragePalette()
            var drawn: ChartDrawn?
            fb.paint { painter, buffer in
                drawn = painter.paintChart(ChartLook(ring: ring, revision: 1), spec: spec, previous: nil, text: nil, palette: &palette, in: buffer)
                return drawn != nil
            }
            // Ages 6, 4, 2, 0: values 2, 4, 6, 8.
            #expect((0..<4).map { Self.column(fb, $0) } == ["........LLL", "......LLLLL", "....LLLLLLL", "..LLLLLLLLL"])
            // A value into the newest bucket repaints its column.
            ring.record(10_000, atEpochMs: Self.baseMs + 7 * 300_000 + 1)
            fb.paint { painter, buffer in
                painter.paintChart(ChartLook(ring: ring, revision: 2), spec: spec, previous: drawn, text: nil, palette: &palette, in: buffer) != nil
            }
            #expect(Self.column(fb, 3) == "bLLLLLLLLLL")
        }
    }

    @Test func barsFromTheBottom() {
        var memory = [UInt8](repeating: 0, count: ChartRing.byteCount(points: 2))
        memory.withUnsafeMutableBytes { bytes in
            let ring = ChartRing(storage: bytes, points: 2, bucketMs: 300_000)!
            ring.reset()
            ring.record(2_000, atEpochMs: Self.baseMs + 300_000)
            ring.record(6_000, atEpochMs: Self.baseMs + 300_001)
            var fb = TestFramebuffer(width: 8, height: 11, format: .xrgb8888)
            var palette = CoveragePalette()
            fb.paint { painter, buffer in
                painter.paintChart(ChartLook(ring: ring, revision: 1), spec: Self.spec(.bars), previous: nil, text: nil, palette: &palette, in: buffer) != nil
            }
            #expect((0..<8).map { Self.column(fb, $0) } == [
                "...........", "...........", "...........", "...........",
                "....bbLLLLL", "....bbLLLLL", "....bbLLLLL", "....bbLLLLL",
            ])
        }
    }

    @Test func aValueInTheNewestBucketRepaintsOnlyItsColumns() {
        var memory = [UInt8](repeating: 0, count: ChartRing.byteCount(points: 4))
        memory.withUnsafeMutableBytes { bytes in
            let ring = ChartRing(storage: bytes, points: 4, bucketMs: 300_000)!
            ring.reset()
            for bucket in 0..<4 { ring.record(Int32(bucket + 1) * 2_000, atEpochMs: Self.baseMs + Int64(bucket) * 300_000) }
            var fb = TestFramebuffer(width: 8, height: 11, format: .xrgb8888)
            var palette = CoveragePalette()
            var drawn: ChartDrawn?
            fb.paint { painter, buffer in
                drawn = painter.paintChart(ChartLook(ring: ring, revision: 1), spec: Self.spec(.line), previous: nil, text: nil, palette: &palette, in: buffer)
                return drawn != nil
            }
            // The newest bucket gets a lower value; the columns before it are left as they are
            // (marked here, so that a write to them would show).
            ring.record(6_000, atEpochMs: Self.baseMs + 900_001)
            fb.paint { _, buffer in
                for y in 0..<11 { for x in 0..<6 { buffer.storeBytes(of: 0x00AB_CDEF, toByteOffset: (y * 8 + x) * 4, as: UInt32.self) } }
                return true
            }
            fb.paint { painter, buffer in
                painter.paintChart(ChartLook(ring: ring, revision: 2), spec: Self.spec(.line), previous: drawn, text: nil, palette: &palette, in: buffer) != nil
            }
            #expect((0..<6).map { Self.column(fb, $0) } == Array(repeating: "???????????", count: 6))
            // 6..8 (band rows 2-4), mean 7 (row 3): joined to the bucket before (6: row 4) in
            // its first column, two pixels thick in the second.
            #expect(Self.column(fb, 6) == "..LLL......")
            #expect(Self.column(fb, 7) == "..LLb......")
            // A value that came late, into an older bucket: the whole chart again.
            ring.record(2_000, atEpochMs: Self.baseMs + 1)
            fb.paint { painter, buffer in
                drawn = painter.paintChart(
                    ChartLook(ring: ring, revision: 3, olderChanges: 1), spec: Self.spec(.line), previous: drawn, text: nil, palette: &palette, in: buffer)
                return drawn != nil
            }
            #expect(Self.column(fb, 0) == ".......LL..")
            #expect(drawn?.olderChanges == 1)
        }
    }
}
