import Testing
import TouchCore

/// A dial's paint (rule 14): the band's pixels by their angle, and a repaint of the part
/// between two values that leaves exactly what a whole repaint at the new value would, at
/// every rotation and pixel format; nothing written outside the dial's square, and a turn
/// writes only the pixels whose colour changed.
@Suite("Render: dials")
struct RenderDialTests {
    let rect = Rect(x: 10, y: 10, width: 100, height: 100)
    let background = RGBColor(r: 0x10, g: 0x12, b: 0x14)
    let shape = DialShape(bandPx: 20)

    func look(_ step: Int32, pressed: Bool = false) -> SliderLook {
        let spec = SliderSpec(rect: rect, orientation: .arc(shape), stepCount: 100)
        return SliderLook(
            rect: rect, orientation: .arc(shape), fillPixels: spec.fillPixels(for: step), track: RGBColor(r: 0x2A, g: 0x2E, b: 0x33),
            fill: RGBColor(r: 0x2E, g: 0x7D, b: 0x32), knob: .white, pressed: pressed, background: background)
    }

    /// The dial's band pixels for `layout`, in memory the test keeps alive for `body`.
    func withPixels<R>(_ layout: FramebufferLayout, _ body: (DialPixels) -> R) -> R {
        let dial = DialGeometry(rect: rect, shape: shape)
        let count = DialPixels.pixelCount(of: dial, in: layout)
        var offsets = [UInt32](repeating: 0, count: count), positions = [UInt16](repeating: 0, count: count)
        return offsets.withUnsafeMutableBufferPointer { o in
            positions.withUnsafeMutableBufferPointer { p in
                body(DialPixels.build(of: dial, in: layout, offsets: o, positions: p)!)
            }
        }
    }

    @Test func theBandIsFilledUpToTheValueAndTheRestIsBackground() {
        var frame = TestFramebuffer(width: 120, height: 120, format: .xrgb8888, rotation: .degrees0)
        var palettes = SliderTextPalettes()
        // 50 of 100: the value at the top, the knob across it.
        _ = withPixels(frame.layout) { pixels in
            frame.paint { $0.paintDial(look(50), previous: nil, pixels: pixels, text: nil, palettes: &palettes, in: $1) }
        }
        let fill: [UInt8] = [0x32, 0x7D, 0x2E, 0x00], track: [UInt8] = [0x33, 0x2E, 0x2A, 0x00]
        let knob: [UInt8] = [0xFF, 0xFF, 0xFF, 0x00], ground: [UInt8] = [0x14, 0x12, 0x10, 0x00]
        #expect(frame.pixelBytes(physicalX: 15, y: 60) == fill)     // 9 o'clock on the band
        #expect(frame.pixelBytes(physicalX: 104, y: 60) == track)   // 3 o'clock
        #expect(frame.pixelBytes(physicalX: 60, y: 15) == knob)     // 12 o'clock: the value
        #expect(frame.pixelBytes(physicalX: 60, y: 60) == ground)   // the centre
        #expect(frame.pixelBytes(physicalX: 60, y: 105) == ground)  // the gap at the bottom
        #expect(frame.pixelBytes(physicalX: 11, y: 11) == ground)   // the square's corner
    }

    @Test func theBandsPixelsAreInOrderAlongTheArcEachWithTheAngleAFingerThereSets() {
        let frame = TestFramebuffer(width: 120, height: 120, format: .xrgb8888, rotation: .degrees0)
        let dial = DialGeometry(rect: rect, shape: shape)
        withPixels(frame.layout) { pixels in
            // The ring between radii 30 and 50 around (60, 60), less the 90-degree gap: about
            // three quarters of pi * (50^2 - 30^2) = 3770; counted pixel by pixel with a
            // floating-point atan2 (5,032 in the ring, 3,788 within 135 degrees of the top).
            #expect(pixels.count == 3788)
            #expect(zip(pixels.positions, pixels.positions.dropFirst()).allSatisfy { $0 <= $1 })
            #expect(pixels.positions.first == 0 && pixels.positions.last == 27000)
            // The top pixel of the band at 12 o'clock's column: (60, 10), position 13500 + its angle.
            let top = UInt32(10 * frame.layout.strideBytes + 60 * 4)
            let index = pixels.offsets.firstIndex(of: top)!
            #expect(Int32(pixels.positions[index]) == dial.bandPosition(of: Point(x: 60, y: 10)))
            #expect(dial.bandPosition(of: Point(x: 60, y: 10)) == 13500 + DialAngle.of(dx: 1, dy: -99))
        }
    }

    @Test(arguments: [DisplayRotation.degrees0, .degrees90, .degrees180, .degrees270])
    func aPartRepaintLeavesWhatAWholeRepaintWould(rotation: DisplayRotation) {
        for format in [PixelFormat.xrgb8888, .rgb565] {
            var turned = TestFramebuffer(width: 120, height: 120, format: format, rotation: rotation)
            var whole = turned
            var palettes = SliderTextPalettes()
            withPixels(turned.layout) { pixels in
                // Up by one step, across the top by many, down to min, and to max.
                for (previous, next) in [(nil, Int32(30)), (Int32(30), 31), (31, 70), (70, 0), (0, 100)] {
                    turned.paint { $0.paintDial(look(next), previous: previous.map { look($0) }, pixels: pixels, text: nil, palettes: &palettes, in: $1) }
                }
                whole.paint { $0.paintDial(look(100), previous: nil, pixels: pixels, text: nil, palettes: &palettes, in: $1) }
            }
            #expect(turned.bytes == whole.bytes, "\(rotation) \(format.bytesPerPixel) bytes")
            let written = whole.bytes.filter { $0 != TestFramebuffer.sentinel }.count
            #expect(written == Int(rect.width * rect.height) * format.bytesPerPixel)
        }
    }

    @Test func aTurnWritesOnlyThePixelsWhoseColourChanged() {
        var frame = TestFramebuffer(width: 120, height: 120, format: .xrgb8888, rotation: .degrees0)
        var palettes = SliderTextPalettes()
        withPixels(frame.layout) { pixels in
            frame.paint { $0.paintDial(look(30), previous: nil, pixels: pixels, text: nil, palettes: &palettes, in: $1) }
            let before = frame.bytes
            // Marked: a pixel the turn writes is told apart from one it leaves, whatever colour.
            frame.bytes = frame.bytes.map { _ in TestFramebuffer.sentinel }
            frame.paint { $0.paintDial(look(31), previous: look(30), pixels: pixels, text: nil, palettes: &palettes, in: $1) }
            var changed = 0
            for index in stride(from: 0, to: frame.bytes.count, by: 4) where frame.bytes[index + 3] != TestFramebuffer.sentinel {
                changed += 1
                #expect(frame.bytes[index..<index + 4] != before[index..<index + 4])
            }
            // One step is 270 hundredths of a degree: the knob's start and its end each move
            // by that, two runs of the band's pixels (about 2 * 3788 * 270 / 27000 = 76).
            let moved = look(30).knobSpan, next = look(31).knobSpan
            let expected = pixels.positions.filter { (moved.lowerBound..<next.lowerBound).contains(Int32($0)) || (moved.upperBound..<next.upperBound).contains(Int32($0)) }.count
            #expect(changed == expected)
            #expect(changed == 76)
        }
    }

    /// A value written in the middle as `%d`: 13 glyph cells 12 pixels wide (more than a group
    /// of eight coverages) and 10 tall, each with its own pattern, zero in places.
    static let glyphWidth: Int32 = 12, glyphHeight: Int32 = 10, glyphCount = 13
    static let atlas: [UInt8] = (0..<Int(glyphHeight)).flatMap { y in
        (0..<(glyphCount * Int(glyphWidth))).map { x in UInt8(truncatingIfNeeded: (x * 7 + y * 3) % 4 == 0 ? 0 : x * 31 + y * 57) }
    }
    static let cells: [UInt8] = (0..<glyphCount).flatMap { glyph in
        [UInt8(truncatingIfNeeded: glyph * Int(glyphWidth)), UInt8(truncatingIfNeeded: glyph * Int(glyphWidth) >> 8), UInt8(glyphWidth), 0]
    }

    /// With its glyphs as pixels (`PaintedGlyphs`: copied) and without (blended), a turn with
    /// its value leaves what a whole repaint blending the glyphs does.
    @Test(arguments: [DisplayRotation.degrees0, .degrees90, .degrees180, .degrees270])
    func aTurnWithItsValueLeavesWhatAWholeRepaintWould(rotation: DisplayRotation) {
        let format = SliderValueFormat(prefix: SliderGlyphRun(), suffix: SliderGlyphRun(), decimals: 0, scaleDecimals: 0, minimum: 0, stepSize: 1)
        func valued(_ step: Int32) -> SliderLook {
            var look = look(step)
            look.valueText = format.glyphs(ofStep: step)
            return look
        }
        for (pixelFormat, copied) in [(PixelFormat.xrgb8888, true), (.xrgb8888, false), (.rgb565, true), (.rgb565, false)] {
            var turned = TestFramebuffer(width: 120, height: 120, format: pixelFormat, rotation: rotation)
            var whole = turned
            var paintedBytes = [UInt8](repeating: 0, count: Int(RenderDialTests.glyphCount) * Int(RenderDialTests.glyphWidth * RenderDialTests.glyphHeight) * 4)
            RenderDialTests.atlas.withUnsafeBytes { atlas in
                RenderDialTests.cells.withUnsafeBytes { cells in
                    let places = SliderTextLook.places(
                        rect: rect, orientation: .arc(shape), labelWidth: 0, valueWidth: 3 * RenderDialTests.glyphWidth,
                        lineHeight: RenderDialTests.glyphHeight, insetPx: 3)
                    let text = SliderTextLook(
                        glyphs: AlphaBitmap(width: Int32(RenderDialTests.glyphCount) * RenderDialTests.glyphWidth, height: RenderDialTests.glyphHeight,
                                            stride: RenderDialTests.glyphCount * Int(RenderDialTests.glyphWidth), pixels: atlas, top: 0,
                                            lineHeight: RenderDialTests.glyphHeight),
                        cells: cells, label: nil, labelRect: places.label, valueBox: places.valueBox, valueCentred: true)
                    var palettes = SliderTextPalettes(), blended = SliderTextPalettes()
                    paintedBytes.withUnsafeMutableBytes { painted in
                    if copied { palettes.paintedValue = PaintedGlyphs(storage: painted) }
                    _ = withPixels(turned.layout) { pixels in
                        // One digit changing, two, the width changing (9 to 10, 100 to 99), and back.
                        for (previous, next) in [(nil, Int32(47)), (Int32(47), 48), (48, 52), (52, 9), (9, 10), (10, 100), (100, 99), (99, 61)] {
                            turned.paint {
                                $0.paintDial(valued(next), previous: previous.map { valued($0) }, pixels: pixels, text: text, palettes: &palettes, in: $1)
                            }
                        }
                        whole.paint { $0.paintDial(valued(61), previous: nil, pixels: pixels, text: text, palettes: &blended, in: $1) }
                    }
                    }
                }
            }
            #expect(turned.bytes == whole.bytes, "\(rotation) \(pixelFormat.bytesPerPixel) bytes, copied: \(copied)")
            // The value was drawn: its box holds more than the background.
            #expect(Set(whole.bytes).count > 8)
        }
    }
}
