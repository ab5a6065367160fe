/// A glyph strip (`AlphaBitmap`) turned into pixel values through one palette: the text colour
/// over one fill, in the display's format, row for row as the strip. Worked out again only
/// when the palette's colours change, so that a glyph over a plain fill (a dial's value) is
/// drawn by copying its rows, not by a lookup per pixel. The memory is the caller's.
public struct PaintedGlyphs {
    private let storage: UnsafeMutableRawBufferPointer
    /// What the pixels were worked out for: nil before the first `paint`.
    private var colors: ButtonStyle.Colors?
    private var format: PixelFormat?
    private(set) var width: Int32 = 0
    private(set) var height: Int32 = 0

    /// The bytes the pixels of `glyphs` take in `format`.
    public static func byteCount(of glyphs: AlphaBitmap, format: PixelFormat) -> Int {
        Int(glyphs.width) * Int(glyphs.height) * format.bytesPerPixel
    }

    public init(storage: UnsafeMutableRawBufferPointer) {
        self.storage = storage
    }

    /// The pixels of `glyphs` through `palette`, worked out unless they already are; false
    /// (nothing to copy) when the palette is unset or the storage too small.
    public mutating func paint(_ glyphs: AlphaBitmap, through palette: inout CoveragePalette) -> Bool {
        guard let paletteColors = palette.colors, let paletteFormat = palette.format, let coverage = glyphs.pixels.baseAddress,
            let base = storage.baseAddress, storage.count >= PaintedGlyphs.byteCount(of: glyphs, format: paletteFormat)
        else { return false }
        if paletteColors == colors && paletteFormat == format && glyphs.width == width && glyphs.height == height { return true }
        let bytesPerPixel = paletteFormat.bytesPerPixel
        var at = 0
        for row in 0..<Int(glyphs.height) {
            let source = coverage + row * glyphs.stride
            for column in 0..<Int(glyphs.width) {
                var value = palette[source.load(fromByteOffset: column, as: UInt8.self)]
                for byte in 0..<bytesPerPixel {
                    base.storeBytes(of: UInt8(truncatingIfNeeded: value), toByteOffset: at &+ byte, as: UInt8.self)
                    value &>>= 8
                }
                at &+= bytesPerPixel
            }
        }
        colors = paletteColors
        format = paletteFormat
        width = glyphs.width
        height = glyphs.height
        return true
    }

    /// `painted`, worked out for `glyphs` through `palette` where it was not yet, when there is
    /// something to copy from; nil (blend instead) without glyphs, memory or a palette.
    public static func ready(
        _ painted: inout PaintedGlyphs?, for glyphs: AlphaBitmap?, through palette: inout CoveragePalette
    ) -> PaintedGlyphs? {
        guard let glyphs, var strip = painted, strip.paint(glyphs, through: &palette) else { return nil }
        painted = strip
        return strip
    }

    /// The first byte of the pixel at (`x`, `y`) of the strip.
    @inline(__always)
    func pixel(x: Int32, y: Int32, bytesPerPixel: Int) -> UnsafeRawPointer {
        UnsafeRawPointer(storage.baseAddress!) + (Int(y) * Int(width) + Int(x)) * bytesPerPixel
    }
}

extension FramebufferPainter {
    /// The part `clip` of the glyph whose cell starts at column `column` of `painted`, placed at
    /// `placed`: row by row, a copy where the screen's rows run the glyph's way, else pixel by
    /// pixel one logical step apart. `painted` was worked out in this layout's format.
    func copy(_ painted: PaintedGlyphs, column: Int32, placed: Rect, clip: Rect, base: UnsafeMutableRawPointer) {
        let bytesPerPixel = layout.format.bytesPerPixel
        let steps = layout.logicalSteps
        guard let firstOffset = layout.byteOffset(x: clip.x, y: clip.y) else { return }
        let x = column &+ (clip.x &- placed.x)
        let width = Int(clip.width)
        for row in 0..<Int(clip.height) {
            let source = painted.pixel(x: x, y: clip.y &- placed.y &+ Int32(row), bytesPerPixel: bytesPerPixel)
            let offset = firstOffset &+ row &* steps.y
            if steps.x == bytesPerPixel {
                (base + offset).copyMemory(from: source, byteCount: width &* bytesPerPixel)
                continue
            }
            switch bytesPerPixel {
            case 4:
                for index in 0..<width {
                    base.storeBytes(of: source.loadUnaligned(fromByteOffset: index &* 4, as: UInt32.self), toByteOffset: offset &+ index &* steps.x, as: UInt32.self)
                }
            case 2:
                for index in 0..<width {
                    base.storeBytes(of: source.loadUnaligned(fromByteOffset: index &* 2, as: UInt16.self), toByteOffset: offset &+ index &* steps.x, as: UInt16.self)
                }
            default:
                for index in 0..<width {
                    (base + (offset &+ index &* steps.x)).copyMemory(from: source + index &* bytesPerPixel, byteCount: bytesPerPixel)
                }
            }
        }
    }
}
