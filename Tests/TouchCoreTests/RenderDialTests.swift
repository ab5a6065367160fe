import Testing
import TouchCore

/// A dial's paint (rule 14): the band's pixels by their angle, and a repaint of the part
/// between two values that leaves exactly what a whole repaint at the new value would, at
/// every rotation and pixel format; nothing written outside the dial's square.
@Suite("Render: dials")
struct RenderDialTests {
    let rect = Rect(x: 10, y: 10, width: 100, height: 100)
    let background = RGBColor(r: 0x10, g: 0x12, b: 0x14)

    func look(_ step: Int32, pressed: Bool = false) -> SliderLook {
        let spec = SliderSpec(rect: rect, orientation: .arc(DialShape(bandPx: 20)), stepCount: 100)
        return SliderLook(
            rect: rect, orientation: .arc(DialShape(bandPx: 20)), fillPixels: spec.fillPixels(for: step), track: RGBColor(r: 0x2A, g: 0x2E, b: 0x33),
            fill: RGBColor(r: 0x2E, g: 0x7D, b: 0x32), knob: .white, pressed: pressed, background: background)
    }

    @Test func theBandIsFilledUpToTheValueAndTheRestIsBackground() {
        var frame = TestFramebuffer(width: 120, height: 120, format: .xrgb8888, rotation: .degrees0)
        var palettes = SliderTextPalettes()
        // 50 of 100: the value at the top, the knob across it.
        frame.paint { $0.paintDial(look(50), previous: nil, text: nil, palettes: &palettes, in: $1) }
        let fill: [UInt8] = [0x32, 0x7D, 0x2E, 0x00], track: [UInt8] = [0x33, 0x2E, 0x2A, 0x00]
        let knob: [UInt8] = [0xFF, 0xFF, 0xFF, 0x00], ground: [UInt8] = [0x14, 0x12, 0x10, 0x00]
        #expect(frame.pixelBytes(physicalX: 15, y: 60) == fill)     // 9 o'clock on the band
        #expect(frame.pixelBytes(physicalX: 104, y: 60) == track)   // 3 o'clock
        #expect(frame.pixelBytes(physicalX: 60, y: 15) == knob)     // 12 o'clock: the value
        #expect(frame.pixelBytes(physicalX: 60, y: 60) == ground)   // the centre
        #expect(frame.pixelBytes(physicalX: 60, y: 105) == ground)  // the gap at the bottom
        #expect(frame.pixelBytes(physicalX: 11, y: 11) == ground)   // the square's corner
    }

    @Test(arguments: [DisplayRotation.degrees0, .degrees90, .degrees180, .degrees270])
    func aPartRepaintLeavesWhatAWholeRepaintWould(rotation: DisplayRotation) {
        for format in [PixelFormat.xrgb8888, .rgb565] {
            var turned = TestFramebuffer(width: 120, height: 120, format: format, rotation: rotation)
            var whole = turned
            var palettes = SliderTextPalettes()
            // Up by one step, across the top by many, down to min, and to max.
            for (previous, next) in [(nil, Int32(30)), (Int32(30), 31), (31, 70), (70, 0), (0, 100)] {
                turned.paint { $0.paintDial(look(next), previous: previous.map { look($0) }, text: nil, palettes: &palettes, in: $1) }
            }
            whole.paint { $0.paintDial(look(100), previous: nil, text: nil, palettes: &palettes, in: $1) }
            #expect(turned.bytes == whole.bytes, "\(rotation) \(format.bytesPerPixel) bytes")
            let written = whole.bytes.filter { $0 != TestFramebuffer.sentinel }.count
            #expect(written == Int(rect.width * rect.height) * format.bytesPerPixel)
        }
    }
}
