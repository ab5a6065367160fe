import PanelConfig

/// `[display] icon_font`, opened once: the glyphs buttons' `icon`s name, rasterised by the
/// same code as labels. A name is looked up in the font once (`mdi:lightbulb` -> U+F335).
///
/// Each icon is drawn once per size and kept packed (`LabelBitmap.packed`: an icon is mostly
/// runs of 0 and 255, 48 icons of 76 pixels take 28 KB instead of 165 KB), and only here:
/// the rasterizer's glyph cache keeps none of them, since no icon is drawn twice. Once the
/// panel's labels are made (`ButtonLabels`), `closeFace()` lets go of FreeType's face, whose
/// glyph names and auto-hinter state a large icon font makes costly to keep open (about 80 KB
/// for Material Design Icons); an icon not drawn yet opens it again.
public final class IconFont {
    public let rasterizer: FontRasterizer
    /// Names looked up so far, and what the font has for each. Lists, not dictionaries: a
    /// panel names a few dozen icons, and a dictionary of these types would add its own code
    /// to the firmware for nothing.
    private var characters: [(name: String, character: Unicode.Scalar?)] = []
    /// Each icon drawn so far, by glyph and size, packed: every button showing it holds the
    /// same bytes.
    private var bitmaps: [(glyph: IconGlyph, sizePx: Int, bitmap: LabelBitmap)] = []

    public init(path: String) throws(FontError) {
        rasterizer = try FontRasterizer(path: path, pixelSize: DisplayConfig.defaultFontSize, glyphCacheBytes: 0)
    }

    /// Closes the font's FreeType face (`FontRasterizer.closeFace`): the icons drawn so far
    /// stay, and the next one not drawn yet opens the face again.
    public func closeFace() {
        rasterizer.closeFace()
    }

    /// The character `glyph` draws with, or nil when the font has no such glyph.
    public func character(for glyph: IconGlyph) -> Unicode.Scalar? {
        switch glyph {
        case .codePoint(let value):
            guard let scalar = Unicode.Scalar(value), rasterizer.hasGlyph(for: scalar) else { return nil }
            return scalar
        case .named(let name):
            if let known = characters.first(where: { $0.name == name }) { return known.character }
            let found = rasterizer.character(ofGlyphNamed: name)
            characters.append((name, found))
            return found
        case .picture:
            return nil   // drawn from its PNG (`IconPictures`), not from the font
        }
    }

    /// `glyph` at `sizePx` (its ink only, packed), drawn once and then shared; 0 x 0 when the
    /// font lacks it.
    public func bitmap(for glyph: IconGlyph, sizePx: Int) -> LabelBitmap {
        if let known = bitmaps.first(where: { $0.glyph == glyph && $0.sizePx == sizePx }) { return known.bitmap }
        var bitmap = LabelBitmap.empty
        if let character = character(for: glyph), rasterizer.setPixelSize(sizePx) {
            bitmap = rasterizer.rasterize(String(Character(character))).trimmed.packed
        }
        bitmaps.append((glyph, sizePx, bitmap))
        return bitmap
    }
}
