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
                preparedBytes = painter.preparedByteCount(label: label, rect: rect, style: style)
                var memory = [UInt8](repeating: 0x55, count: preparedBytes)
                return memory.withUnsafeMutableBytes { memory in
                    let prepared = painter.prepare(label: label, rect: rect, style: style, state: state, into: memory)
                    #expect((prepared == nil) == (preparedBytes == 0))
                    return painter.paintButton(rect: rect, style: style, state: state, prepared: prepared, in: buffer)
                }
            }
            // Prepared through a palette, as a page's looks are each time it is shown.
            viaPreparedPalette.paint { painter, buffer in
                var memory = [UInt8](repeating: 0xAA, count: painter.preparedByteCount(label: label, rect: rect, style: style))
                var shared = palette
                return memory.withUnsafeMutableBytes { memory in
                    let prepared = painter.prepare(
                        label: label, rect: rect, style: style, state: state, palette: &shared, into: memory)
                    return painter.paintButton(rect: rect, style: style, state: state, prepared: prepared, in: buffer)
                }
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
                // Two physical rows of the 11x9 button (11 pixels, or 9 on its side), and the 7x5 label.
                let row = rotation == .degrees90 || rotation == .degrees270 ? 9 : 11
                #expect(whole.preparedBytes == (2 * row + 35) * format.bytesPerPixel)
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
                let labelPixels = 3 * (quarter ? 5 : 3)
                #expect(clipped.preparedBytes == (2 * visibleRow + labelPixels) * format.bytesPerPixel)
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
        #expect(allBorder.preparedBytes == 2 * 2 * 4)   // two rows of two pixels, no label
        #expect(allBorder.direct == allBorder.blended)
        let offScreen = paintBothWays(
            rect: Rect(x: 20, y: 20, width: 9, height: 9), width: 8, height: 8, format: .rgb565,
            rotation: .degrees90, state: .pressed, palette: &palette)
        #expect(offScreen.preparedBytes == 0)
        #expect(offScreen.direct == offScreen.blended)
    }

    @Test func aLookMadeForAnotherButtonIsNotTrusted() {
        var fb = TestFramebuffer(width: 6, height: 4, format: .xrgb8888)
        let rows = [UInt8](repeating: 0x77, count: 8 * 4 * 4)
        var style = RenderButtonTests.style
        style.borderWidth = 0
        rows.withUnsafeBytes { pixels in
            // Rows of 5 pixels (another button's), and a label reaching off the screen.
            let offScreenLabel = BlendedLabel(physicalRect: Rect(x: 4, y: 1, width: 4, height: 4), pixels: pixels)
            let stale = PreparedButton(
                borderRow: UnsafeRawBufferPointer(rebasing: pixels[0..<20]),
                middleRow: UnsafeRawBufferPointer(rebasing: pixels[0..<20]), label: offScreenLabel)
            let fits = PreparedButton(
                borderRow: UnsafeRawBufferPointer(rebasing: pixels[0..<24]),
                middleRow: UnsafeRawBufferPointer(rebasing: pixels[0..<24]), label: offScreenLabel)
            fb.paint { painter, buffer in
                painter.paintButton(
                    rect: Rect(x: 0, y: 0, width: 6, height: 4), style: style, state: .normal, prepared: stale, in: buffer)
            }
            // The fill only: no byte of the stale rows.
            #expect(fb.bytes == Array(repeating: [30, 200, 10, 0] as [UInt8], count: 24).flatMap { $0 })
            fb.paint { painter, buffer in
                painter.paintButton(
                    rect: Rect(x: 0, y: 0, width: 6, height: 4), style: style, state: .normal, prepared: fits, in: buffer)
            }
            // Matching rows are copied; the label that would leave the screen is not.
            #expect(fb.bytes == [UInt8](repeating: 0x77, count: 96))
        }
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
}
