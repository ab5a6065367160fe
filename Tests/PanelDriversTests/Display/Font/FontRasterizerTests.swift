import CLinux
import LinuxSystem
import PanelDrivers
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

@Suite("Font: labels through FreeType")
struct FontRasterizerTests {
    static let dejaVu = FontRasterizer.defaultFontPath

    @Test func defaultFontPathIsDejaVuSans() {
        #expect(FontRasterizer.defaultFontPath == "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    }

    /// Measured with DejaVu Sans 2.37 and FreeType 2.12 (Debian bookworm): ascender 23 and
    /// descender 6 px at 24 px, and the ink of "Play" from the P's stem to the y's right arm.
    @Test func playAt24Pixels() throws {
        let font = try FontRasterizer(path: Self.dejaVu, pixelSize: 24)
        #expect(font.ascender == 23)
        #expect(font.lineHeight == 29)
        let label = font.rasterize("Play")
        #expect(label.width == 48)
        #expect(label.height == 29)
        #expect(label.pixels.count == 48 * 29)
        #expect(label.pixels.filter { $0 == 255 }.count > 50)
        // Ink reaches both ends (the width is the ink's), and nothing is above the cap height
        // or below the descender of the y.
        #expect((0..<29).contains { label.coverage(x: 0, y: $0) > 0 })
        #expect((0..<29).contains { label.coverage(x: 47, y: $0) > 0 })
        #expect((0..<48).allSatisfy { label.coverage(x: $0, y: 0) == 0 })
        #expect((0..<48).allSatisfy { label.coverage(x: $0, y: 28) == 0 })
        // The P stands on the baseline (row ascender - 1 has ink at column 1), the y
        // descends below it.
        #expect(label.coverage(x: 1, y: 22) == 255)
        #expect(label.coverage(x: 1, y: 23) == 0)
        #expect((23..<29).contains { row in (40..<48).contains { label.coverage(x: $0, y: row) > 0 } })
        // The same text gives the same bitmap: sizes are stable from run to run.
        #expect(font.rasterize("Play") == label)
    }

    @Test func labelsOfOneFontShareHeightAndBaseline() throws {
        let font = try FontRasterizer(path: Self.dejaVu, pixelSize: 24)
        let lower = font.rasterize("ace")
        let upper = font.rasterize("HIT")
        #expect(lower.height == 29 && upper.height == 29)
        #expect(upper.width > 0 && lower.width > 0)
        let wide = font.rasterize("Play Play")
        #expect(wide.width > 2 * 48)
    }

    @Test func labelsWithoutInkAreEmpty() throws {
        let font = try FontRasterizer(path: Self.dejaVu, pixelSize: 24)
        #expect(font.rasterize("") == LabelBitmap.empty)
        #expect(font.rasterize("   ") == LabelBitmap.empty)
        #expect(font.rasterize("").width == 0)
        let painted = LabelBitmap.empty.withAlphaBitmap { $0.width }
        #expect(painted == 0)
    }

    /// Spaces before the ink have their pen left of the bitmap: passed over (the ranges they
    /// gave once trapped), the label drawn as without them.
    @Test func spacesAroundTheInkDrawNothing() throws {
        let font = try FontRasterizer(path: Self.dejaVu, pixelSize: 24)
        #expect(font.rasterize("  Play  ") == font.rasterize("Play"))
        let cells = font.rasterizeCells([" ", "P"])
        #expect(cells.bitmap.width > 0)
    }

    @Test func nonAsciiTextIsDecodedFromUTF8() throws {
        let font = try FontRasterizer(path: Self.dejaVu, pixelSize: 24)
        let label = font.rasterize("Ü°C")
        #expect(label.height == 29)
        #expect(label.width > font.rasterize("UC").width)
    }

    @Test func theBitmapIsLentToThePainter() throws {
        let label = try FontRasterizer(path: Self.dejaVu, pixelSize: 12).rasterize("OK")
        let seen = label.withAlphaBitmap { bitmap in
            (bitmap.width, bitmap.height, bitmap.stride, bitmap.coverage(x: 0, y: 5))
        }
        #expect(seen.0 == label.width && seen.1 == label.height && seen.2 == Int(label.width))
        #expect(seen.3 == label.coverage(x: 0, y: 5))
    }

    @Test func aMissingFontNamesItsPath() {
        let path = "/usr/share/fonts/truetype/nonexistent/Missing.ttf"
        #expect(throws: FontError.cannotOpen(path: path, reason: "No such file or directory")) {
            try FontRasterizer(path: path, pixelSize: 24)
        }
        let message = FontError.cannotOpen(path: path, reason: "No such file or directory").message
        #expect(message == "cannot open font /usr/share/fonts/truetype/nonexistent/Missing.ttf: No such file or directory")
    }

    @Test func aFileThatIsNoFontIsReported() throws {
        let path = "/tmp/touchpanel-font-test-\(getpid()).ttf"
        try FramebufferSnapshot.writeFile(path: path, bytes: Array("not a font\n".utf8))
        defer { unlink(path) }
        do {
            _ = try FontRasterizer(path: path, pixelSize: 24)
            Issue.record("a text file opened as a font")
        } catch {
            #expect(error.message == "cannot open font \(path): unknown file format")
        }
    }

    @Test func pixelSizesOutsideTheRangeAreRefused() {
        #expect(throws: FontError.cannotSetSize(path: Self.dejaVu, pixelSize: 0, reason: "pixel size must be 1 to 1000")) {
            try FontRasterizer(path: Self.dejaVu, pixelSize: 0)
        }
        #expect(
            FontError.cannotSetSize(path: "/f.ttf", pixelSize: 0, reason: "pixel size must be 1 to 1000").message
                == "cannot use font /f.ttf at 0 px: pixel size must be 1 to 1000")
    }
}
