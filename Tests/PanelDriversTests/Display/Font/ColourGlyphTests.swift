@testable import PanelDrivers
import Testing

/// Debian bookworm's fonts-noto-color-emoji (Noto Color Emoji 2.038: one strike of 109 pixels)
/// and fonts-dejavu-core, with FreeType 2.12.
@Suite("Colour glyphs: emoji from colour bitmaps, scaled to the label")
struct ColourGlyphTests {
    static let emoji = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"

    /// BGRA premultiplied, as FreeType gives a colour bitmap.
    static func scaled(_ pixels: [UInt8], width: Int, rows: Int, from strike: Int, to size: Int) -> RenderedGlyph {
        pixels.withUnsafeBytes { bytes in
            ColourGlyph.scaled(
                ColourGlyph.Source(width: width, rows: rows, pitch: width * 4, pixels: bytes.baseAddress, left: 4, top: 8, advance: 10 * 64),
                from: strike, to: size)
        }
    }

    /// 4x2 at strike 4 to size 2: each output pixel the mean of a 2x2 box, premultiplied, then
    /// straight. The left box is half transparent and half opaque red: alpha 128, red still
    /// 255 (not darkened by the transparent half); the right box opaque blue.
    @Test func eachPixelIsTheMeanOfTheBoxUnderItPremultiplied() {
        let clear: [UInt8] = [0, 0, 0, 0], red: [UInt8] = [0, 0, 255, 255], blue: [UInt8] = [255, 0, 0, 255]
        let row = clear + red + blue + blue
        let glyph = Self.scaled(row + row, width: 4, rows: 2, from: 4, to: 2)
        #expect(glyph.metrics == GlyphMetrics(left: 2, top: 4, width: 2, rows: 1, advance: 5))
        #expect(glyph.coverage == [128, 255])
        #expect(glyph.colour == [255, 0, 0, 128, 0, 0, 255, 255])
    }

    @Test func anEmojiIsDrawnInItsColoursAtTheLabelsSize() throws {
        let font = try FontRasterizer(paths: [FontRasterizer.defaultFontPath, Self.emoji], pixelSize: 32)
        #expect(font.faces[1].isColour)
        #expect(!font.faces[0].isColour)
        let label = font.rasterize("🎉")
        let colour = try #require(label.colour)
        #expect(colour.count == Int(label.width) * Int(label.height) * 4)
        // Its coverage is its colours' alpha, pixel for pixel.
        let pixels = label.pixels
        #expect((0..<pixels.count).allSatisfy { pixels[$0] == colour[$0 * 4 + 3] })
        // Scaled from 136x128 at 109 pixels: 40x38 at 32.
        #expect(label.width == 40)
        #expect(pixels.filter { $0 == 255 }.count > 300)
        // Not one colour: the party popper has red, yellow and blue in it.
        var opaque: Set<UInt32> = []
        for at in stride(from: 0, to: colour.count, by: 4) where colour[at + 3] == 255 {
            let red = UInt32(colour[at]) << 16, green = UInt32(colour[at + 1]) << 8
            opaque.insert(red | green | UInt32(colour[at + 2]))
        }
        #expect(opaque.count > 50)
        // A Latin label beside it has none.
        #expect(font.rasterize("Play").colour == nil)
    }

    @Test func theCacheCountsAColourGlyphsPixels() throws {
        let font = try FontRasterizer(paths: [FontRasterizer.defaultFontPath, Self.emoji], pixelSize: 32)
        _ = font.rasterize("🎉")
        #expect(font.glyphCacheCount == 1)
        // Its coverage (w x h) and colours (4 w x h) and the entry.
        let label = font.rasterize("🎉")
        #expect(font.glyphCacheByteCount >= GlyphCache.entryOverheadBytes + 5 * Int(label.width) * (Int(label.height) - 2))
    }
}
