import Testing
import TouchCore

@Suite("Render: buttons with border and blended label")
struct RenderButtonTests {
    static let fill = RGBColor(r: 10, g: 200, b: 30)
    static let text = RGBColor(r: 250, g: 20, b: 100)
    static let border = RGBColor(r: 1, g: 2, b: 3)
    static let style = ButtonStyle(
        normal: ButtonStyle.Colors(fill: fill, text: text),
        pressed: ButtonStyle.Colors(fill: .white, text: .black),
        disabled: ButtonStyle.Colors(fill: RGBColor(r: 5, g: 5, b: 5), text: RGBColor(r: 9, g: 9, b: 9)),
        on: ButtonStyle.Colors(fill: RGBColor(r: 0, g: 99, b: 0), text: .white),
        pending: ButtonStyle.Colors(fill: RGBColor(r: 0, g: 60, b: 0), text: .white),
        unknown: ButtonStyle.Colors(fill: RGBColor(r: 30, g: 30, b: 30), text: RGBColor(r: 90, g: 90, b: 90)),
        border: border, borderWidth: 1)
    /// Hand-computed blends of `text` over `fill`: (t*a + f*(255-a) + 127) / 255.
    static let blend128 = RGBColor(r: 130, g: 110, b: 65)
    static let blend64 = RGBColor(r: 70, g: 155, b: 48)

    /// Coverage 2x2, row by row: 0, 255 / 128, 64.
    static let coverage: [UInt8] = [0, 255, 128, 64]

    /// The expected colour of each logical pixel of a 12x10 screen with the button at
    /// (1, 1, 10, 8): border ring, fill, and the label at (5, 4) (centred: 1 + (10-2)/2,
    /// 1 + (8-2)/2). Nil where nothing may be written.
    static func expected(x: Int32, y: Int32) -> RGBColor? {
        guard x >= 1, x <= 10, y >= 1, y <= 8 else { return nil }
        if x == 1 || x == 10 || y == 1 || y == 8 { return border }
        switch (x, y) {
        case (6, 4): return text
        case (5, 5): return blend128
        case (6, 5): return blend64
        default: return fill
        }
    }

    func paintSampleButton(into fb: inout TestFramebuffer, state: ButtonVisualState = .normal) {
        Self.coverage.withUnsafeBytes { pixels in
            let label = AlphaBitmap(width: 2, height: 2, stride: 2, pixels: pixels)!
            fb.paint { painter, buffer in
                painter.paintButton(
                    rect: Rect(x: 1, y: 1, width: 10, height: 8), style: Self.style, state: state, label: label,
                    in: buffer)
            }
        }
    }

    @Test func exactBytesInXRGB8888() {
        var fb = TestFramebuffer(width: 12, height: 10, format: .xrgb8888, padding: 4)
        paintSampleButton(into: &fb)
        #expect(fb.pixelBytes(physicalX: 1, y: 1) == [3, 2, 1, 0])   // border
        #expect(fb.pixelBytes(physicalX: 10, y: 8) == [3, 2, 1, 0])
        #expect(fb.pixelBytes(physicalX: 2, y: 2) == [30, 200, 10, 0])   // fill
        #expect(fb.pixelBytes(physicalX: 5, y: 4) == [30, 200, 10, 0])   // alpha 0: the fill
        #expect(fb.pixelBytes(physicalX: 6, y: 4) == [100, 20, 250, 0])   // alpha 255: the text
        #expect(fb.pixelBytes(physicalX: 5, y: 5) == [65, 110, 130, 0])   // alpha 128
        #expect(fb.pixelBytes(physicalX: 6, y: 5) == [48, 155, 70, 0])   // alpha 64
        #expect(fb.pixelBytes(physicalX: 0, y: 0) == [0xEE, 0xEE, 0xEE, 0xEE])
        #expect(fb.pixelBytes(physicalX: 11, y: 9) == [0xEE, 0xEE, 0xEE, 0xEE])
        var button: [(Int, Int)] = []
        for y in 1...8 {
            for x in 1...10 { button.append((x, y)) }
        }
        #expect(fb.strayWrites(outside: fb.offsets(ofPhysical: button)) == [])
    }

    /// The whole logical picture in every format and rotation: the label reads the same way
    /// up whatever the rotation.
    @Test(arguments: FormatCase.all, [DisplayRotation.degrees0, .degrees90, .degrees180, .degrees270])
    func wholePictureInEveryFormatAndRotation(_ format: FormatCase, _ rotation: DisplayRotation) {
        let (w, h): (Int32, Int32) = rotation.swapsAxes ? (10, 12) : (12, 10)
        var fb = TestFramebuffer(width: w, height: h, format: format.format, rotation: rotation, padding: 2)
        paintSampleButton(into: &fb)
        #expect(fb.layout.logicalWidth == 12 && fb.layout.logicalHeight == 10)
        let bpp = format.format.bytesPerPixel
        var written = Set<Int>()
        for y in Int32(0)..<10 {
            for x in Int32(0)..<12 {
                let offset = fb.layout.byteOffset(x: x, y: y)!
                let raw = fb.bytes[offset..<offset + bpp]
                if let color = Self.expected(x: x, y: y) {
                    var value: UInt32 = 0
                    for (i, byte) in raw.enumerated() { value |= UInt32(byte) << (8 * UInt32(i)) }
                    #expect(value == format.format.encode(color), "logical (\(x), \(y))")
                    for i in 0..<bpp { written.insert(offset + i) }
                } else {
                    #expect(raw.allSatisfy { $0 == 0xEE }, "logical (\(x), \(y)) untouched")
                }
            }
        }
        #expect(fb.strayWrites(outside: written) == [])
    }

    @Test func stateSelectsTheColours() {
        #expect(Self.style.colors(for: .normal) == ButtonStyle.Colors(fill: Self.fill, text: Self.text))
        #expect(Self.style.colors(for: .pressed).fill == .white)
        #expect(Self.style.colors(for: .disabled).fill == RGBColor(r: 5, g: 5, b: 5))
        #expect(Self.style.colors(for: .on).fill == RGBColor(r: 0, g: 99, b: 0))
        var fb = TestFramebuffer(width: 12, height: 10, format: .rgb888)
        paintSampleButton(into: &fb, state: .pressed)
        #expect(fb.pixelBytes(physicalX: 2, y: 2) == [255, 255, 255])
        #expect(fb.pixelBytes(physicalX: 6, y: 4) == [0, 0, 0])   // black text at full coverage
        #expect(fb.pixelBytes(physicalX: 5, y: 5) == [127, 127, 127])   // 128 of black over white
        #expect(fb.pixelBytes(physicalX: 1, y: 1) == [3, 2, 1])
    }

    @Test func aLabelLargerThanTheButtonIsClippedInsideTheBorder() {
        let solid = [UInt8](repeating: 255, count: 12 * 3)
        var fb = TestFramebuffer(width: 12, height: 10, format: .rgb888)
        solid.withUnsafeBytes { pixels in
            let label = AlphaBitmap(width: 12, height: 3, stride: 12, pixels: pixels)!
            fb.paint { painter, buffer in
                painter.paintButton(
                    rect: Rect(x: 1, y: 1, width: 10, height: 8), style: Self.style, state: .normal, label: label,
                    in: buffer)
            }
        }
        // Origin (1 + (10-12)/2, 1 + (8-3)/2) = (0, 3): rows 3...5, columns clipped to 2...9.
        for y in 1...8 {
            for x in 1...10 {
                let want: RGBColor =
                    (x == 1 || x == 10 || y == 1 || y == 8) ? Self.border : (y >= 3 && y <= 5 ? Self.text : Self.fill)
                #expect(fb.pixelBytes(physicalX: x, y: y) == [want.b, want.g, want.r], "(\(x), \(y))")
            }
        }
    }

    @Test func oddLeftoverGoesRightAndBelow() {
        let dot: [UInt8] = [255, 255, 255]   // 3x1
        var fb = TestFramebuffer(width: 10, height: 4, format: .rgb888)
        dot.withUnsafeBytes { pixels in
            let label = AlphaBitmap(width: 3, height: 1, stride: 3, pixels: pixels)!
            fb.paint { painter, buffer in
                painter.paintButton(
                    rect: Rect(x: 0, y: 0, width: 10, height: 4), style: Self.style, state: .normal, label: label,
                    in: buffer)
            }
        }
        // x: (10-3)/2 = 3 -> columns 3...5; y: (4-1)/2 = 1.
        let row = (0..<10).map { fb.pixelBytes(physicalX: $0, y: 1) == [100, 20, 250] }
        #expect(row == [false, false, false, true, true, true, false, false, false, false])
    }

    @Test func aButtonThinnerThanTwoBordersIsAllBorder() {
        var fb = TestFramebuffer(width: 6, height: 6, format: .rgb565)
        var style = Self.style
        style.borderWidth = 2
        fb.paint { painter, buffer in
            painter.paintButton(
                rect: Rect(x: 1, y: 1, width: 4, height: 4), style: style, state: .normal, label: nil, in: buffer)
        }
        var button: [(Int, Int)] = []
        for y in 1...4 {
            for x in 1...4 {
                #expect(fb.pixelBytes(physicalX: x, y: y) == [0x00, 0x00])   // (1,2,3) in 565 is 0
                button.append((x, y))
            }
        }
        #expect(fb.strayWrites(outside: fb.offsets(ofPhysical: button)) == [])
    }

    @Test func noBorderFillsTheWholeRect() {
        var fb = TestFramebuffer(width: 4, height: 3, format: .xrgb8888)
        var style = Self.style
        style.borderWidth = 0
        fb.paint { painter, buffer in
            painter.paintButton(
                rect: Rect(x: 0, y: 0, width: 4, height: 3), style: style, state: .on, label: nil, in: buffer)
        }
        #expect(fb.bytes == Array(repeating: [0, 99, 0, 0] as [UInt8], count: 12).flatMap { $0 })
    }

    @Test func buttonsOffTheScreenEdgeAreClipped() {
        let solid = [UInt8](repeating: 200, count: 16)
        for rotation in [DisplayRotation.degrees0, .degrees90, .degrees180, .degrees270] {
            var fb = TestFramebuffer(width: 5, height: 5, format: .rgb565, rotation: rotation, padding: 2)
            solid.withUnsafeBytes { pixels in
                let label = AlphaBitmap(width: 4, height: 4, stride: 4, pixels: pixels)!
                fb.paint { painter, buffer in
                    painter.paintButton(
                        rect: Rect(x: -4, y: 3, width: 8, height: 8), style: Self.style, state: .normal,
                        label: label, in: buffer)
                    return painter.paintButton(
                        rect: Rect(x: Int32.max - 3, y: Int32.min, width: Int32.max, height: 9), style: Self.style,
                        state: .normal, label: label, in: buffer)
                }
            }
            // Visible: logical x 0...3, y 3...4; nothing else written.
            var written = Set<Int>()
            for y in Int32(3)...4 {
                for x in Int32(0)...3 {
                    let offset = fb.layout.byteOffset(x: x, y: y)!
                    written.insert(offset)
                    written.insert(offset + 1)
                    #expect(fb.bytes[offset] != 0xEE || fb.bytes[offset + 1] != 0xEE)
                }
            }
            #expect(fb.strayWrites(outside: written) == [], "rotation \(rotation)")
        }
    }

    @Test func alphaBitmapRefusesRowsBeyondItsMemory() {
        let four = [UInt8](repeating: 0, count: 4)
        four.withUnsafeBytes { pixels in
            #expect(AlphaBitmap(width: 2, height: 2, stride: 2, pixels: pixels) != nil)
            #expect(AlphaBitmap(width: 2, height: 2, stride: 3, pixels: pixels) == nil)
            #expect(AlphaBitmap(width: 3, height: 1, stride: 3, pixels: pixels) != nil)
            #expect(AlphaBitmap(width: 2, height: 3, stride: 2, pixels: pixels) == nil)
            #expect(AlphaBitmap(width: 3, height: 1, stride: 2, pixels: pixels) == nil)
            #expect(AlphaBitmap(width: 0, height: 0, stride: 0, pixels: pixels) != nil)
            #expect(AlphaBitmap(width: -1, height: 1, stride: 0, pixels: pixels) == nil)
        }
    }
}
