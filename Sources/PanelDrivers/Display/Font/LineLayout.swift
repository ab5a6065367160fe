import CLinux

/// One glyph of a laid-out line: which glyph of the chain, where its pen stands (whole pixels
/// from the line's start) and how far it is raised above the baseline (a mark over a letter).
struct LaidGlyph: Equatable {
    var glyph: GlyphID
    var x: Int
    var rise: Int
}

/// One line of text as glyphs, left to right as they are seen.
///
/// Text that needs no shaping (Latin, Greek, Cyrillic, CJK, symbols, an icon font's private
/// characters: one glyph per character, left to right) is laid out here character by
/// character, each from the first font of the chain that has it, and spaced by the glyphs'
/// advances as the panel always has (no kerning: a Latin label keeps its pixels and its cost).
/// Text with a right-to-left character, a combining mark, a joiner, a script whose letters
/// change with their neighbours (Arabic, Devanagari, Thai...) or an emoji sequence is laid out
/// by FriBidi and HarfBuzz (CLinux's textshape.c): bidi levels, runs of one level, script and
/// font, shaped, in visual order. A binary without HarfBuzz (the static firmware) lays that out
/// character by character too.
public struct LineLayout {
    var glyphs: [LaidGlyph]
    /// For each shaped glyph, the index of the first character it draws (HarfBuzz's cluster);
    /// empty on the simple path, where glyph i draws character i.
    var clusters: [Int]
    /// The line's paragraph direction: its first strong character reads right to left.
    var rightToLeft: Bool

    /// `advance`: a glyph's advance at the size laid out, from the glyph cache.
    init(_ text: String, faces: [FontFace], pixelSize: Int, advance: (GlyphID) -> Int) {
        if !LineLayout.isSimple(text), let shaped = LineLayout.shaped(text, faces: faces, pixelSize: pixelSize) {
            self = shaped
            return
        }
        var glyphs: [LaidGlyph] = []
        glyphs.reserveCapacity(text.unicodeScalars.count)
        var pen = 0
        for scalar in text.unicodeScalars {
            let glyph = LineLayout.glyph(for: scalar, faces: faces)
            glyphs.append(LaidGlyph(glyph: glyph, x: pen, rise: 0))
            pen += advance(glyph)
        }
        self.glyphs = glyphs
        clusters = []
        rightToLeft = false
    }

    private init(glyphs: [LaidGlyph], clusters: [Int], rightToLeft: Bool) {
        self.glyphs = glyphs
        self.clusters = clusters
        self.rightToLeft = rightToLeft
    }

    /// `scalar`'s glyph in the first face of the chain that has one; the first face's missing
    /// glyph when none has.
    static func glyph(for scalar: Unicode.Scalar, faces: [FontFace]) -> GlyphID {
        // Most characters are the first font's.
        let first = faces[0].glyphIndex(for: scalar)
        if first != 0 || faces.count == 1 { return GlyphID(face: 0, index: first) }
        for index in 1..<faces.count {
            let glyph = faces[index].glyphIndex(for: scalar)
            if glyph != 0 { return GlyphID(face: UInt16(index), index: glyph) }
        }
        return GlyphID(face: 0, index: 0)
    }

    /// Whether `scalar` is a control that shapes its neighbours and draws nothing itself (a
    /// joiner, a bidi mark, a variation selector, an emoji tag): no font needs a glyph for it.
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x206F, 0xFE00...0xFE0F, 0xFEFF, 0xE0000...0xE0FFF: true
        default: false
        }
    }

    /// Whether every character is drawn as one glyph of its own, left to right: no
    /// right-to-left or shaped script, no mark, joiner, selector or emoji.
    static func isSimple(_ text: String) -> Bool {
        for scalar in text.unicodeScalars where !isSimple(scalar.value) { return false }
        return true
    }

    private static func isSimple(_ value: UInt32) -> Bool {
        switch value {
        case 0..<0x0300, 0x0370..<0x0483, 0x048A..<0x0590:
            // Latin, Greek and Cyrillic without the combining marks between them.
            true
        case 0x1E00..<0x2000:
            // Latin and Greek extended.
            true
        case 0x2010..<0x2028, 0x2030..<0x205F, 0x2070..<0x20D0, 0x2100..<0x2C00:
            // Punctuation, super- and subscripts, currency, letterlike symbols, arrows,
            // mathematical and technical symbols, boxes, shapes, dingbats; not the spaces,
            // joiners and bidi controls of 0x2000-0x200F, 0x2028-0x202F and 0x205F-0x206F, nor
            // the combining marks for symbols (0x20D0-0x20FF).
            true
        case 0x2E80..<0x3000, 0x3001..<0x302A, 0x3030..<0x3099, 0x309B..<0xA000, 0xAC00..<0xD7A4, 0xF900..<0xFB00,
            0xFF00..<0xFFF0:
            // CJK radicals, punctuation, kana, ideographs, Hangul syllables, compatibility
            // ideographs, full- and half-width forms; not the ideographic space's neighbours that
            // combine (0x302A-0x302F, 0x3099-0x309A).
            true
        case 0xE000..<0xF900, 0xF0000..<0x110000:
            // Private use: an icon font's glyphs.
            true
        default:
            false
        }
    }

    /// The line shaped by FriBidi and HarfBuzz; nil in a binary without them, or when a face
    /// cannot be set to the size.
    static func shaped(_ text: String, faces: [FontFace], pixelSize: Int) -> LineLayout? {
        // The faces a character of the line may come from (textshape.c's choice is always one
        // of these): the first, each character's first face that has it, and the colour faces
        // when a character asks for emoji. Only these are set to the size and shaped with.
        var used = [Bool](repeating: false, count: faces.count)
        used[0] = true
        for scalar in text.unicodeScalars {
            if scalar.value == 0xFE0F {
                for (index, face) in faces.enumerated() where face.isColour { used[index] = true }
            }
            let glyph = glyph(for: scalar, faces: faces)
            used[Int(glyph.face)] = true
        }
        var chain: [tp_text_face] = []
        for (index, face) in faces.enumerated() {
            guard let shaping = face.shaping(pixelSize: pixelSize, used: used[index]) else { return nil }
            if used[index] && shaping.hb_font == nil { return nil }
            chain.append(shaping)
        }
        let scalars = text.unicodeScalars.map { $0.value }
        var capacity = scalars.count * 2 + 8
        var rightToLeft: Int32 = 0
        var shaped: [tp_text_glyph] = []
        while true {
            shaped = [tp_text_glyph](repeating: tp_text_glyph(), count: capacity)
            let count = chain.withUnsafeBufferPointer { chain in
                scalars.withUnsafeBufferPointer { scalars in
                    shaped.withUnsafeMutableBufferPointer { glyphs in
                        tp_text_shape_line(
                            chain.baseAddress, chain.count, scalars.baseAddress, scalars.count, UInt32(pixelSize), glyphs.baseAddress,
                            glyphs.count, &rightToLeft)
                    }
                }
            }
            guard count >= 0 else { return nil }
            if Int(count) <= capacity {
                shaped.removeLast(capacity - Int(count))
                break
            }
            capacity = Int(count)
        }
        // HarfBuzz's positions are 26.6 fixed point; the pen is kept in them, each glyph placed
        // at the whole pixel nearest its own position.
        var glyphs: [LaidGlyph] = []
        glyphs.reserveCapacity(shaped.count)
        var pen = 0
        for glyph in shaped {
            glyphs.append(
                LaidGlyph(
                    glyph: GlyphID(face: glyph.face, index: glyph.glyph), x: (pen + Int(glyph.x_offset) + 32) >> 6,
                    rise: (Int(glyph.y_offset) + 32) >> 6))
            pen += Int(glyph.x_advance)
        }
        return LineLayout(glyphs: glyphs, clusters: shaped.map { Int($0.cluster) }, rightToLeft: rightToLeft != 0)
    }
}
