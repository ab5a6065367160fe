import Testing
import TouchCore

@Suite("Render: a button's look prepared once per state")
struct RenderPreparedButtonTests {
    /// A 7x5 label with every kind of coverage: transparent, solid and partial.
    static let coverage: [UInt8] = (0..<35).map { UInt8(($0 * 53) % 256) }

    /// Paints one button both ways on fresh framebuffers and returns both, with the prepared
    /// look's byte count. A third way, through `palette` (kept by the caller from button to
    /// button, as a text item keeps its own), must give the direct way's pixels too.
    func paintBothWays(
        rect: Rect, width: Int32, height: Int32, format: PixelFormat, rotation: DisplayRotation,
        state: ButtonVisualState, borderWidth: Int32 = 1, palette: inout CoveragePalette
    ) -> (direct: [UInt8], blended: [UInt8], preparedBytes: Int) {
        var style = RenderButtonTests.style
        style.borderWidth = borderWidth
        var direct = TestFramebuffer(width: width, height: height, format: format, rotation: rotation, padding: 3)
        var viaCache = direct
        var viaPalette = direct
        var viaPreparedPalette = direct
        var preparedBytes = 0
        Self.coverage.withUnsafeBytes { pixels in
            let label = AlphaBitmap(width: 7, height: 5, stride: 7, pixels: pixels)!
            direct.paint { painter, buffer in
                painter.paintButton(rect: rect, style: style, state: state, label: label, in: buffer)
            }
            viaPalette.paint { painter, buffer in
                painter.paintButton(rect: rect, style: style, state: state, label: label, palette: &palette, in: buffer)
            }
            viaCache.paint { painter, buffer in
                let room = painter.preparedByteCount(label: label, rect: rect, style: style)
                let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: room, alignment: 16)
                defer { memory.deallocate() }
                memory.initializeMemory(as: UInt8.self, repeating: 0x55)
                let prepared = painter.prepare(label: label, rect: rect, style: style, state: state, into: memory)
                #expect((prepared == nil) == (room == 0))
                preparedBytes = prepared?.byteCount ?? 0
                #expect(preparedBytes <= room)
                return painter.paintButton(rect: rect, style: style, state: state, prepared: prepared, in: buffer)
            }
            // Prepared through a palette, as a page's looks are each time it is shown.
            viaPreparedPalette.paint { painter, buffer in
                let memory = UnsafeMutableRawBufferPointer.allocate(
                    byteCount: painter.preparedByteCount(label: label, rect: rect, style: style), alignment: 16)
                defer { memory.deallocate() }
                memory.initializeMemory(as: UInt8.self, repeating: 0xAA)
                var shared = palette
                let prepared = painter.prepare(label: label, rect: rect, style: style, state: state, palette: &shared, into: memory)
                return painter.paintButton(rect: rect, style: style, state: state, prepared: prepared, in: buffer)
            }
        }
        #expect(viaPalette.bytes == direct.bytes, "through a palette: \(format.bytesPerPixel) bytes, \(state)")
        #expect(viaPreparedPalette.bytes == direct.bytes, "prepared through a palette: \(format.bytesPerPixel) bytes, \(state)")
        return (direct.bytes, viaCache.bytes, preparedBytes)
    }

    @Test(arguments: [DisplayRotation.degrees0, .degrees90, .degrees180, .degrees270])
    func theSamePixelsAsBlendingEveryRepaint(rotation: DisplayRotation) {
        var palette = CoveragePalette()
        for format in [PixelFormat.xrgb8888, .rgb565, .rgb888] {
            for state in [ButtonVisualState.normal, .pressed, .disabled, .on] {
                let whole = paintBothWays(
                    rect: Rect(x: 2, y: 1, width: 11, height: 9), width: 16, height: 12, format: format,
                    rotation: rotation, state: state, palette: &palette)
                #expect(whole.direct == whole.blended, "\(format.bytesPerPixel) bytes, \(state)")
                // More than the header and two physical rows of the 11x9 button (11 pixels, or
                // 9 on its side): its label's ink too.
                let quarterTurn = rotation == .degrees90 || rotation == .degrees270
                let row = quarterTurn ? 9 : 11
                let bpp = format.bytesPerPixel
                #expect(whole.preparedBytes > 32 + 2 * row * bpp + 25 * bpp)
                // Off the screen's edge and narrower than the label: only a part shows.
                let clipped = paintBothWays(
                    rect: Rect(x: -3, y: 8, width: 6, height: 7), width: 16, height: 12, format: format,
                    rotation: rotation, state: state, borderWidth: 0, palette: &palette)
                #expect(clipped.direct == clipped.blended, "clipped, \(format.bytesPerPixel) bytes, \(state)")
                // The button covers x -3...2, y 8...14, the label x -4...2, y 9...13. Visible:
                // columns 0...2; rows 8...11 and 9...11 on the 16x12 screen, 8...14 and 9...13 on
                // the 12x16 one the quarter turns give. The two rows are physical rows: 3 pixels
                // wide, or on its side as long as the visible part is tall.
                let quarter = rotation == .degrees90 || rotation == .degrees270
                let visibleRow = quarter ? 7 : 3
                #expect(clipped.preparedBytes > 32 + 2 * visibleRow * bpp)
            }
        }
    }

    /// Square buttons of 1 to 70 pixels, so that a physical row is as long in every rotation:
    /// rows under 16 bytes (copied), and every length left after the 128-byte turns of the
    /// 16-byte stores; with no border, borders whose ends take one 16-byte store (1 and 3
    /// pixels; 5 at 2 bytes a pixel), and borders wider than that, whose rows are copied.
    @Test(arguments: [DisplayRotation.degrees0, .degrees90, .degrees180, .degrees270])
    func everyRowLengthGivesTheSamePixels(rotation: DisplayRotation) {
        var palette = CoveragePalette()
        var compared = 0
        for format in [PixelFormat.xrgb8888, .rgb565, .rgb888] {
            for side in Int32(1)...70 {
                for borderWidth in [Int32(0), 1, 3, 5, 9] {
                    let both = paintBothWays(
                        rect: Rect(x: 1, y: 1, width: side, height: side), width: 72, height: 72, format: format,
                        rotation: rotation, state: .pressed, borderWidth: borderWidth, palette: &palette)
                    #expect(both.direct == both.blended, "\(format.bytesPerPixel) bytes, \(side) px, border \(borderWidth)")
                    compared += 1
                }
            }
        }
        #expect(compared == 3 * 70 * 5)
    }

    @Test func allBorderHasOnlyRowsAndOffScreenHasNothing() {
        var palette = CoveragePalette()
        let allBorder = paintBothWays(
            rect: Rect(x: 1, y: 1, width: 2, height: 2), width: 8, height: 8, format: .xrgb8888,
            rotation: .degrees0, state: .normal, palette: &palette)
        #expect(allBorder.preparedBytes == 48 + 2 * 2 * 4)   // the header, two rows of two pixels, no label
        #expect(allBorder.direct == allBorder.blended)
        let offScreen = paintBothWays(
            rect: Rect(x: 20, y: 20, width: 9, height: 9), width: 8, height: 8, format: .rgb565,
            rotation: .degrees90, state: .pressed, palette: &palette)
        #expect(offScreen.preparedBytes == 0)
        #expect(offScreen.direct == offScreen.blended)
    }

    /// Rows that a repaint writes as runs of one pixel are kept as those four pixels: at 2 and
    /// 4 bytes a pixel with a thin border; at 3 bytes a pixel (rows copied) and with a border
    /// wider than 16 bytes the rows themselves. Either way the pixels are those painted
    /// straight. A label without ink: the look is its header and its rows alone.
    @Test func aLookKeepsItsRowsAsRunsWhereARepaintWritesRuns() {
        let blank = [UInt8](repeating: 0, count: 35)
        let rect = Rect(x: 1, y: 1, width: 40, height: 20)
        let cases: [(PixelFormat, Int32, Int)] = [
            (.xrgb8888, 1, 48 + 16), (.rgb565, 2, 48 + 16), (.rgb888, 1, 48 + 2 * 40 * 3), (.xrgb8888, 5, 48 + 2 * 40 * 4),
        ]
        for (format, border, bytes) in cases {
            var style = RenderButtonTests.style
            style.borderWidth = border
            var direct = TestFramebuffer(width: 48, height: 24, format: format, padding: 3)
            var viaLook = direct
            var made = 0
            blank.withUnsafeBytes { pixels in
                let label = AlphaBitmap(width: 7, height: 5, stride: 7, pixels: pixels)!
                direct.paint { painter, buffer in
                    painter.paintButton(rect: rect, style: style, state: .pressed, label: label, in: buffer)
                }
                viaLook.paint { painter, buffer in
                    let memory = UnsafeMutableRawBufferPointer.allocate(
                        byteCount: painter.preparedByteCount(label: label, rect: rect, style: style), alignment: 16)
                    defer { memory.deallocate() }
                    let look = painter.prepare(label: label, rect: rect, style: style, state: .pressed, into: memory)
                    made = look?.byteCount ?? 0
                    #expect((look?.runs != nil) == (bytes == 48 + 16))
                    return painter.paintButton(rect: rect, style: style, state: .pressed, prepared: look, in: buffer)
                }
            }
            #expect(made == bytes, "\(format.bytesPerPixel) bytes a pixel, border \(border)")
            #expect(viaLook.bytes == direct.bytes, "\(format.bytesPerPixel) bytes a pixel, border \(border)")
        }
    }

    /// A look keeps its ink as spans: a run of 64 pixels or more of one value as that value,
    /// the edges stored, fill between two runs of ink stored when shorter than 64 pixels and
    /// left out when longer, rows without ink nothing.
    @Test func aLookKeepsItsInkAsSpans() throws {
        let row0: [UInt8] = [0, 128] + Array(repeating: 255, count: 70) + [128] + Array(repeating: 0, count: 27)
        let row1: [UInt8] = [200] + Array(repeating: 0, count: 63) + [200] + Array(repeating: 0, count: 35)
        let row2: [UInt8] = [200] + Array(repeating: 0, count: 64) + [200] + Array(repeating: 0, count: 34)
        let coverage = row0 + row1 + row2 + Array(repeating: 0, count: 100)
        let rect = Rect(x: 0, y: 0, width: 104, height: 9)
        for format in [PixelFormat.xrgb8888, .rgb565] {
            var direct = TestFramebuffer(width: 104, height: 9, format: format, padding: 3)
            var viaLook = direct
            var made: (bytes: Int, spans: Int, data: Int, chunked: Bool)?
            coverage.withUnsafeBytes { pixels in
                let label = AlphaBitmap(width: 100, height: 4, stride: 100, pixels: pixels)!
                direct.paint { painter, buffer in
                    painter.paintButton(rect: rect, style: RenderButtonTests.style, state: .normal, label: label, in: buffer)
                }
                viaLook.paint { painter, buffer in
                    let room = painter.preparedByteCount(label: label, rect: rect, style: RenderButtonTests.style)
                    let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: room, alignment: 16)
                    defer { memory.deallocate() }
                    let look = painter.prepare(label: label, rect: rect, style: RenderButtonTests.style, state: .normal, into: memory)
                    made = look.map { ($0.byteCount, $0.ink?.spanCount ?? 0, $0.ink?.data.count ?? 0, $0.ink?.chunked ?? false) }
                    return painter.paintButton(rect: rect, style: RenderButtonTests.style, state: .normal, prepared: look, in: buffer)
                }
            }
            #expect(viaLook.bytes == direct.bytes, "\(format.bytesPerPixel) bytes a pixel")
            let look = try #require(made)
            // Row 0: an edge pixel, 70 solid, an edge pixel (3 spans); row 1: pixels 0...64 (a
            // gap of 63 kept: 1 span); row 2: a pixel, a gap of 64 left out, a pixel (2 spans);
            // row 3 nothing (and is left out: a look keeps its rows with spans). Each stored span is padded to 16 bytes (4
            // pixels, or 8 at 2 bytes) with the pixels that follow it: at 4 bytes 4 + 4, 68,
            // 4 + 4 pixels; at 2 bytes 8 + 8, 72, 8 + 8.
            let bpp = format.bytesPerPixel
            #expect(look.spans == 6)
            // Every stored span whole chunks, every solid one (70 pixels here) at least 16
            // bytes: painted without a call.
            #expect(look.chunked)
            #expect(look.data == (bpp == 4 ? 84 * 4 : 104 * 2))
            // The header, the rows as their four pixels (16 bytes: a repaint writes them as
            // runs), 6 spans of 12 bytes (each with its row), then the data 16-byte aligned.
            #expect(look.bytes == ((48 + 16 + 72 + 15) & ~15) + look.data)
        }
    }

    /// Labels of runs (long solid ones, gaps of every length, single edge pixels) in buttons
    /// of many widths: the spans, padded or not, solid or not, give the pixels of blending.
    @Test(arguments: [DisplayRotation.degrees0, .degrees90, .degrees180, .degrees270])
    func labelsOfRunsGiveTheSamePixels(rotation: DisplayRotation) {
        var seed: UInt32 = 12345
        func next(_ below: Int) -> Int {
            seed = seed &* 1_103_515_245 &+ 12345
            return Int(seed >> 16) % below
        }
        var compared = 0
        for format in [PixelFormat.xrgb8888, .rgb565, .rgb888] {
            for _ in 0..<40 {
                let width = 1 + next(60)
                let height = 1 + next(12)
                var coverage: [UInt8] = []
                while coverage.count < width * height {
                    let run = 1 + next(next(2) == 0 ? 3 : 30)
                    let value: UInt8 = [0, 255, UInt8(1 + next(254))][next(3)]
                    coverage += Array(repeating: value, count: run)
                }
                coverage = Array(coverage.prefix(width * height))
                let rect = Rect(x: Int32(next(4)) - 2, y: Int32(next(4)), width: Int32(width + 2 + next(10)), height: Int32(height + 2 + next(6)))
                var direct = TestFramebuffer(width: 72, height: 24, format: format, rotation: rotation, padding: 3)
                var viaLook = direct
                coverage.withUnsafeBytes { pixels in
                    let label = AlphaBitmap(width: Int32(width), height: Int32(height), stride: width, pixels: pixels)!
                    direct.paint { painter, buffer in
                        painter.paintButton(rect: rect, style: RenderButtonTests.style, state: .pressed, label: label, in: buffer)
                    }
                    viaLook.paint { painter, buffer in
                        let room = painter.preparedByteCount(label: label, rect: rect, style: RenderButtonTests.style)
                        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: max(room, 1), alignment: 16)
                        defer { memory.deallocate() }
                        let look = painter.prepare(label: label, rect: rect, style: RenderButtonTests.style, state: .pressed, into: memory)
                        return painter.paintButton(rect: rect, style: RenderButtonTests.style, state: .pressed, prepared: look, in: buffer)
                    }
                }
                #expect(viaLook.bytes == direct.bytes, "\(format.bytesPerPixel) bytes, \(width)x\(height) in \(rect)")
                compared += 1
            }
        }
        #expect(compared == 120)
    }

    @Test func aLookMadeForAnotherButtonIsNotTrusted() {
        var fb = TestFramebuffer(width: 6, height: 4, format: .xrgb8888)
        // Rows of 5 pixels (another button's), with ink reaching off the screen.
        let offScreen = Rect(x: 4, y: 1, width: 4, height: 4)
        let stale = Self.look(rowPixels: 5, ink: offScreen, rows: [[(0, 4, 0x7777_7777)]])
        let fits = Self.look(rowPixels: 6, ink: offScreen, rows: [[(0, 4, 0x7777_7777)]])
        Self.paint(handMade: stale, on: &fb)
        // The fill only: no byte of the stale rows.
        #expect(fb.bytes == Array(repeating: [30, 200, 10, 0] as [UInt8], count: 24).flatMap { $0 })
        Self.paint(handMade: fits, on: &fb)
        // Matching rows are copied; the ink that would leave the screen is not.
        #expect(fb.bytes == [UInt8](repeating: 0x77, count: 96))
    }

    /// A span that reaches past its rect's width or past the stored pixels is skipped; the
    /// others are painted.
    @Test func aSpanOutsideItsRectOrDataIsSkipped() {
        var fb = TestFramebuffer(width: 8, height: 3, format: .xrgb8888)
        // Ink over the whole 8x3 button: row 0 a span one pixel too long, row 1 a span whose
        // pixels would be read past the data, row 2 a good stored span of two pixels.
        let look = Self.look(
            rowPixels: 8, ink: Rect(x: 0, y: 0, width: 8, height: 3),
            rows: [[(1, 8, 0x0102_0304 | 1 << 63)], [(0, 2, 4)], [(3, 2, 0)]], data: [0x0A0B_0C0D, 0x0E0F_1011])
        Self.paint(handMade: look, on: &fb)
        let row: [UInt8] = [0x77, 0x77, 0x77, 0x77]
        var expected = Array(repeating: row, count: 24)
        expected[16 + 3] = [0x0D, 0x0C, 0x0B, 0x0A]
        expected[16 + 4] = [0x11, 0x10, 0x0F, 0x0E]
        #expect(fb.bytes == expected.flatMap { $0 })
    }

    /// In a `chunked` look (every span whole 16-byte chunks, painted without a call), a span
    /// that reaches past its rect's width or past the stored pixels, or is not whole chunks,
    /// is skipped; the others are painted, a solid one as its repeated word.
    @Test func aChunkedLooksBadSpansAreSkipped() {
        var fb = TestFramebuffer(width: 8, height: 4, format: .xrgb8888)
        // Rows of 8 pixels: row 0 a span of 8 from pixel 1 (one too long); row 1 a stored
        // span of 4 whose pixels would be read past the 8 stored (from the 9th); row 2 a good stored span of 4
        // from pixel 4 and a span of 2 pixels (8 bytes, not a chunk); row 3 a solid span of 4.
        let look = Self.look(
            rowPixels: 8, ink: Rect(x: 0, y: 0, width: 8, height: 4),
            rows: [[(1, 8, 0x0102_0304 | 1 << 63)], [(0, 4, 32)], [(4, 4, 0), (0, 2, 0)], [(0, 4, 0x0A0B_0C0D | 1 << 63)]],
            data: [0x1111_1111, 0x2222_2222, 0x3333_3333, 0x4444_4444, 5, 6, 7, 8], chunked: true)
        Self.paint(handMade: look, on: &fb)
        var expected = Array(repeating: [UInt8](repeating: 0x77, count: 4), count: 32)
        for k in 0..<4 { expected[16 + 4 + k] = [UInt8](repeating: 0x11 * UInt8(k + 1), count: 4) }
        for k in 0..<4 { expected[24 + k] = [0x0D, 0x0C, 0x0B, 0x0A] }
        #expect(fb.bytes == expected.flatMap { $0 })
    }

    /// A span of several rows (rows whose ink starts and ends alike share one) paints each of
    /// them, a stored one from its rows' pixels one after another; one whose rows reach past
    /// its rect is skipped. The same with and without the `chunked` promise.
    @Test(arguments: [true, false])
    func aSpanOfSeveralRowsPaintsEach(chunked: Bool) {
        var fb = TestFramebuffer(width: 8, height: 4, format: .xrgb8888)
        // Row 0: a stored span of 4 pixels from pixel 4, made two rows long; row 2: a solid
        // span of 4 pixels, made two rows long.
        var look = Self.look(
            rowPixels: 8, ink: Rect(x: 0, y: 0, width: 8, height: 4),
            rows: [[(4, 4, 0)], [], [(0, 4, 0x0A0B_0C0D | 1 << 63)]], data: (1...8).map { 0x1111_1111 * UInt32($0) },
            chunked: chunked)
        let firstLength = 12 + 2 * 8 + 1
        let secondLength = firstLength + 3
        #expect(look[firstLength] == 16 && look[secondLength] == 16 | 1 << 31)
        look[firstLength] |= 1 << 16
        look[secondLength] |= 1 << 16
        func painted() -> [UInt8] {
            Self.paint(handMade: look, on: &fb)
            return fb.bytes
        }
        var expected = Array(repeating: [UInt8](repeating: 0x77, count: 4), count: 32)
        for k in 0..<8 { expected[(k / 4) * 8 + 4 + k % 4] = [UInt8](repeating: 0x11 * UInt8(k + 1), count: 4) }
        for k in 0..<8 { expected[16 + (k / 4) * 8 + k % 4] = [0x0D, 0x0C, 0x0B, 0x0A] }
        #expect(painted() == expected.flatMap { $0 }, "chunked: \(chunked)")
        // Three rows from row 2 reach past the rect's four: that span is skipped.
        look[secondLength] += 1 << 16
        for k in 0..<8 { expected[16 + (k / 4) * 8 + k % 4] = [0x77, 0x77, 0x77, 0x77] }
        #expect(painted() == expected.flatMap { $0 }, "chunked: \(chunked)")
    }

    /// Rows of a label whose ink starts and ends alike share a span: a bar 6 rows tall and
    /// 40 pixels wide is one stored span of 6 rows (stored, as its ends are partly covered;
    /// 40 pixels are whole chunks at 4 bytes), its rows' pixels one after another.
    @Test func rowsAlikeShareOneSpan() throws {
        let coverage: [UInt8] = Array(repeating: ([128] + Array(repeating: 255, count: 38) + [128]), count: 6).flatMap { $0 }
        let rect = Rect(x: 0, y: 0, width: 60, height: 10)
        let painter = FramebufferPainter(layout: FramebufferLayout(physicalWidth: 60, physicalHeight: 10, format: .xrgb8888)!)
        var made: (spans: Int, data: Int)?
        coverage.withUnsafeBytes { pixels in
            let label = AlphaBitmap(width: 40, height: 6, stride: 40, pixels: pixels)!
            let room = painter.preparedByteCount(label: label, rect: rect, style: RenderButtonTests.style)
            let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: room, alignment: 16)
            defer { memory.deallocate() }
            made = painter.prepare(label: label, rect: rect, style: RenderButtonTests.style, state: .normal, into: memory)
                .map { ($0.ink?.spanCount ?? 0, $0.ink?.data.count ?? 0) }
        }
        let look = try #require(made)
        #expect(look.spans == 1)
        #expect(look.data == 6 * 40 * 4)
    }

    /// The rows of a rounded corner keep, each, only the chunks of their ends that differ
    /// from the plain row: a radius of 8 at 4 bytes a pixel keeps two chunks (8 pixels) of
    /// each end; only the first row reaches past the first chunk (its pixel 5 is partly
    /// outside the curve; in the rows below, pixels 4 to 7 are all inside), and the last has
    /// none (every sample of its pixel 0 is inside).
    @Test func aCornersRowsKeepOnlyTheChunksThatDiffer() throws {
        var style = RenderButtonTests.style
        style.borderWidth = 0
        style.radiusPx = 8
        let painter = FramebufferPainter(layout: FramebufferLayout(physicalWidth: 40, physicalHeight: 30, format: .xrgb8888)!)
        let rect = Rect(x: 0, y: 0, width: 40, height: 30)
        let room = painter.preparedByteCount(label: nil, rect: rect, style: style)
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: room, alignment: 16)
        defer { memory.deallocate() }
        let look = try #require(painter.prepare(label: nil, rect: rect, style: style, state: .normal, into: memory))
        #expect(look.edgeRows == 8)
        #expect(look.edgeBytes == 32)
        #expect(Array(look.edgeChunks) == [2, 1, 1, 1, 1, 1, 1, 0])
    }

    /// A corner larger than an edge holds (radius 40: 160 bytes a row at 4 bytes a pixel, an
    /// edge at most 128) keeps 128 bytes as edges and the rest as spans: the pixels are those
    /// of painting straight, at every rotation, at 4 and 2 bytes a pixel.
    @Test(arguments: [DisplayRotation.degrees0, .degrees90, .degrees180, .degrees270])
    func aLargeCornerGivesThePixelsOfPaintingStraight(rotation: DisplayRotation) throws {
        var style = RenderButtonTests.style
        style.radiusPx = 40
        let label: [UInt8] = (0..<60).map { UInt8($0 * 4) }
        for format in [PixelFormat.xrgb8888, .rgb565] {
            var direct = TestFramebuffer(width: 112, height: 100, format: format, rotation: rotation, padding: 2)
            var viaLook = direct
            let rect = Rect(x: 3, y: 2, width: 104, height: 96)
            var edgeBytes = 0
            label.withUnsafeBytes { l in
                let bitmap = AlphaBitmap(width: 10, height: 6, stride: 10, pixels: l)!
                direct.paint { painter, buffer in
                    painter.paintButton(rect: rect, style: style, state: .normal, label: bitmap, in: buffer)
                }
                viaLook.paint { painter, buffer in
                    let room = painter.preparedByteCount(label: bitmap, rect: rect, style: style)
                    let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: room, alignment: 16)
                    defer { memory.deallocate() }
                    let look = painter.prepare(label: bitmap, rect: rect, style: style, state: .normal, into: memory)
                    edgeBytes = look?.edgeBytes ?? -1
                    return painter.paintButton(rect: rect, style: style, state: .normal, prepared: look, in: buffer)
                }
            }
            #expect(viaLook.bytes == direct.bytes, "\(format.bytesPerPixel) bytes a pixel")
            #expect(edgeBytes == (format == .xrgb8888 ? 128 : 80))
        }
    }

    /// A span whose row lies past its rect is skipped (spans carry their row, and a repaint
    /// walks the spans, not the rows).
    @Test func aSpanBelowItsRectIsSkipped() {
        var fb = TestFramebuffer(width: 4, height: 3, format: .xrgb8888)
        // Two rows of ink: row 1 a solid span of two pixels, then that span moved to row 2.
        var look = Self.look(
            rowPixels: 4, ink: Rect(x: 0, y: 0, width: 4, height: 2), rows: [[], [(1, 2, 0x0102_0304 | 1 << 63)]])
        let firstSpan = 12 + 2 * 4
        #expect(look[firstSpan] == 4 | 1 << 16)
        Self.paint(handMade: look, on: &fb)
        var expected = Array(repeating: [UInt8](repeating: 0x77, count: 4), count: 12)
        expected[4 + 1] = [0x04, 0x03, 0x02, 0x01]
        expected[4 + 2] = [0x04, 0x03, 0x02, 0x01]
        #expect(fb.bytes == expected.flatMap { $0 })
        look[firstSpan] = 4 | 2 << 16
        Self.paint(handMade: look, on: &fb)
        #expect(fb.bytes == Array(repeating: 0x77, count: 48))
    }

    /// Paints a hand-made look (`look(rowPixels:ink:rows:data:chunked:)`) as a button over the
    /// whole of `fb`, without a border, in its normal state.
    static func paint(handMade look: [UInt32], on fb: inout TestFramebuffer) {
        var style = RenderButtonTests.style
        style.borderWidth = 0
        let rect = fb.layout.logicalBounds
        _ = look.withUnsafeBytes { look in
            fb.paint { painter, buffer in
                painter.paintButton(rect: rect, style: style, state: .normal, prepared: PreparedButton(look: look), in: buffer)
            }
        }
    }

    /// A look's bytes as `prepare` lays them out, by hand, at 4 bytes a pixel: rows of
    /// `rowPixels` pixels of 0x77, then the spans of `ink`'s rows, each (first pixel, length,
    /// offset into `data` or, with bit 63 set, the solid value in the low 32 bits) with its
    /// row (in the look: its first byte and its bytes), then `data`; `chunked` as the look's
    /// promise that every span is whole 16-byte chunks. A Swift array's elements start 16-byte aligned, as a look must.
    static func look(rowPixels: Int, ink: Rect, rows: [[(Int, Int, UInt64)]], data: [UInt32] = [], chunked: Bool = false) -> [UInt32] {
        let rowWords = rowPixels
        var spans: [UInt32] = []
        for row in 0..<Int(ink.height) {
            for (x, length, value) in row < rows.count ? rows[row] : [] {
                let solid: UInt32 = value >> 63 == 1 ? 0x8000_0000 : 0
                spans += [UInt32(4 * x) | UInt32(row) << 16, UInt32(4 * length) | solid, UInt32(truncatingIfNeeded: value)]
            }
        }
        // The spans after the rows, then the data 16-byte aligned.
        let tableWords = 12 + 2 * rowWords + spans.count
        let padding = Array(repeating: UInt32(0), count: (4 - tableWords % 4) % 4)
        let words = tableWords + padding.count + data.count
        let header: [UInt32] = [
            UInt32(4 * rowPixels), UInt32(bitPattern: ink.x), UInt32(bitPattern: ink.y), UInt32(bitPattern: ink.width),
            UInt32(bitPattern: ink.height), UInt32(spans.count / 3), UInt32(4 * data.count), UInt32(4 * words), 0, 0,
            chunked ? 1 : 0, 0,
        ]
        return header + Array(repeating: 0x7777_7777, count: 2 * rowWords) + spans + padding + data
    }

    /// The palette's ends are the fill and the text colour exactly, a partial coverage their
    /// blend; a change of colours or format works the values out again.
    @Test func aPaletteHoldsTheTextOverTheFillAtEveryCoverage() {
        let colors = ButtonStyle.Colors(fill: RGBColor(r: 30, g: 200, b: 10), text: RGBColor(r: 250, g: 250, b: 250))
        var palette = CoveragePalette()
        #expect(palette.colors == nil)
        palette.use(colors, in: .xrgb8888)
        #expect(palette[0] == 0x001E_C80A)
        #expect(palette[255] == 0x00FA_FAFA)
        // (250 * 128 + 30 * 127 + 127) / 255 = 140, (250 * 128 + 200 * 127 + 127) / 255 = 225,
        // (250 * 128 + 10 * 127 + 127) / 255 = 130.
        #expect(palette[128] == 0x008C_E182)
        palette.use(colors, in: .rgb565)
        #expect(palette[255] == 0xFFDF)
        #expect(palette[0] == (30 >> 3) << 11 | (200 >> 2) << 5 | (10 >> 3))
        let pressed = ButtonStyle.Colors(fill: .white, text: RGBColor(r: 0, g: 0, b: 0))
        palette.use(pressed, in: .rgb565)
        #expect(palette[0] == 0xFFFF)
        #expect(palette[255] == 0x0000)
        #expect(palette.colors == pressed)
        #expect(palette.format == .rgb565)
    }

    func aligned(_ bytes: Int) -> Int { (bytes + 3) & ~3 }
}
