import CFreeType
import CLinux
import LinuxSystem
import PanelEngine

/// Rasterises button labels with FreeType: one face at one pixel size, each label once at
/// start-up into an 8-bit coverage bitmap that the allocation-free painter then blends.
/// Glyphs are placed by their advances on one baseline (no kerning, no shaping: labels are
/// short words). Not thread-safe, like the FT_Library it owns.
public final class FontRasterizer {
    /// DejaVu Sans from Debian's fonts-dejavu-core, present on Raspberry Pi OS.
    public static let defaultFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    public let path: String
    public private(set) var pixelSize: Int
    private let library: FT_Library
    private let face: FT_Face
    /// Line metrics in whole pixels: every label of this rasterizer has the same height and
    /// baseline, so labels of equal-sized buttons line up.
    public private(set) var ascender: Int
    public private(set) var lineHeight: Int

    public init(path: String, pixelSize: Int) throws(FontError) {
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
        guard pixelSize >= 1 && pixelSize <= 1000 else {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            throw .cannotSetSize(path: path, pixelSize: pixelSize, reason: "pixel size must be 1 to 1000")
        }
        let sizeError = FT_Set_Pixel_Sizes(face, 0, FT_UInt(pixelSize))
        guard sizeError == 0 else {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            throw .cannotSetSize(path: path, pixelSize: pixelSize, reason: FreeTypeErrorText.describe(sizeError))
        }
        self.path = path
        self.pixelSize = pixelSize
        self.library = library
        self.face = face
        // 26.6 fixed point; rounded outwards so that no glyph within the metrics is cut.
        let metrics = face.pointee.size.pointee.metrics
        ascender = Int((metrics.ascender + 63) >> 6)
        lineHeight = ascender - Int(metrics.descender >> 6)
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// Another size for the same face (fitting a label tries several); false if FreeType
    /// cannot set it.
    @discardableResult
    public func setPixelSize(_ size: Int) -> Bool {
        guard size != pixelSize else { return true }
        guard size >= 1 && size <= 1000, FT_Set_Pixel_Sizes(face, 0, FT_UInt(size)) == 0 else { return false }
        pixelSize = size
        let metrics = face.pointee.size.pointee.metrics
        ascender = Int((metrics.ascender + 63) >> 6)
        lineHeight = ascender - Int(metrics.descender >> 6)
        return true
    }

    /// The ink width of one line of `text` at the current size.
    public func measure(_ text: String) -> Int {
        guard let ink = inkExtent(text) else { return 0 }
        return ink.right - ink.left
    }

    /// From the leftmost to the rightmost glyph pixel, the pen starting at 0; nil: no ink.
    private func inkExtent(_ text: String) -> (left: Int, right: Int)? {
        var pen = 0
        var left = Int.max
        var right = Int.min
        for scalar in text.unicodeScalars {
            guard let glyph = load(scalar) else { continue }
            if glyph.width > 0 && glyph.rows > 0 {
                left = min(left, pen + glyph.left)
                right = max(right, pen + glyph.left + glyph.width)
            }
            pen += glyph.advance
        }
        return left < right ? (left, right) : nil
    }

    /// Several lines, each centred on the widest, one `lineHeight` apart.
    public func rasterize(lines: [String]) -> LabelBitmap {
        guard lines.count > 1 else { return rasterize(lines.first ?? "") }
        let bitmaps = lines.map { rasterize($0) }
        let width = bitmaps.map { Int($0.width) }.max() ?? 0
        guard width > 0, lineHeight > 0 else { return .empty }
        let height = lineHeight * lines.count
        var pixels = [UInt8](repeating: 0, count: width * height)
        for (index, bitmap) in bitmaps.enumerated() where bitmap.width > 0 {
            let x0 = (width - Int(bitmap.width)) / 2
            let y0 = index * lineHeight
            for y in 0..<Int(bitmap.height) where y0 + y < height {
                for x in 0..<Int(bitmap.width) {
                    pixels[(y0 + y) * width + x0 + x] = bitmap.coverage(x: x, y: y)
                }
            }
        }
        return LabelBitmap(width: Int32(width), height: Int32(height), pixels: pixels)
    }

    /// The label as coverage: as wide as its ink (from the leftmost to the rightmost glyph
    /// pixel, so centring centres what is seen), `lineHeight` tall with the baseline at
    /// `ascender`. Overlapping glyphs keep the larger coverage. Characters the face cannot
    /// load are skipped; a label without ink (empty, spaces only) is 0 x 0.
    public func rasterize(_ text: String) -> LabelBitmap {
        // Pass 1: the ink's horizontal extent.
        guard let (left, right) = inkExtent(text), lineHeight > 0 else { return .empty }

        // Pass 2: compose the glyphs into one bitmap.
        let width = right - left
        var pixels = [UInt8](repeating: 0, count: width * lineHeight)
        var pen = -left
        for scalar in text.unicodeScalars {
            guard let glyph = load(scalar) else { continue }
            let bitmap = face.pointee.glyph.pointee.bitmap
            let x0 = pen + glyph.left
            let y0 = ascender - glyph.top
            for row in 0..<glyph.rows {
                let y = y0 + row
                guard y >= 0 && y < lineHeight, let buffer = bitmap.buffer else { continue }
                // A negative pitch means the rows are stored bottom-up.
                let pitch = Int(bitmap.pitch)
                let source = pitch >= 0 ? buffer + row * pitch : buffer + (glyph.rows - 1 - row) * -pitch
                for column in 0..<glyph.width {
                    let x = x0 + column
                    guard x >= 0 && x < width else { continue }
                    let value: UInt8
                    if glyph.isMono {
                        value = (source[column >> 3] & (0x80 >> UInt8(column & 7))) != 0 ? 255 : 0
                    } else {
                        value = source[column]
                    }
                    let index = y * width + x
                    if value > pixels[index] { pixels[index] = value }
                }
            }
            pen += glyph.advance
        }
        return LabelBitmap(width: Int32(width), height: Int32(lineHeight), pixels: pixels)
    }

    private struct Glyph {
        var left: Int
        var top: Int
        var width: Int
        var rows: Int
        var advance: Int
        var isMono: Bool
    }

    /// Renders one character into the face's glyph slot; nil when FreeType cannot, or when it
    /// rendered into a pixel mode other than 8-bit grey or 1-bit mono.
    private func load(_ scalar: Unicode.Scalar) -> Glyph? {
        guard FT_Load_Char(face, FT_ULong(scalar.value), FT_Int32(FT_LOAD_RENDER)) == 0 else { return nil }
        let slot = face.pointee.glyph.pointee
        let mode = slot.bitmap.pixel_mode
        let isMono = mode == UInt8(FT_PIXEL_MODE_MONO.rawValue)
        guard isMono || mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) else { return nil }
        return Glyph(
            left: Int(slot.bitmap_left), top: Int(slot.bitmap_top),
            width: Int(slot.bitmap.width), rows: Int(slot.bitmap.rows),
            advance: Int((slot.advance.x + 32) >> 6), isMono: isMono)
    }
}
