import Testing
import TouchCore

/// A slider's label and value text: a drag's repaint (the span, the label where the span
/// crossed it, the value's box, the knob over both) leaves exactly what a whole paint at the
/// last value would, at every rotation and pixel format; the value is written as its format
/// says, exactly, and rounded half away from zero.
@Suite("Render: slider text")
struct RenderSliderTextTests {
    let colors = (track: RGBColor(r: 0x2A, g: 0x2E, b: 0x33), fill: RGBColor(r: 0x2E, g: 0x7D, b: 0x32), knob: RGBColor.white)
    /// Twelve glyph cells (digits, minus, point) and a `%`, 5 pixels wide and 8 tall, with a
    /// coverage pattern that differs per glyph, row and column (zero in places).
    static let glyphWidth: Int32 = 5, lineHeight: Int32 = 8, glyphCount = 13
    static let atlas: [UInt8] = (0..<Int(lineHeight)).flatMap { y in
        (0..<(glyphCount * Int(glyphWidth))).map { x in UInt8(truncatingIfNeeded: (x * 37 + y * 11) % 5 == 0 ? 0 : x * 29 + y * 53) }
    }
    static let label: [UInt8] = (0..<(14 * 8)).map { UInt8(truncatingIfNeeded: $0 % 3 == 0 ? 255 : $0 * 7) }

    /// `%d %` on a 0-100 scale: the prefix empty, the suffix the `%` glyph.
    var percent: SliderValueFormat {
        var suffix = SliderGlyphRun()
        suffix.append(12)
        return SliderValueFormat(prefix: SliderGlyphRun(), suffix: suffix, decimals: 0, scaleDecimals: 0, minimum: 0, stepSize: 1)
    }

    /// At `value` percent; its text rounded to a multiple of 3 (so that a few steps in a row
    /// keep their text while the fill moves, as `%d` on a slider of half steps does).
    func look(_ rect: Rect, _ orientation: SliderOrientation, value: Int32) -> SliderLook {
        let length = orientation == .horizontal ? rect.width : rect.height
        return SliderLook(rect: rect, orientation: orientation, fillPixels: value * length / 100, track: colors.track,
                          fill: colors.fill, knob: colors.knob, text: RGBColor(r: 0xF0, g: 0xE0, b: 0xD0),
                          valueText: percent.glyphs(ofStep: value / 3 * 3))
    }

    /// Every glyph's cell: 5 pixels from column 5 g.
    static let cells: [UInt8] = (0..<glyphCount).flatMap { glyph in
        [UInt8(truncatingIfNeeded: glyph * Int(glyphWidth)), UInt8(truncatingIfNeeded: glyph * Int(glyphWidth) >> 8), UInt8(glyphWidth), 0]
    }

    /// The atlas, the label and the cells, lent for `body`.
    static func withTables(_ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Void) {
        atlas.withUnsafeBytes { atlas in label.withUnsafeBytes { label in cells.withUnsafeBytes { cells in body(atlas, label, cells) } } }
    }

    /// The text look of `rect`: the glyphs `atlas` (rows `top..<top + rows` of each 8-row line)
    /// and the label `label` (likewise its rows `labelTop...`).
    func textLook(
        _ rect: Rect, _ orientation: SliderOrientation, atlas: UnsafeRawBufferPointer, label: UnsafeRawBufferPointer,
        cells: UnsafeRawBufferPointer, rows: (top: Int32, count: Int32) = (0, 8), labelRows: (top: Int32, count: Int32) = (0, 8)
    ) -> SliderTextLook {
        let places = SliderTextLook.places(
            rect: rect, orientation: orientation, labelWidth: 14, valueWidth: 4 * RenderSliderTextTests.glyphWidth,
            lineHeight: RenderSliderTextTests.lineHeight, insetPx: 3)
        return SliderTextLook(
            glyphs: AlphaBitmap(width: Int32(RenderSliderTextTests.glyphCount) * RenderSliderTextTests.glyphWidth,
                                height: rows.count, stride: RenderSliderTextTests.glyphCount * Int(RenderSliderTextTests.glyphWidth),
                                pixels: atlas, top: rows.top, lineHeight: RenderSliderTextTests.lineHeight),
            cells: cells,
            label: AlphaBitmap(width: 14, height: labelRows.count, stride: 14, pixels: label, top: labelRows.top, lineHeight: 8),
            labelRect: Rect(x: places.label.x, y: places.label.y + labelRows.top, width: 14, height: labelRows.count),
            valueBox: places.valueBox, valueCentred: orientation == .vertical)
    }

    /// The surface keeps only the rows where some glyph (or the label) has ink: a drag with
    /// such a table leaves exactly what one with whole lines does, those rows being empty.
    @Test(arguments: [DisplayRotation.degrees0, .degrees90])
    func aTableOfInkRowsDrawsWhatWholeLinesDo(rotation: DisplayRotation) {
        // Rows 0, 1 and 7 of every line empty; rows 2...6 as the atlas has them.
        let wholeAtlas = RenderSliderTextTests.atlas.enumerated().map { index, byte in
            let row = index / (RenderSliderTextTests.glyphCount * Int(RenderSliderTextTests.glyphWidth))
            return (2...6).contains(row) ? byte : 0
        }
        let inkAtlas = Array(wholeAtlas[(2 * 65)..<(7 * 65)])
        let wholeLabel = RenderSliderTextTests.label.enumerated().map { index, byte in index / 14 == 0 || index / 14 == 7 ? 0 : byte }
        let inkLabel = Array(wholeLabel[14..<(7 * 14)])
        for format in [PixelFormat.xrgb8888, .rgb565] {
            for (rect, orientation) in [(Rect(x: 10, y: 20, width: 90, height: 14), SliderOrientation.horizontal),
                                        (Rect(x: 30, y: 5, width: 24, height: 90), .vertical)] {
                var pictures: [[UInt8]] = []
                for (atlas, label, rows, labelRows) in [(wholeAtlas, wholeLabel, (Int32(0), Int32(8)), (Int32(0), Int32(8))),
                                                        (inkAtlas, inkLabel, (2, 5), (1, 6))] {
                    var screen = TestFramebuffer(width: 120, height: 120, format: format, rotation: rotation)
                    atlas.withUnsafeBytes { atlas in
                        label.withUnsafeBytes { label in
                            RenderSliderTextTests.cells.withUnsafeBytes { cells in
                                let text = textLook(rect, orientation, atlas: atlas, label: label, cells: cells, rows: rows, labelRows: labelRows)
                                var palettes = SliderTextPalettes()
                                var scratch = [UInt8](repeating: 0, count: 100 * 4)
                                var previous: SliderLook?
                                for value: Int32 in [50, 3, 9, 21, 80, 83, 91, 100, 40, 7] {
                                    let next = look(rect, orientation, value: value)
                                    _ = scratch.withUnsafeMutableBytes { row in
                                        screen.paint { $0.paintSlider(next, previous: previous, scratch: row, text: text, palettes: &palettes, in: $1) }
                                    }
                                    previous = next
                                }
                            }
                        }
                    }
                    pictures.append(screen.bytes)
                }
                let differing = zip(pictures[0], pictures[1]).filter { $0 != $1 }.count
                #expect(pictures[0].count == pictures[1].count && differing == 0, "\(rotation) \(format.bytesPerPixel) bytes \(orientation)")
            }
        }
    }

    @Test(arguments: [DisplayRotation.degrees0, .degrees90, .degrees180, .degrees270])
    func aDragLeavesWhatAWholePaintWould(rotation: DisplayRotation) {
        RenderSliderTextTests.withTables { atlas, label, cells in
            for format in [PixelFormat.xrgb8888, .rgb565] {
                for (rect, orientation) in [(Rect(x: 10, y: 20, width: 90, height: 14), SliderOrientation.horizontal),
                                            (Rect(x: 30, y: 5, width: 24, height: 90), .vertical)] {
                    let text = textLook(rect, orientation, atlas: atlas, label: label, cells: cells)
                    var scratch = [UInt8](repeating: 0, count: 100 * 4)
                    var dragged = TestFramebuffer(width: 120, height: 120, format: format, rotation: rotation)
                    var palettes = SliderTextPalettes()
                    // Across the label, through the value's box, single steps and jumps, both ways.
                    let values: [Int32] = [50, 3, 4, 9, 15, 22, 21, 60, 75, 80, 81, 82, 83, 88, 91, 92, 97, 100, 99, 40, 0, 100, 7]
                    var previous: SliderLook?
                    for value in values {
                        let next = look(rect, orientation, value: value)
                        _ = scratch.withUnsafeMutableBytes { row in
                            dragged.paint {
                                $0.paintSlider(next, previous: previous, scratch: row, text: text, palettes: &palettes, in: $1)
                            }
                        }
                        previous = next
                        var whole = TestFramebuffer(width: 120, height: 120, format: format, rotation: rotation)
                        var fresh = SliderTextPalettes()
                        whole.paint { $0.paintSlider(next, previous: nil, text: text, palettes: &fresh, in: $1) }
                        #expect(dragged.bytes == whole.bytes, "\(rotation) \(format.bytesPerPixel) bytes \(orientation) at \(value)")
                    }
                    // The text is there: a whole paint without it differs.
                    var plain = TestFramebuffer(width: 120, height: 120, format: format, rotation: rotation)
                    plain.paint { $0.paintSlider(look(rect, orientation, value: 7), previous: nil, in: $1) }
                    #expect(plain.bytes != dragged.bytes)
                }
            }
        }
    }

    @Test func theValueIsWrittenAsItsFormatSaysExactly() {
        func text(_ run: SliderGlyphRun) -> String {
            String((0..<run.count).map { Array("0123456789-.°C ")[Int(run[$0])] })
        }
        var celsius = SliderGlyphRun()
        for glyph: UInt8 in [14, 12, 13] { celsius.append(glyph) }
        // 16..28 in steps of 0.5 (scale decimals 1: 160 + 5 k).
        let heat = SliderValueFormat(prefix: SliderGlyphRun(), suffix: celsius, decimals: 1, scaleDecimals: 1, minimum: 160, stepSize: 5)
        #expect(text(heat.glyphs(ofStep: 11)) == "21.5 °C")
        #expect(text(heat.glyphs(ofStep: 0)) == "16.0 °C")
        var whole = heat
        whole.decimals = 0
        #expect(text(whole.glyphs(ofStep: 11)) == "22 °C")   // 21.5: half away from zero
        // -1..1 in steps of 0.25, written with 3 decimals and with 1.
        let fine = SliderValueFormat(prefix: SliderGlyphRun(), suffix: SliderGlyphRun(), decimals: 3, scaleDecimals: 2, minimum: -100, stepSize: 25)
        #expect(text(fine.glyphs(ofStep: 0)) == "-1.000")
        #expect(text(fine.glyphs(ofStep: 3)) == "-0.250")
        #expect(text(fine.glyphs(ofStep: 4)) == "0.000")
        var one = fine
        one.decimals = 1
        #expect(text(one.glyphs(ofStep: 3)) == "-0.3")   // -0.25: half away from zero
        #expect(text(one.glyphs(ofStep: 5)) == "0.3")
        var none = fine
        none.decimals = 0
        #expect(text(none.glyphs(ofStep: 2)) == "-1")    // -0.5
        #expect(text(none.glyphs(ofStep: 3)) == "0")     // -0.25: no minus on a zero
        #expect(percent.glyphs(ofStep: 100).count == 4)
    }
}
