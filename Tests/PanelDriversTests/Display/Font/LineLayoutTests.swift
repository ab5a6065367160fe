import CLinux
import PanelConfig
@testable import PanelDrivers
import Testing
import TouchCore

/// Debian bookworm's fonts (fonts-dejavu-core, fonts-noto-core, fonts-noto-cjk), HarfBuzz 6.0
/// and FriBidi 1.0.8.
@Suite("Line layout: FriBidi's order, HarfBuzz's shaping, a chain of fonts")
struct LineLayoutTests {
    static let noto = "/usr/share/fonts/truetype/noto/"
    static let chain = [
        FontRasterizer.defaultFontPath, noto + "NotoSansArabic-Regular.ttf", noto + "NotoSansHebrew-Regular.ttf",
        noto + "NotoSansDevanagari-Regular.ttf", noto + "NotoSansThai-Regular.ttf", "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    ]

    static func font(_ size: Int = 24) throws -> FontRasterizer { try FontRasterizer(paths: chain, pixelSize: size) }

    /// FriBidi's own visual order of `text` (fribidi_log2vis): each visual position's logical
    /// index, and the paragraph's direction.
    static func fribidiOrder(_ text: String) -> (order: [Int], rightToLeft: Bool) {
        let scalars = text.unicodeScalars.map { $0.value }
        var order = [Int32](repeating: -1, count: scalars.count)
        var rightToLeft: Int32 = 0
        let result = tp_text_visual_order(scalars, scalars.count, &order, &rightToLeft)
        precondition(result == 0, "fribidi_log2vis failed")
        return (order.map(Int.init), rightToLeft != 0)
    }

    /// The characters the laid-out glyphs draw, left to right, as indices of their first
    /// character (a ligature or a conjunct stands for its first); FriBidi's order mapped to the
    /// same clusters. Repeats in a row are one (a cluster drawn as several glyphs).
    static func clusterOrders(_ text: String, font: FontRasterizer) -> (laidOut: [Int], fribidi: [Int]) {
        let scalars = Array(text.unicodeScalars)
        let shaped = LineLayout.shaped(text, faces: font.faces, pixelSize: font.pixelSize)!
        let clusters = shaped.clusters
        let starts = Set(clusters)
        func start(of index: Int) -> Int { (0...index).last { starts.contains($0) } ?? 0 }
        func squeezed(_ values: [Int]) -> [Int] { values.enumerated().filter { $0.offset == 0 || values[$0.offset - 1] != $0.element }.map(\.element) }
        let fribidi = fribidiOrder(text).order.map(start(of:))
        #expect(scalars.count == fribidiOrder(text).order.count)
        return (squeezed(clusters), squeezed(fribidi))
    }

    @Test(arguments: [
        "שלום 123 עולם", "Temp: 21°C (חם)", "مرحبا بالعالم 2024", "abc אבג def", "אבג abc 12.5% דהו", "السعر: 3.50 € (خصم)",
        "(a [b] c) [שלום]", "Hello, עולם!",
    ])
    func mixedDirectionLabelsAreInFriBidisOrder(_ text: String) throws {
        let font = try Self.font()
        let (laidOut, fribidi) = Self.clusterOrders(text, font: font)
        #expect(laidOut == fribidi)
        #expect(font.isRightToLeft(text) == Self.fribidiOrder(text).rightToLeft)
    }

    @Test func theParagraphsDirectionIsItsFirstStrongCharacters() throws {
        let font = try Self.font()
        #expect(font.isRightToLeft("שלום abc"))
        #expect(!font.isRightToLeft("abc שלום"))
        #expect(font.isRightToLeft("123 مرحبا"))
        #expect(!font.isRightToLeft("21.5 °C"))
    }

    @Test func latinGreekCyrillicCJKAndIconsNeedNoShaping() {
        for text in ["Play", "21,5 °C", "Ελληνικά", "Привет", "你好，世界", "こんにちは", "한국어", "\u{F0335}", "→ ½ €"] {
            #expect(LineLayout.isSimple(text), "\(text)")
        }
        for text in ["שלום", "مرحبا", "नमस्ते", "สวัสดี", "e\u{301}", "👍🏽", "❤\u{FE0F}", "a\u{200D}b", "a\u{200F}"] {
            #expect(!LineLayout.isSimple(text), "\(text)")
        }
    }

    @Test func aSimpleLineIsSpacedByItsAdvancesAsBefore() throws {
        let font = try Self.font()
        let line = font.layout("Play")
        #expect(line.glyphs.map(\.glyph.face) == [0, 0, 0, 0])
        #expect(line.glyphs.map(\.x) == [0, 14, 21, 36])
        #expect(line.glyphs.allSatisfy { $0.rise == 0 })
        #expect(!line.rightToLeft)
    }

    @Test func eachCharacterComesFromTheFirstFontThatHasIt() throws {
        let font = try Self.font()
        #expect(font.layout("A你").glyphs.map(\.glyph.face) == [0, 5])
        // DejaVu Sans has Hebrew and Arabic letters of its own, not Devanagari or Thai.
        #expect(font.layout("שA").glyphs.map(\.glyph.face) == [0, 0])
        #expect(Set(font.layout("नमस्ते").glyphs.map(\.glyph.face)) == [3])
        #expect(Set(font.layout("สวัสดี").glyphs.map(\.glyph.face)) == [4])
        #expect(font.hasGlyph(for: "你"))
        let dejaVu = try FontRasterizer(path: FontRasterizer.defaultFontPath, pixelSize: 24)
        #expect(!dejaVu.hasGlyph(for: "你"))
        // A space between Thai words stays in the Thai font, so the run is shaped whole; a
        // digit the Thai font lacks comes from the first font.
        #expect(Set(font.layout("สวัสดี ชาวโลก").glyphs.map(\.glyph.face)) == [4])
        #expect(font.layout("โลก 1").glyphs.map(\.glyph.face) == [4, 4, 4, 4, 0])
        // With the Arabic font first, Arabic comes from it, and the space after it; the line reads
        // right to left (its first strong character is Arabic), so "abc" is at the left.
        let arabicFirst = try FontRasterizer(paths: [Self.noto + "NotoSansArabic-Regular.ttf", FontRasterizer.defaultFontPath], pixelSize: 24)
        #expect(arabicFirst.layout("مرحبا abc").glyphs.map(\.glyph.face) == [1, 1, 1, 0, 0, 0, 0, 0, 0])
    }

    @Test func arabicLettersJoinAndLamAlefIsOneGlyph() throws {
        let font = try Self.font()
        let isolated = font.layout("ب").glyphs.map(\.glyph.index)
        let three = font.layout("ببب").glyphs.map(\.glyph.index)
        #expect(three.count == 3)
        // Final, medial and initial forms, left to right: three glyphs, none the isolated one.
        #expect(Set(three).count == 3)
        #expect(!three.contains(isolated[0]))
        #expect(font.layout("لا").glyphs.count == 1)
    }

    @Test func devanagariConjunctsAndThaiMarksAreShaped() throws {
        let font = try Self.font()
        // क + virama + ष: one conjunct glyph.
        #expect(font.layout("क्ष").glyphs.count == 1)
        // A precomposed é and e with a combining acute are the same glyph.
        #expect(font.layout("e\u{301}").glyphs.map(\.glyph) == font.layout("é").glyphs.map(\.glyph))
    }

    @Test func aChainsLineIsAsTallAsItsTallestFont() throws {
        let dejaVu = try FontRasterizer(path: FontRasterizer.defaultFontPath, pixelSize: 24)
        let font = try Self.font()
        #expect(dejaVu.ascender == 23 && dejaVu.lineHeight == 29)
        #expect(font.ascender >= dejaVu.ascender && font.lineHeight > dejaVu.lineHeight)
    }
}
