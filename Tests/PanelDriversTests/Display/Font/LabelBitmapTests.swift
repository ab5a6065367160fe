import PanelConfig
@testable import PanelDrivers
import Testing
import TouchCore

/// Labels and icons kept packed in runs (issue 27's memory): the same coverage back wherever it
/// is drawn, in fewer bytes.
@Suite("Font: packed label bitmaps")
struct LabelBitmapTests {
    /// Coverage like an icon's: long runs of 0 and 255 (longer than one run code holds, and
    /// running on into the next row) with edge pixels between, and a stretch of edge longer
    /// than one copy code holds.
    static func iconLike(width: Int, height: Int) -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let d = (x - width / 2) * (x - width / 2) + (y - height / 2) * (y - height / 2)
                let r = (width / 3) * (width / 3)
                pixels[y * width + x] = d < r - 40 ? 255 : d < r + 40 ? UInt8(truncatingIfNeeded: (r + 40 - d) * 3) : 0
            }
        }
        for x in 0..<min(width, 150) { pixels[x] = UInt8(1 + x % 200) }
        return pixels
    }

    @Test func packedCoverageComesBackTheSame() {
        for (width, height) in [(1, 1), (3, 2), (76, 76), (200, 90), (300, 3)] {
            let plain = LabelBitmap(width: Int32(width), height: Int32(height), pixels: Self.iconLike(width: width, height: height), top: 2, lineHeight: Int32(height + 5))
            let packed = plain.packed
            #expect(packed.pixels == plain.pixels)
            #expect(packed == plain && plain == packed)
            #expect(packed.width == plain.width && packed.height == plain.height && packed.top == 2 && packed.lineHeight == Int32(height + 5))
            for (x, y) in [(0, 0), (width - 1, height - 1), (width / 2, height / 2)] {
                #expect(packed.coverage(x: x, y: y) == plain.coverage(x: x, y: y))
            }
            let lent = packed.withAlphaBitmap { bitmap in (0..<Int32(height)).map { bitmap.coverage(x: Int32(width) - 1, y: $0) } }
            #expect(lent == (0..<height).map { plain.coverage(x: width - 1, y: $0) })
            #expect(packed.packed.bytes == packed.bytes)
        }
    }

    /// An icon of 76 x 76 with round edges: a fifth of its bytes, or less.
    @Test func anIconTakesAFractionOfItsBytes() {
        let plain = LabelBitmap(width: 76, height: 76, pixels: Self.iconLike(width: 76, height: 76))
        let packed = plain.packed
        #expect(packed.isPacked && !plain.isPacked)
        #expect(packed.byteCount * 5 < plain.byteCount)
    }

    /// Coverage without runs would grow: it stays as it is.
    @Test func whatPackingWouldNotShrinkStaysPlain() {
        let noRuns = LabelBitmap(width: 10, height: 2, pixels: (0..<20).map { UInt8(1 + $0) })
        #expect(!noRuns.packed.isPacked && noRuns.packed.bytes == noRuns.bytes)
        #expect(!LabelBitmap.empty.packed.isPacked)
    }

    /// Written into a wider buffer at an offset: its rows in place, the bytes around them as
    /// they were; over zeros, a packed bitmap's zeros are passed over and the result is the same.
    @Test func writingPlacesTheRowsAndNothingElse() {
        let width = 90, height = 40, stride = 130, offset = 7 * stride + 11
        let plain = LabelBitmap(width: Int32(width), height: Int32(height), pixels: Self.iconLike(width: width, height: height))
        func written(_ bitmap: LabelBitmap, background: UInt8, overZeros: Bool) -> [UInt8] {
            var buffer = [UInt8](repeating: background, count: stride * 60)
            buffer.withUnsafeMutableBufferPointer { bitmap.write(into: $0.baseAddress! + offset, stride: stride, overZeros: overZeros) }
            return buffer
        }
        func expected(background: UInt8) -> [UInt8] {
            var buffer = [UInt8](repeating: background, count: stride * 60)
            for y in 0..<height {
                for x in 0..<width { buffer[offset + y * stride + x] = plain.coverage(x: x, y: y) }
            }
            return buffer
        }
        #expect(written(plain, background: 7, overZeros: false) == expected(background: 7))
        #expect(written(plain.packed, background: 7, overZeros: false) == expected(background: 7))
        #expect(written(plain.packed, background: 0, overZeros: true) == expected(background: 0))
        #expect(written(plain, background: 0, overZeros: true) == expected(background: 0))
    }

    @Test func aPackedBitmapTrimsAsItsCoverageDoes() {
        var pixels = [UInt8](repeating: 0, count: 20 * 9)
        for x in 3..<15 { pixels[3 * 20 + x] = 255; pixels[5 * 20 + x] = UInt8(x * 10) }
        let plain = LabelBitmap(width: 20, height: 9, pixels: pixels, top: 1, lineHeight: 12)
        let trimmed = plain.trimmed
        #expect(trimmed.height == 3 && trimmed.top == 4 && trimmed.lineHeight == 12)
        #expect(trimmed.pixels == Array(pixels[60..<120]))
        #expect(plain.packed.trimmed == trimmed && plain.packed.trimmed.isPacked)
        #expect(LabelBitmap(width: 4, height: 2, pixels: [UInt8](repeating: 0, count: 8)).trimmed == .empty)
    }

    /// A text kept as its glyphs' places draws the pixels `rasterize(lines:).trimmed` does:
    /// over many texts and sizes, with glyphs that overlap their neighbours (j, f), lines
    /// without ink, characters the font lacks, and lines of several widths.
    @Test func aTextKeptAsItsGlyphsDrawsAsRasterized() throws {
        let font = try FontRasterizer(path: FontRasterizer.defaultFontPath, pixelSize: 24)
        let texts: [[String]] = [
            ["Light 1.1"], ["Light 4.12"], ["fjord jiffy"], ["AVAW Ty"], ["  spaced  "], [" "], [], [""],
            ["two", "lines"], ["a", "", "wider line"], ["", ""], ["\u{1F4A1}", "bulb \u{1F4A1}"], ["gjpqy", "ÄÖÜ É"],
        ]
        for size in [8, 13, 24, 41] {
            font.setPixelSize(size)
            for lines in texts {
                let rasterized = font.rasterize(lines: lines).trimmed
                let glyphs = font.glyphLabel(lines: lines)
                #expect(glyphs == rasterized, "\(lines) at \(size) px")
                #expect(glyphs.pixels == rasterized.pixels)
                #expect(glyphs.isGlyphs || glyphs == .empty)
            }
        }
        // Written over what was there, or over zeros, as its pixels.
        font.setPixelSize(24)
        let label = font.glyphLabel(lines: ["fjord", "Light 1.1"])
        let rowBytes = Int(label.width) + 6
        for (background, overZeros) in [(UInt8(9), false), (0, true)] {
            var buffer = [UInt8](repeating: background, count: rowBytes * (Int(label.height) + 2))
            buffer.withUnsafeMutableBufferPointer { label.write(into: $0.baseAddress! + rowBytes + 3, stride: rowBytes, overZeros: overZeros) }
            for y in 0..<Int(label.height) {
                #expect(Array(buffer[((y + 1) * rowBytes + 3)..<((y + 1) * rowBytes + 3 + Int(label.width))])
                    == (0..<Int(label.width)).map { label.coverage(x: $0, y: y) })
            }
            #expect(buffer[0] == background && buffer.last == background)
        }
        // Its own bytes are the places; the coverage is the glyph cache's.
        let light = font.glyphLabel(lines: ["Light 1.1"])
        #expect(light.byteCount < font.rasterize("Light 1.1").trimmed.byteCount / 4)
    }

    /// A 3x2 icon centred in a 3x4 box leaves the box's first row empty: the composite starts
    /// at its second and ends at the text's ink row, placed in its line of 9 rows as before.
    @Test func aCompositeHoldsTheRowsFromItsFirstInkToItsLast() {
        let icon = LabelBitmap(width: 3, height: 2, pixels: [10, 20, 30, 40, 50, 60])
        let label = LabelBitmap(width: 2, height: 1, pixels: [7, 8], top: 1, lineHeight: 3)
        let parts = IconParts(text: label.packed, normal: .coverage(icon.packed), position: .top, gapPx: 2, boxWidth: 3, boxHeight: 4)
        let composed = IconLabel.compose(parts, icon: .coverage(icon.packed)).label
        #expect(composed.top == 1 && composed.height == 7 && composed.lineHeight == 9 && !composed.isPacked)
        #expect(composed.pixels == [
            10, 20, 30,
            40, 50, 60,
            0, 0, 0,
            0, 0, 0,
            0, 0, 0,
            0, 0, 0,
            7, 8, 0,
        ])
    }

    /// An icon and its label composed from their packed parts are those composed from the
    /// coverage itself.
    @Test func packedPartsComposeAsPlainOnes() {
        let icon = LabelBitmap(width: 60, height: 50, pixels: Self.iconLike(width: 60, height: 50))
        var text = [UInt8](repeating: 0, count: 80 * 14)
        for index in text.indices where index % 7 < 3 { text[index] = index % 7 == 1 ? 255 : 128 }
        let label = LabelBitmap(width: 80, height: 14, pixels: text, top: 4, lineHeight: 22)
        for position in [IconPosition.top, .left, .center] {
            let plain = IconParts(text: label, normal: .coverage(icon), position: position, gapPx: 5, boxWidth: 60, boxHeight: 50)
            let packed = IconParts(text: label.packed, normal: .coverage(icon.packed), position: position, gapPx: 5, boxWidth: 60, boxHeight: 50)
            let composed = IconLabel.compose(plain, icon: .coverage(icon)).label
            #expect(IconLabel.compose(packed, icon: .coverage(icon.packed)).label == composed)
            #expect(IconLabel.compose(packed, icon: .coverage(icon.packed)).label.pixels == composed.pixels)
        }
    }
}
