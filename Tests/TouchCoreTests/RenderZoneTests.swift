import Testing
import TouchCore

/// Invisible zones over a page's background (`ZonePainter`): exact pixel values, worked out by
/// hand from `RGBColor.blended`'s rule `(fg*a + bg*(255-a) + 127) / 255`.
@Suite("Zone painting: nothing at rest, a translucent fill while pressed, over an image or a colour")
struct RenderZoneTests {
    static let image = RGBColor(r: 200, g: 100, b: 50)
    static let pressed = TranslucentColor(RGBColor(r: 0, g: 0, b: 255), alpha: 0x80)

    static func style(borderWidth: Int32 = 0) -> ZoneStyle {
        var button = ButtonStyle.standard
        button.borderWidth = borderWidth
        button.border = RGBColor(r: 0, g: 255, b: 0)
        return ZoneStyle(button: button, pressed: pressed)
    }

    /// A 4x3 backdrop of one colour but for pixel (1, 1), laid out as `layout`.
    static func backdrop(_ layout: FramebufferLayout) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: layout.bufferSize)
        for y in 0..<layout.logicalHeight {
            for x in 0..<layout.logicalWidth {
                let color = x == 1 && y == 1 ? RGBColor.white : image
                let value = layout.format.encode(color)
                let offset = layout.byteOffset(x: x, y: y)!
                for byte in 0..<layout.format.bytesPerPixel { bytes[offset + byte] = UInt8(truncatingIfNeeded: value >> UInt32(8 * byte)) }
            }
        }
        return bytes
    }

    @Test func atRestAZoneOverAnImageIsTheImage() {
        var fb = TestFramebuffer(width: 4, height: 3, format: .xrgb8888)
        let backdrop = Self.backdrop(fb.layout)
        let zone = ZonePainter(layout: fb.layout)
        let ok = fb.bytes.withUnsafeMutableBytes { pixels in
            backdrop.withUnsafeBytes {
                zone.paint(zone: Rect(x: 0, y: 0, width: 4, height: 3), style: Self.style(), state: .normal, label: nil,
                           backdrop: $0, background: .black, in: pixels)
            }
        }
        #expect(ok)
        #expect(fb.bytes == backdrop)
    }

    @Test func pressedBlendsItsFillOverTheImageExactly() {
        var fb = TestFramebuffer(width: 4, height: 3, format: .xrgb8888)
        let backdrop = Self.backdrop(fb.layout)
        let zone = ZonePainter(layout: fb.layout)
        fb.bytes.withUnsafeMutableBytes { pixels in
            backdrop.withUnsafeBytes {
                _ = zone.paint(zone: Rect(x: 1, y: 1, width: 2, height: 2), style: Self.style(), state: .pressed, label: nil,
                               backdrop: $0, background: .black, in: pixels)
            }
        }
        // (0, 0, 255) at 128/255 over (200, 100, 50): r (0*128 + 200*127 + 127)/255 = 100,
        // g (100*127 + 127)/255 = 50, b (255*128 + 50*127 + 127)/255 = 153; over white 127, 127, 255.
        #expect(fb.pixelBytes(physicalX: 2, y: 1) == [153, 50, 100, 0])
        #expect(fb.pixelBytes(physicalX: 1, y: 1) == [255, 127, 127, 0])
        #expect(fb.pixelBytes(physicalX: 2, y: 2) == [153, 50, 100, 0])
        // Outside the rect: untouched.
        #expect(fb.pixelBytes(physicalX: 0, y: 0) == [0xEE, 0xEE, 0xEE, 0xEE])
        #expect(fb.pixelBytes(physicalX: 3, y: 1) == [0xEE, 0xEE, 0xEE, 0xEE])
    }

    @Test func pressedOverTheColourInRGB565() {
        var fb = TestFramebuffer(width: 4, height: 3, format: .rgb565)
        let zone = ZonePainter(layout: fb.layout)
        fb.bytes.withUnsafeMutableBytes { pixels in
            _ = zone.paint(zone: Rect(x: 0, y: 0, width: 1, height: 1), style: Self.style(), state: .pressed, label: nil,
                           backdrop: nil, background: Self.image, in: pixels)
        }
        // The colour through RGB565 first: (200, 100, 50) is 0xCB26, which reads back as (206, 101, 49);
        // the blend gives (103, 50, 152) = 0x6193 (r 103>>3 = 12, g 50>>2 = 12, b 152>>3 = 19).
        #expect(fb.pixelBytes(physicalX: 0, y: 0) == [0x93, 0x61])
    }

    @Test func aBorderIsOpaqueAndTheInsideStaysTheImage() {
        var fb = TestFramebuffer(width: 4, height: 3, format: .xrgb8888)
        let backdrop = Self.backdrop(fb.layout)
        let zone = ZonePainter(layout: fb.layout)
        fb.bytes.withUnsafeMutableBytes { pixels in
            backdrop.withUnsafeBytes {
                _ = zone.paint(zone: Rect(x: 0, y: 0, width: 4, height: 3), style: Self.style(borderWidth: 1), state: .normal, label: nil,
                               backdrop: $0, background: .black, in: pixels)
            }
        }
        #expect(fb.pixelBytes(physicalX: 0, y: 0) == [0, 255, 0, 0])
        #expect(fb.pixelBytes(physicalX: 3, y: 2) == [0, 255, 0, 0])
        #expect(fb.pixelBytes(physicalX: 1, y: 1) == [255, 255, 255, 0])
        #expect(fb.pixelBytes(physicalX: 2, y: 1) == [50, 100, 200, 0])
    }

    /// A zone's `radius` rounds its pressed fill and its border as a button's: a corner pixel
    /// is the tinted image, the border and the image as it is in the shares of its 16 samples.
    /// Radius 4: pixel (0, 0) has no sample inside the curve, (1, 0) three, (1, 1) fifteen.
    @Test func aRadiusRoundsThePressedFillAndTheBorder() {
        func painted(borderWidth: Int32) -> TestFramebuffer {
            var fb = TestFramebuffer(width: 8, height: 8, format: .xrgb8888)
            let backdrop = Self.backdrop(fb.layout)
            var style = Self.style(borderWidth: borderWidth)
            style.button.radiusPx = 4
            let zone = ZonePainter(layout: fb.layout)
            fb.bytes.withUnsafeMutableBytes { pixels in
                backdrop.withUnsafeBytes {
                    _ = zone.paint(zone: Rect(x: 0, y: 0, width: 8, height: 8), style: style, state: .pressed, label: nil,
                                   backdrop: $0, background: .black, in: pixels)
                }
            }
            return fb
        }
        let fill = painted(borderWidth: 0)
        // Outside the curve the image as it is; the tint (100, 50, 153) in 3 sixteenths over
        // (200, 100, 50): r (100*3 + 200*13 + 8) >> 4 = 181, g 91, b 69.
        #expect(fill.pixelBytes(physicalX: 0, y: 0) == [50, 100, 200, 0])
        #expect(fill.pixelBytes(physicalX: 1, y: 0) == [69, 91, 181, 0])
        // Over the white pixel: the tint (127, 127, 255) in 15 sixteenths: (127*15 + 255 + 8) >> 4 = 135.
        #expect(fill.pixelBytes(physicalX: 1, y: 1) == [255, 135, 135, 0])
        #expect(fill.pixelBytes(physicalX: 3, y: 0) == [153, 50, 100, 0])
        // The other corners mirror it.
        #expect(fill.pixelBytes(physicalX: 7, y: 7) == [50, 100, 200, 0])
        #expect(fill.pixelBytes(physicalX: 6, y: 7) == [69, 91, 181, 0])
        #expect(fill.pixelBytes(physicalX: 7, y: 1) == [69, 91, 181, 0])
        #expect(fill.pixelBytes(physicalX: 4, y: 4) == [153, 50, 100, 0])
        let border = painted(borderWidth: 1)
        // The green border in 3 sixteenths over the image: r (200*13 + 8) >> 4 = 163,
        // g (255*3 + 100*13 + 8) >> 4 = 129, b (50*13 + 8) >> 4 = 41.
        #expect(border.pixelBytes(physicalX: 0, y: 0) == [50, 100, 200, 0])
        #expect(border.pixelBytes(physicalX: 1, y: 0) == [41, 129, 163, 0])
        #expect(border.pixelBytes(physicalX: 3, y: 0) == [0, 255, 0, 0])
    }

    @Test func aLabelIsBlendedOverTheFilledImage() {
        var fb = TestFramebuffer(width: 4, height: 3, format: .xrgb8888)
        let backdrop = Self.backdrop(fb.layout)
        let zone = ZonePainter(layout: fb.layout)
        // One row of two pixels: full and half coverage, centred in the 4x3 rect at (1, 1).
        let coverage: [UInt8] = [255, 128]
        coverage.withUnsafeBytes { ink in
            let label = AlphaBitmap(width: 2, height: 1, stride: 2, pixels: ink)!
            fb.bytes.withUnsafeMutableBytes { pixels in
                backdrop.withUnsafeBytes {
                    _ = zone.paint(zone: Rect(x: 0, y: 0, width: 4, height: 3), style: Self.style(), state: .pressed, label: label,
                                   backdrop: $0, background: .black, in: pixels)
                }
            }
        }
        // Pressed text is .standard's: black. Full coverage: black; half over the filled image
        // (100, 50, 153): (100*127 + 127)/255 = 50, 25, 76.
        #expect(fb.pixelBytes(physicalX: 1, y: 1) == [0, 0, 0, 0])
        #expect(fb.pixelBytes(physicalX: 2, y: 1) == [76, 25, 50, 0])
        #expect(fb.pixelBytes(physicalX: 0, y: 1) == [153, 50, 100, 0])
    }

    /// Every pixel of a zone with a border, pressed, against a plain per-pixel reference, in
    /// both formats at every rotation (the painter walks physical rows).
    @Test func everyPixelAtEveryRotationInBothFormats() {
        for format in [PixelFormat.xrgb8888, .rgb565] {
            for rotation in [DisplayRotation.degrees0, .degrees90, .degrees180, .degrees270] {
                var fb = TestFramebuffer(width: 4, height: 3, format: format, rotation: rotation, padding: 2)
                let backdrop = Self.backdrop(fb.layout)
                let zone = ZonePainter(layout: fb.layout)
                let rect = Rect(x: 0, y: 0, width: fb.layout.logicalWidth, height: fb.layout.logicalHeight)
                fb.bytes.withUnsafeMutableBytes { pixels in
                    backdrop.withUnsafeBytes {
                        _ = zone.paint(zone: rect, style: Self.style(borderWidth: 1), state: .pressed, label: nil, backdrop: $0,
                                       background: .black, in: pixels)
                    }
                }
                for y in 0..<fb.layout.logicalHeight {
                    for x in 0..<fb.layout.logicalWidth {
                        let offset = fb.layout.byteOffset(x: x, y: y)!
                        let border = x == 0 || y == 0 || x == rect.width - 1 || y == rect.height - 1
                        var under: UInt32 = 0
                        for byte in 0..<format.bytesPerPixel { under |= UInt32(backdrop[offset + byte]) << UInt32(8 * byte) }
                        let color = border ? RGBColor(r: 0, g: 255, b: 0) : Self.pressed.color.blended(over: format.decode(under), alpha: Self.pressed.alpha)
                        let value = format.encode(color)
                        let expected = (0..<format.bytesPerPixel).map { UInt8(truncatingIfNeeded: value >> UInt32(8 * $0)) }
                        #expect(Array(fb.bytes[offset..<offset + format.bytesPerPixel]) == expected, "\(format) \(rotation) (\(x), \(y))")
                    }
                }
                // The stride's padding is never written.
                for row in 0..<Int(fb.layout.physicalHeight) {
                    let end = (row + 1) * fb.layout.strideBytes
                    #expect(Array(fb.bytes[end - 2..<end]) == [TestFramebuffer.sentinel, TestFramebuffer.sentinel])
                }
            }
        }
    }

    @Test func restoreCopiesTheImagesRowsAtEveryRotation() {
        for rotation in [DisplayRotation.degrees0, .degrees90, .degrees180, .degrees270] {
            var fb = TestFramebuffer(width: 4, height: 3, format: .rgb565, rotation: rotation, padding: 2)
            let backdrop = Self.backdrop(fb.layout)
            let zone = ZonePainter(layout: fb.layout)
            let rect = Rect(x: 1, y: 1, width: 1, height: 1)
            fb.bytes.withUnsafeMutableBytes { pixels in
                backdrop.withUnsafeBytes { _ = zone.restore(rect, from: $0, in: pixels) }
            }
            let offset = fb.layout.byteOffset(x: 1, y: 1)!
            #expect(Array(fb.bytes[offset..<offset + 2]) == [0xFF, 0xFF], "rotation \(rotation)")
            #expect(fb.bytes.filter { $0 != TestFramebuffer.sentinel }.count == 2, "rotation \(rotation)")
        }
    }

    @Test func aSmallBackdropIsRefused() {
        var fb = TestFramebuffer(width: 4, height: 3, format: .xrgb8888)
        let zone = ZonePainter(layout: fb.layout)
        let short = [UInt8](repeating: 0, count: 8)
        let ok = fb.bytes.withUnsafeMutableBytes { pixels in
            short.withUnsafeBytes { zone.restore(Rect(x: 0, y: 0, width: 1, height: 1), from: $0, in: pixels) }
        }
        #expect(!ok)
        #expect(fb.bytes.allSatisfy { $0 == TestFramebuffer.sentinel })
    }
}
