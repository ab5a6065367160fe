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

    func textLook(_ rect: Rect, _ orientation: SliderOrientation, atlas: UnsafeRawBufferPointer, label: UnsafeRawBufferPointer) -> SliderTextLook {
        let places = SliderTextLook.places(
            rect: rect, orientation: orientation, labelWidth: 14, valueWidth: 4 * RenderSliderTextTests.glyphWidth,
            lineHeight: RenderSliderTextTests.lineHeight, insetPx: 3)
        var text = SliderTextLook(
            glyphs: AlphaBitmap(width: Int32(RenderSliderTextTests.glyphCount) * RenderSliderTextTests.glyphWidth,
                                height: RenderSliderTextTests.lineHeight,
                                stride: RenderSliderTextTests.glyphCount * Int(RenderSliderTextTests.glyphWidth), pixels: atlas),
            label: AlphaBitmap(width: 14, height: 8, stride: 14, pixels: label), labelRect: places.label, valueBox: places.valueBox,
            valueCentred: orientation == .vertical)
        for glyph in 0..<Int32(RenderSliderTextTests.glyphCount) {
            text.addGlyph(start: glyph * RenderSliderTextTests.glyphWidth, advance: RenderSliderTextTests.glyphWidth)
        }
        return text
    }

    @Test(arguments: [DisplayRotation.degrees0, .degrees90, .degrees180, .degrees270])
    func aDragLeavesWhatAWholePaintWould(rotation: DisplayRotation) {
        RenderSliderTextTests.atlas.withUnsafeBytes { atlas in
            RenderSliderTextTests.label.withUnsafeBytes { label in
                for format in [PixelFormat.xrgb8888, .rgb565] {
                    for (rect, orientation) in [(Rect(x: 10, y: 20, width: 90, height: 14), SliderOrientation.horizontal),
                                                (Rect(x: 30, y: 5, width: 24, height: 90), .vertical)] {
                        let text = textLook(rect, orientation, atlas: atlas, label: label)
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
