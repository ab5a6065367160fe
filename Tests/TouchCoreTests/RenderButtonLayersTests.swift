import Testing
@testable import TouchCore

@Suite("Render: rounded corners, a sublabel and a picture")
struct RenderButtonLayersTests {
    static let white = ButtonStyle.Colors(fill: .white, text: .black, subtext: RGBColor(r: 200, g: 0, b: 0))

    /// A plain style of one colour per state: white fill, black text, red subtext.
    static func style(radiusPx: Int32, borderWidth: Int32, border: RGBColor = RGBColor(r: 0, g: 0, b: 255)) -> ButtonStyle {
        var style = ButtonStyle(
            normal: white, pressed: white, disabled: white, on: white, pending: white, unknown: white, border: border,
            borderWidth: borderWidth)
        style.radiusPx = radiusPx
        return style
    }

    /// xrgb8888's bytes of a colour: blue, green, red, unused.
    static func bytes(_ c: RGBColor) -> [UInt8] { [c.b, c.g, c.r, 0] }

    /// An 8x8 button of radius 4 without a border, over black: the corner pixel is all behind,
    /// the one beside it 3 of its 16 samples inside the circle (worked by hand: samples at
    /// eighths 9, 11, 13, 15 across and 1, 3, 5, 7 down against a radius of 32 eighths), and
    /// the same mirrored at every corner; the middle is the fill.
    @Test func cornersTakeTheShareOfTheirSamplesInsideTheCircle() {
        var fb = TestFramebuffer(width: 8, height: 8, format: .xrgb8888)
        fb.paint { painter, buffer in
            painter.paintButton(
                rect: Rect(x: 0, y: 0, width: 8, height: 8), style: Self.style(radiusPx: 4, borderWidth: 0), state: .normal,
                label: nil, layers: ButtonLayers(behind: .black), in: buffer)
        }
        // 255 * 3 / 16, rounded: (765 + 8) >> 4.
        let grey = RGBColor(r: 48, g: 48, b: 48)
        for (x, y) in [(0, 0), (7, 0), (0, 7), (7, 7)] {
            #expect(fb.pixelBytes(physicalX: x, y: y) == Self.bytes(.black), "corner \(x),\(y)")
        }
        for (x, y) in [(1, 0), (0, 1), (6, 0), (7, 1), (1, 7), (0, 6), (6, 7), (7, 6)] {
            #expect(fb.pixelBytes(physicalX: x, y: y) == Self.bytes(grey), "beside the corner \(x),\(y)")
        }
        for (x, y) in [(3, 3), (4, 0), (0, 4), (3, 4)] {
            #expect(fb.pixelBytes(physicalX: x, y: y) == Self.bytes(.white), "inside \(x),\(y)")
        }
    }

    /// Behind a corner is the page's picture where it has one: the corner pixel takes the
    /// backdrop's pixel at its place on the screen, not the colour.
    @Test func cornersShowTheBackdropBehindThem() {
        var fb = TestFramebuffer(width: 12, height: 8, format: .xrgb8888)
        var backdrop = [UInt8](repeating: 0, count: fb.layout.bufferSize)
        // The pixel behind the button's top-left corner (4, 0): red 7, green 8, blue 9.
        let at = 4 * 4
        backdrop[at] = 9
        backdrop[at + 1] = 8
        backdrop[at + 2] = 7
        _ = backdrop.withUnsafeBytes { backdrop in
            fb.paint { painter, buffer in
                painter.paintButton(
                    rect: Rect(x: 4, y: 0, width: 8, height: 8), style: Self.style(radiusPx: 4, borderWidth: 0), state: .normal,
                    label: nil, layers: ButtonLayers(behind: .white, backdrop: backdrop), in: buffer)
            }
        }
        #expect(fb.pixelBytes(physicalX: 4, y: 0) == [9, 8, 7, 0])
        // Beside it, 3/16 of the fill over the backdrop's black.
        #expect(fb.pixelBytes(physicalX: 5, y: 0) == Self.bytes(RGBColor(r: 48, g: 48, b: 48)))
        // Left of the button: not written.
        #expect(fb.pixelBytes(physicalX: 3, y: 0) == [UInt8](repeating: TestFramebuffer.sentinel, count: 4))
    }

    /// A border keeps its width around a corner: with radius 4 and a 2-pixel border, pixel
    /// (2, 2) lies where the border's inner edge (radius 2) curves, and (1, 1) is border and
    /// behind, no fill.
    @Test func aBorderFollowsTheCorner() {
        var fb = TestFramebuffer(width: 10, height: 10, format: .xrgb8888)
        let blue = RGBColor(r: 0, g: 0, b: 255)
        fb.paint { painter, buffer in
            painter.paintButton(
                rect: Rect(x: 0, y: 0, width: 10, height: 10), style: Self.style(radiusPx: 4, borderWidth: 2), state: .normal,
                label: nil, layers: ButtonLayers(behind: .black), in: buffer)
        }
        // (1, 1) of radius 4: samples at eighths 9, 11, 13, 15 both ways, 23, 21, 19, 17 from
        // a centre at 32; only 23²+23² = 1058 lies past 32² = 1024: 15 of 16 inside. No fill:
        // it lies in the border band. Blue (255 * 15 + 8) >> 4 = 239.
        #expect(fb.pixelBytes(physicalX: 1, y: 1) == Self.bytes(RGBColor(r: 0, g: 0, b: 239)))
        // (2, 2): wholly inside the outer circle (15²+15² = 450); against the inner edge
        // (radius 2, its pixel (0, 0)) the samples lie 15, 13, 11, 9 eighths from a centre at
        // 16, and within 16² = 256 are only 13²+9², 9²+13², 11²+11², 11²+9², 9²+11², 9²+9²: 6
        // of fill, 10 of border. Red and green (255 * 6 + 8) >> 4 = 96, blue 255.
        #expect(fb.pixelBytes(physicalX: 2, y: 2) == Self.bytes(RGBColor(r: 96, g: 96, b: 255)))
        #expect(fb.pixelBytes(physicalX: 5, y: 0) == Self.bytes(blue))
        #expect(fb.pixelBytes(physicalX: 5, y: 5) == Self.bytes(.white))
    }

    /// A sublabel is blended in the state's subtext colour and a picture by its alpha, both
    /// placed from the label's line origin.
    @Test func aSublabelAndAPictureArePlacedFromTheLabelsLine() {
        var fb = TestFramebuffer(width: 20, height: 12, format: .xrgb8888)
        // A label of 4x2 whose line is 2 rows, centred in a 20x12 button without border:
        // origin (8, 5).
        let label: [UInt8] = [255, 0, 0, 0, 0, 0, 0, 0]
        let sublabel: [UInt8] = [255, 128]
        // One opaque green pixel, one at alpha 128, one transparent.
        let picture: [UInt8] = [0, 255, 0, 255, 0, 0, 255, 128, 9, 9, 9, 0]
        label.withUnsafeBytes { l in
            sublabel.withUnsafeBytes { s in
                picture.withUnsafeBytes { p in
                    var layers = ButtonLayers(behind: .black)
                    layers.sublabel = AlphaBitmap(width: 2, height: 1, stride: 2, pixels: s)
                    layers.sublabelX = 1
                    layers.sublabelY = 3
                    layers.picture = RGBAPixels(width: 3, height: 1, stride: 12, pixels: p)
                    layers.pictureX = -4
                    layers.pictureY = -2
                    fb.paint { painter, buffer in
                        painter.paintButton(
                            rect: Rect(x: 0, y: 0, width: 20, height: 12), style: Self.style(radiusPx: 0, borderWidth: 0),
                            state: .normal, label: AlphaBitmap(width: 4, height: 2, stride: 4, pixels: l)!, layers: layers, in: buffer)
                    }
                }
            }
        }
        #expect(fb.pixelBytes(physicalX: 8, y: 5) == Self.bytes(.black))
        #expect(fb.pixelBytes(physicalX: 9, y: 8) == Self.bytes(RGBColor(r: 200, g: 0, b: 0)))
        // Red 200 at 128 over white: (200*128 + 255*127 + 127) / 255 = 227; green and blue
        // (255*127 + 127) / 255 = 127.
        #expect(fb.pixelBytes(physicalX: 10, y: 8) == Self.bytes(RGBColor(r: 227, g: 127, b: 127)))
        #expect(fb.pixelBytes(physicalX: 4, y: 3) == Self.bytes(RGBColor(r: 0, g: 255, b: 0)))
        // Blue 255 at 128 over white: red and green 127, blue 255.
        #expect(fb.pixelBytes(physicalX: 5, y: 3) == Self.bytes(RGBColor(r: 127, g: 127, b: 255)))
        #expect(fb.pixelBytes(physicalX: 6, y: 3) == Self.bytes(.white))
    }

    /// Rounded corners, borders, a sublabel and a picture in every rotation and format: a look
    /// prepared once and repainted gives exactly the pixels of painting the button straight,
    /// over a colour and over a backdrop.
    @Test(arguments: [DisplayRotation.degrees0, .degrees90, .degrees180, .degrees270])
    func aPreparedLookGivesThePixelsOfPaintingStraight(rotation: DisplayRotation) {
        var seed: UInt32 = 777
        func next(_ below: Int) -> Int {
            seed = seed &* 1_103_515_245 &+ 12345
            return Int(seed >> 16) % below
        }
        var compared = 0
        var cornersSeen = 0
        for format in [PixelFormat.xrgb8888, .rgb565, .rgb888] {
            for _ in 0..<30 {
                let width = 4 + next(50), height = 4 + next(30)
                let rect = Rect(x: Int32(next(8)) - 4, y: Int32(next(6)) - 2, width: Int32(width), height: Int32(height))
                let style = Self.style(radiusPx: Int32(next(14)), borderWidth: Int32(next(4)))
                let label = (0..<24).map { _ in UInt8([0, 255, next(256)][next(3)]) }
                let sublabel = (0..<10).map { _ in UInt8(next(256)) }
                let picture = (0..<36).map { _ in UInt8(next(256)) }
                let overBackdrop = next(2) == 0
                var direct = TestFramebuffer(width: 64, height: 48, format: format, rotation: rotation, padding: 2)
                let backdrop = (0..<direct.layout.bufferSize).map { _ in UInt8(next(256)) }
                var viaLook = direct
                label.withUnsafeBytes { l in
                    sublabel.withUnsafeBytes { s in
                        picture.withUnsafeBytes { p in
                            backdrop.withUnsafeBytes { b in
                                var layers = ButtonLayers(
                                    behind: RGBColor(r: 1, g: 2, b: 3),
                                    backdrop: overBackdrop ? b : nil)
                                layers.sublabel = AlphaBitmap(width: 5, height: 2, stride: 5, pixels: s)
                                layers.sublabelX = Int32(next(6)) - 2
                                layers.sublabelY = Int32(next(8))
                                layers.picture = RGBAPixels(width: 3, height: 3, stride: 12, pixels: p)
                                layers.pictureX = Int32(next(10)) - 5
                                layers.pictureY = Int32(next(10)) - 5
                                let labelBitmap = AlphaBitmap(width: 6, height: 4, stride: 6, pixels: l, top: 1, lineHeight: 6)!
                                direct.paint { painter, buffer in
                                    painter.paintButton(rect: rect, style: style, state: .normal, label: labelBitmap, layers: layers, in: buffer)
                                }
                                viaLook.paint { painter, buffer in
                                    let room = painter.preparedByteCount(label: labelBitmap, layers: layers, rect: rect, style: style)
                                    let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: max(room, 1), alignment: 16)
                                    defer { memory.deallocate() }
                                    let look = painter.prepare(
                                        label: labelBitmap, layers: layers, rect: rect, style: style, state: .normal, into: memory)
                                    return painter.paintButton(rect: rect, style: style, state: .normal, prepared: look, in: buffer)
                                }
                            }
                        }
                    }
                }
                #expect(viaLook.bytes == direct.bytes, "\(format.bytesPerPixel) bytes, \(rect), radius \(style.radiusPx), border \(style.borderWidth)")
                compared += 1
                if style.radiusPx >= 2 { cornersSeen += 1 }
            }
        }
        #expect(compared == 90)
        #expect(cornersSeen > 40)
    }
}

/// The corner coverage worked out a row at a time (integer square roots) against counting the
/// 16 samples one by one, for every pixel of every corner up to a radius of 64.
@Suite("Render: corner coverage")
struct RenderCornerCoverageTests {
    @Test func rowReachesCountWhatSamplingCounts() {
        var compared = 0
        for radius in 1...64 {
            let r8 = 8 * radius
            for j in 0..<radius {
                for i in 0..<radius {
                    var inside = 0
                    for sy in 0..<4 {
                        for sx in 0..<4 {
                            let dx = r8 - (8 * i + 2 * sx + 1), dy = r8 - (8 * j + 2 * sy + 1)
                            if dx * dx + dy * dy <= r8 * r8 { inside += 1 }
                        }
                    }
                    #expect(FramebufferPainter.cornerCoverage(i, j, radius: radius) == inside, "radius \(radius), pixel \(i),\(j)")
                    compared += 1
                }
            }
        }
        #expect(compared == (1...64).reduce(0) { $0 + $1 * $1 })
        #expect(FramebufferPainter.cornerCoverage(5, 0, radius: 5) == 16)
    }
}

@Suite("Render: a label's colour glyphs and its direction")
struct RenderColourLabelTests {
    /// A 3x1 label, all ink, whose middle pixel is a colour glyph's (red, alpha 255) and whose
    /// last is one's edge (blue, alpha 128): the first takes the text colour, the middle the
    /// glyph's red over the fill, the last half blue over the fill (not over the text).
    @Test func colourGlyphsAreBlendedOverTheFillWhereTheirAlphaIsNotZero() {
        var fb = TestFramebuffer(width: 5, height: 3, format: .xrgb8888)
        let coverage: [UInt8] = [255, 255, 128]
        let colour: [UInt8] = [0, 0, 0, 0, 255, 0, 0, 255, 0, 0, 255, 128]
        coverage.withUnsafeBytes { coverageBytes in
            colour.withUnsafeBytes { colourBytes in
                var label = AlphaBitmap(width: 3, height: 1, stride: 3, pixels: coverageBytes)!
                label.colour = RGBAPixels(width: 3, height: 1, stride: 12, pixels: colourBytes)
                fb.paint { painter, buffer in
                    painter.paintButton(
                        rect: Rect(x: 0, y: 0, width: 5, height: 3), style: RenderButtonLayersTests.style(radiusPx: 0, borderWidth: 0),
                        state: .normal, label: label, in: buffer)
                }
            }
        }
        // The label sits at (1, 1): centred in 5x3.
        #expect(fb.pixelBytes(physicalX: 1, y: 1) == RenderButtonLayersTests.bytes(.black))
        #expect(fb.pixelBytes(physicalX: 2, y: 1) == RenderButtonLayersTests.bytes(RGBColor(r: 255, g: 0, b: 0)))
        #expect(fb.pixelBytes(physicalX: 3, y: 1) == RenderButtonLayersTests.bytes(RGBColor(r: 127, g: 127, b: 255)))
        #expect(fb.pixelBytes(physicalX: 0, y: 1) == RenderButtonLayersTests.bytes(.white))
    }

    /// The same for a sublabel: its colour glyph over the fill, its other ink in the subtext
    /// colour. A 1x1 label at (2, 1) of a 5x4 button, a 2x1 sublabel one row under it.
    @Test func aSublabelsColourGlyphsAreBlendedToo() {
        var fb = TestFramebuffer(width: 5, height: 4, format: .xrgb8888)
        let ink: [UInt8] = [255, 255]
        let colour: [UInt8] = [0, 255, 0, 255, 0, 0, 0, 0]
        ink.withUnsafeBytes { inkBytes in
            colour.withUnsafeBytes { colourBytes in
                let label = AlphaBitmap(width: 1, height: 1, stride: 1, pixels: inkBytes)!
                var sublabel = AlphaBitmap(width: 2, height: 1, stride: 2, pixels: inkBytes)!
                sublabel.colour = RGBAPixels(width: 2, height: 1, stride: 8, pixels: colourBytes)
                var layers = ButtonLayers(behind: .black)
                layers.sublabel = sublabel
                layers.sublabelX = 0
                layers.sublabelY = 1
                fb.paint { painter, buffer in
                    painter.paintButton(
                        rect: Rect(x: 0, y: 0, width: 5, height: 4), style: RenderButtonLayersTests.style(radiusPx: 0, borderWidth: 0),
                        state: .normal, label: label, layers: layers, in: buffer)
                }
            }
        }
        // The label's line is centred: 1 row at y 1 (4 - 1 = 3, halved down), x 2.
        #expect(fb.pixelBytes(physicalX: 2, y: 1) == RenderButtonLayersTests.bytes(.black))
        #expect(fb.pixelBytes(physicalX: 2, y: 2) == RenderButtonLayersTests.bytes(RGBColor(r: 0, g: 255, b: 0)))
        #expect(fb.pixelBytes(physicalX: 3, y: 2) == RenderButtonLayersTests.bytes(RGBColor(r: 200, g: 0, b: 0)))
    }

    @Test func startAndEndFollowTheLabelsDirection() {
        #expect(LabelAlignment.start.resolved(rightToLeft: false) == .left)
        #expect(LabelAlignment.start.resolved(rightToLeft: true) == .right)
        #expect(LabelAlignment.end.resolved(rightToLeft: false) == .right)
        #expect(LabelAlignment.end.resolved(rightToLeft: true) == .left)
        for fixed in [LabelAlignment.left, .right, .center] {
            #expect(fixed.resolved(rightToLeft: true) == fixed && fixed.resolved(rightToLeft: false) == fixed)
        }
    }

    /// A 2x1 label in a 6x1 text of inset 0, `align = start`: at the left when it reads left to
    /// right, at the right when it reads right to left.
    @Test func aRightToLeftLabelStartsAtTheRight() {
        for rightToLeft in [false, true] {
            var fb = TestFramebuffer(width: 6, height: 1, format: .xrgb8888)
            var style = RenderButtonLayersTests.style(radiusPx: 0, borderWidth: 0)
            style.alignment = .start
            style.labelInsetPx = 0
            let coverage: [UInt8] = [255, 255]
            coverage.withUnsafeBytes { bytes in
                var label = AlphaBitmap(width: 2, height: 1, stride: 2, pixels: bytes)!
                label.rightToLeft = rightToLeft
                fb.paint { painter, buffer in
                    painter.paintButton(rect: Rect(x: 0, y: 0, width: 6, height: 1), style: style, state: .normal, label: label, in: buffer)
                }
            }
            let inked = (0..<6).filter { fb.pixelBytes(physicalX: $0, y: 0) == RenderButtonLayersTests.bytes(.black) }
            #expect(inked == (rightToLeft ? [4, 5] : [0, 1]))
        }
    }
}
