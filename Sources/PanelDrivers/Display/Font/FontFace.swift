import CFreeType
import CLinux
import LinuxSystem
import PanelEngine

/// A font file opened once: FreeType's library and the file's one face, kept for every label
/// the panel fits and draws, at start-up and each time a label is set. Sizes are set on that
/// one face with FT_Set_Pixel_Sizes, and only when a glyph not yet in the cache is loaded: a
/// fit visits a handful of sizes once each, so an FT_Size per size (FT_New_Size) would keep
/// hinting state for sizes that are not used again. What a size costs is its first glyph,
/// which runs the font's hinting program for it (about 230,000 instructions in DejaVu Sans,
/// some twenty glyphs' worth); the glyph cache spares a label seen before all of that. Not
/// thread-safe, like the FT_Library it owns.
///
/// `close()` lets go of the library and the face, and with them what FreeType keeps for the
/// face while it is open (a large icon font's glyph names, 38 KB for Material Design Icons'
/// 7,000, and the auto-hinter's state, about as much again); the next call that needs the face
/// opens the file again.
final class FontFace {
    let path: String
    /// The library and the face while open; nil once closed.
    private var opened: (library: FT_Library, face: FT_Face)?
    /// HarfBuzz's font over the face, made the first time a line is shaped with it, and
    /// destroyed with the face: a Latin panel never makes one.
    private var shapingFont: UnsafeMutableRawPointer?
    /// The glyph index of each character below 128 once asked for (`UInt32.max`: not yet):
    /// a fit maps the same letters to glyphs over and over.
    private var asciiGlyphs = [UInt32](repeating: UInt32.max, count: 128)
    /// The size FreeType's face is set to now; 0 before the first, after one failed, or once
    /// closed. For a colour face, the size its glyphs are scaled to.
    private var selectedPixelSize = 0
    /// A font of colour bitmaps only (Noto Color Emoji: PNGs in its CBDT table, which FreeType
    /// decodes with libpng): the strike it is drawn from, by index and pixel size. Its glyphs
    /// come in that one size and are scaled to the label's. Nil for an outline font.
    private(set) var colourStrike: ColourStrike?

    /// One of a bitmap font's sizes: its index in the face and its pixel size.
    struct ColourStrike {
        var index: Int32
        var pixelSize: Int
    }

    /// The sizes FreeType is asked for: larger than any button, and a bitmap that size is
    /// already 1 MB.
    static let pixelSizes = 1...1000

    init(path: String) throws(FontError) {
        self.path = path
        let opened = try FontFace.open(path)
        self.opened = opened
        colourStrike = FontFace.colourStrike(of: opened.face)
    }

    /// The largest strike of a face of colour bitmaps only; nil for any other face.
    private static func colourStrike(of face: FT_Face) -> ColourStrike? {
        let flags = face.pointee.face_flags
        guard flags & FT_Long(FT_FACE_FLAG_COLOR) != 0, flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0,
            face.pointee.num_fixed_sizes > 0, let sizes = face.pointee.available_sizes
        else { return nil }
        var best: ColourStrike?
        for index in 0..<Int(face.pointee.num_fixed_sizes) {
            let pixelSize = Int((sizes[index].y_ppem + 32) >> 6)
            if pixelSize > (best?.pixelSize ?? 0) { best = ColourStrike(index: Int32(index), pixelSize: pixelSize) }
        }
        return best
    }

    /// Whether it draws colour bitmaps (`colourStrike`).
    var isColour: Bool { colourStrike != nil }

    deinit {
        close()
    }

    private static func open(_ path: String) throws(FontError) -> (library: FT_Library, face: FT_Face) {
        var library: FT_Library?
        let initError = FT_Init_FreeType(&library)
        guard initError == 0, let library else {
            throw .cannotInitialize(reason: FreeTypeErrorText.describe(initError))
        }
        // FreeType only says "cannot open resource" for a missing file; errno says why.
        if access(path, R_OK) != 0 {
            let reason = String(cString: strerror(clinux_errno()))
            FT_Done_FreeType(library)
            throw .cannotOpen(path: path, reason: reason)
        }
        var face: FT_Face?
        let openError = FT_New_Face(library, path, 0, &face)
        guard openError == 0, let face else {
            FT_Done_FreeType(library)
            throw .cannotOpen(path: path, reason: FreeTypeErrorText.describe(openError))
        }
        return (library, face)
    }

    /// Whether the library and the face are open now.
    var isOpen: Bool { opened != nil }

    /// Closes the face and the library (FT_Done_Face, FT_Done_FreeType), if open.
    func close() {
        guard let opened else { return }
        tp_text_font_destroy(shapingFont)
        shapingFont = nil
        FT_Done_Face(opened.face)
        FT_Done_FreeType(opened.library)
        self.opened = nil
        selectedPixelSize = 0
    }

    /// The face, opened again if it was closed; nil if that fails now (the file is gone).
    private var face: FT_Face? {
        if let opened { return opened.face }
        opened = try? FontFace.open(path)
        return opened?.face
    }

    /// Whether the face maps `scalar` to a glyph of its own (not the missing-glyph box).
    func hasGlyph(for scalar: Unicode.Scalar) -> Bool { glyphIndex(for: scalar) != 0 }

    /// The face's glyph for `scalar` through its character map; 0 (the missing glyph) when it
    /// has none.
    func glyphIndex(for scalar: Unicode.Scalar) -> UInt32 {
        let ascii = scalar.value < 128
        if ascii, asciiGlyphs[Int(scalar.value)] != UInt32.max { return asciiGlyphs[Int(scalar.value)] }
        guard let face else { return 0 }
        let index = UInt32(FT_Get_Char_Index(face, FT_ULong(scalar.value)))
        if ascii { asciiGlyphs[Int(scalar.value)] = index }
        return index
    }

    /// The face as the layout shapes with it, set to `pixelSize`; nil when the face cannot be
    /// opened again or set to that size. Its `hb_font` is nil in a binary without HarfBuzz.
    /// `used` false: the line has no character this face would draw, so it is neither set to
    /// the size nor given a HarfBuzz font (the layout only asks it which characters it has).
    func shaping(pixelSize: Int, used: Bool = true) -> tp_text_face? {
        if !used {
            guard let face else { return nil }
            return tp_text_face(ft_face: UnsafeMutableRawPointer(face), hb_font: nil, is_colour: isColour ? 1 : 0, bitmap_ppem: 0)
        }
        guard select(pixelSize: pixelSize) == nil, let face else { return nil }
        if shapingFont == nil {
            shapingFont = tp_text_font_create(UnsafeMutableRawPointer(face))
        }
        return tp_text_face(
            ft_face: UnsafeMutableRawPointer(face), hb_font: shapingFont, is_colour: isColour ? 1 : 0,
            bitmap_ppem: UInt32(colourStrike?.pixelSize ?? 0))
    }

    /// The character that draws the glyph called `name` in the font (an icon font names its
    /// glyphs: `lightbulb`), found through the glyph names and then the character map; nil
    /// when the font has no names, no such glyph, or no character for it.
    func character(ofGlyphNamed name: String) -> Unicode.Scalar? {
        guard let face, face.pointee.face_flags & FT_Long(FT_FACE_FLAG_GLYPH_NAMES) != 0 else { return nil }
        let index = name.withCString { FT_Get_Name_Index(face, $0) }
        guard index != 0 else { return nil }
        var glyph: FT_UInt = 0
        var code = FT_Get_First_Char(face, &glyph)
        while glyph != 0 {
            if glyph == index { return Unicode.Scalar(UInt32(truncatingIfNeeded: code)) }
            code = FT_Get_Next_Char(face, code, &glyph)
        }
        return nil
    }

    /// Sets the face to `pixelSize` unless it is already; the reason when FreeType cannot.
    func select(pixelSize: Int) -> String? {
        guard FontFace.pixelSizes.contains(pixelSize) else { return "pixel size must be 1 to 1000" }
        guard pixelSize != selectedPixelSize else { return nil }
        guard let face else { return "cannot open the font again" }
        if let strike = colourStrike {
            // Its one strike, set once (again after the face was closed); its glyphs are scaled.
            if selectedPixelSize == 0 {
                let error = FT_Select_Size(face, FT_Int(strike.index))
                guard error == 0 else { return FreeTypeErrorText.describe(error) }
                tp_text_font_changed(shapingFont)
            }
            selectedPixelSize = pixelSize
            return nil
        }
        let error = FT_Set_Pixel_Sizes(face, 0, FT_UInt(pixelSize))
        guard error == 0 else {
            selectedPixelSize = 0
            return FreeTypeErrorText.describe(error)
        }
        selectedPixelSize = pixelSize
        // HarfBuzz's font takes its scale from the face's size when told.
        tp_text_font_changed(shapingFont)
        return nil
    }

    /// Line metrics at the size selected last, in whole pixels, rounded outwards so that no
    /// glyph within them is cut.
    var lineMetrics: LineMetrics {
        guard let face = opened?.face else { return LineMetrics(ascender: 0, lineHeight: 0) }
        // 26.6 fixed point.
        let metrics = face.pointee.size.pointee.metrics
        if let strike = colourStrike {
            // The strike's line, scaled as its glyphs are.
            let ascender = (Int(metrics.ascender) * selectedPixelSize + strike.pixelSize * 64 - 1) / (strike.pixelSize * 64)
            let descender = (-Int(metrics.descender) * selectedPixelSize + strike.pixelSize * 64 - 1) / (strike.pixelSize * 64)
            return LineMetrics(ascender: ascender, lineHeight: ascender + descender)
        }
        let ascender = Int((metrics.ascender + 63) >> 6)
        return LineMetrics(ascender: ascender, lineHeight: ascender - Int(metrics.descender >> 6))
    }

    /// One glyph's metrics at `pixelSize`, loaded (and hinted) but not rendered: since
    /// FreeType 2.10 loading an outline presets the bitmap's place and size that rendering
    /// it gives, so a fit measures the sizes it tries without drawing them. Nil when FreeType
    /// cannot load it, or it is a bitmap in a pixel mode `render` refuses; a glyph in any
    /// other format is rendered to find out.
    func metrics(glyph: UInt32, pixelSize: Int) -> GlyphMetrics? {
        if isColour { return render(glyph: glyph, pixelSize: pixelSize)?.metrics }
        guard select(pixelSize: pixelSize) == nil, let face,
            FT_Load_Glyph(face, FT_UInt(glyph), FT_Int32(FT_LOAD_DEFAULT)) == 0
        else { return nil }
        let slot = face.pointee.glyph.pointee
        switch slot.format {
        case FT_GLYPH_FORMAT_OUTLINE:
            return FontFace.metrics(of: slot)
        case FT_GLYPH_FORMAT_BITMAP:
            return FontFace.isUsable(slot.bitmap) ? FontFace.metrics(of: slot) : nil
        default:
            return render(glyph: glyph, pixelSize: pixelSize)?.metrics
        }
    }

    /// One glyph rendered at `pixelSize`, its coverage copied out of FreeType's glyph slot as
    /// 8-bit rows from the top; nil when FreeType cannot render it, or rendered it into a pixel
    /// mode other than 8-bit grey or 1-bit mono. A colour glyph comes with its colours too
    /// (`ColourGlyph`), its coverage their alpha.
    func render(glyph: UInt32, pixelSize: Int) -> RenderedGlyph? {
        if isColour { return renderColour(glyph: glyph, pixelSize: pixelSize) }
        guard select(pixelSize: pixelSize) == nil, let face,
            FT_Load_Glyph(face, FT_UInt(glyph), FT_Int32(FT_LOAD_RENDER)) == 0
        else { return nil }
        let slot = face.pointee.glyph.pointee
        let bitmap = slot.bitmap
        guard FontFace.isUsable(bitmap) else { return nil }
        let isMono = bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_MONO.rawValue)
        let width = Int(bitmap.width)
        let rows = Int(bitmap.rows)
        var coverage = [UInt8](repeating: 0, count: width * rows)
        if let buffer = bitmap.buffer, width > 0 {
            // A negative pitch means the rows are stored bottom-up.
            let pitch = Int(bitmap.pitch)
            coverage.withUnsafeMutableBufferPointer { target in
                for row in 0..<rows {
                    let source = pitch >= 0 ? buffer + row * pitch : buffer + (rows - 1 - row) * -pitch
                    let line = target.baseAddress! + row * width
                    if isMono {
                        for column in 0..<width {
                            line[column] = (source[column >> 3] & (0x80 >> UInt8(column & 7))) != 0 ? 255 : 0
                        }
                    } else {
                        line.update(from: source, count: width)
                    }
                }
            }
        }
        return RenderedGlyph(metrics: FontFace.metrics(of: slot), coverage: coverage, colour: nil)
    }

    /// A colour glyph from the strike, scaled from its size to `pixelSize` (`ColourGlyph`).
    private func renderColour(glyph: UInt32, pixelSize: Int) -> RenderedGlyph? {
        guard let strike = colourStrike, select(pixelSize: pixelSize) == nil, let face,
            FT_Load_Glyph(face, FT_UInt(glyph), FT_Int32(FT_LOAD_COLOR)) == 0
        else { return nil }
        let slot = face.pointee.glyph.pointee
        let bitmap = slot.bitmap
        guard slot.format == FT_GLYPH_FORMAT_BITMAP, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue) else { return nil }
        let source = ColourGlyph.Source(
            width: Int(bitmap.width), rows: Int(bitmap.rows), pitch: Int(bitmap.pitch), pixels: bitmap.buffer.map { UnsafeRawPointer($0) },
            left: Int(slot.bitmap_left), top: Int(slot.bitmap_top), advance: Int(slot.advance.x))
        return ColourGlyph.scaled(source, from: strike.pixelSize, to: pixelSize)
    }

    /// Where the slot's bitmap goes and how far the pen moves, in whole pixels.
    private static func metrics(of slot: FT_GlyphSlotRec) -> GlyphMetrics {
        GlyphMetrics(
            left: Int(slot.bitmap_left), top: Int(slot.bitmap_top), width: Int(slot.bitmap.width), rows: Int(slot.bitmap.rows),
            advance: Int((slot.advance.x + 32) >> 6))
    }

    /// 8-bit grey or 1-bit mono: the pixel modes a label is composed from.
    private static func isUsable(_ bitmap: FT_Bitmap) -> Bool {
        bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) || bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_MONO.rawValue)
    }
}

/// A face's line at one size: every label of that size has the same height and baseline, so
/// labels of equal-sized buttons line up.
struct LineMetrics: Equatable {
    var ascender: Int
    var lineHeight: Int
}
