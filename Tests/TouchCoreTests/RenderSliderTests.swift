import Testing
import TouchCore

/// A slider's paint: the span repaint leaves exactly what a whole repaint at the new value
/// would, composed rows or filled parts, at every rotation and pixel format; and outside the
/// slider's rect nothing is written.
@Suite("Render: sliders")
struct RenderSliderTests {
    let colors = (track: RGBColor(r: 0x2A, g: 0x2E, b: 0x33), fill: RGBColor(r: 0x2E, g: 0x7D, b: 0x32), knob: RGBColor.white)

    func look(_ rect: Rect, _ orientation: SliderOrientation, fill: Int32, pressed: Bool = false) -> SliderLook {
        SliderLook(rect: rect, orientation: orientation, fillPixels: fill, track: colors.track, fill: colors.fill,
                   knob: colors.knob, pressed: pressed)
    }

    @Test(arguments: [DisplayRotation.degrees0, .degrees90, .degrees180, .degrees270])
    func aSpanRepaintLeavesWhatAWholeRepaintWould(rotation: DisplayRotation) {
        for format in [PixelFormat.xrgb8888, .rgb565, .rgb888] {
            for (rect, orientation) in [(Rect(x: 10, y: 20, width: 90, height: 12), SliderOrientation.horizontal),
                                        (Rect(x: 30, y: 5, width: 14, height: 50), .vertical)] {
                var scratch = [UInt8](repeating: 0, count: 100 * 4)
                var composed = TestFramebuffer(width: 120, height: 120, format: format, rotation: rotation)
                var filled = composed
                var whole = composed
                // From 30 to 37 and then back to 4: the span alone, the knob moved both ways.
                for (previous, next) in [(nil, Int32(30)), (Int32(30), 37), (37, 4)] {
                    let old = previous.map { look(rect, orientation, fill: $0) }
                    _ = scratch.withUnsafeMutableBytes { row in
                        composed.paint { $0.paintSlider(look(rect, orientation, fill: next), previous: old, scratch: row, in: $1) }
                    }
                    filled.paint { $0.paintSlider(look(rect, orientation, fill: next), previous: old, in: $1) }
                }
                whole.paint { $0.paintSlider(look(rect, orientation, fill: 4), previous: nil, in: $1) }
                #expect(composed.bytes == whole.bytes, "\(rotation) \(format.bytesPerPixel) bytes \(orientation)")
                #expect(filled.bytes == whole.bytes, "\(rotation) \(format.bytesPerPixel) bytes \(orientation)")
                // Nothing outside the rect: the sentinel stays in every other byte.
                let inside = whole.bytes.enumerated().filter { $0.element != TestFramebuffer.sentinel }.count
                #expect(inside == Int(rect.width * rect.height) * format.bytesPerPixel)
            }
        }
    }

    @Test func theKnobIsCentredOnTheValueAndKeptInsideTheTrack() {
        let rect = Rect(x: 0, y: 0, width: 100, height: 10)
        #expect(look(rect, .horizontal, fill: 50).knobSpan == 47..<53)
        #expect(look(rect, .horizontal, fill: 50, pressed: true).knobSpan == 45..<55)
        #expect(look(rect, .horizontal, fill: 0).knobSpan == 0..<6)
        #expect(look(rect, .horizontal, fill: 100).knobSpan == 94..<100)
        #expect(look(Rect(x: 0, y: 0, width: 10, height: 40), .vertical, fill: 10).rect(along: 0..<10)
            == Rect(x: 0, y: 30, width: 10, height: 10))   // the track starts at the bottom
    }
}
