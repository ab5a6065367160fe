/// A glyph as FreeType drew it: where it goes, its coverage, and for a colour glyph (an emoji)
/// its colours.
struct RenderedGlyph {
    var metrics: GlyphMetrics
    /// `width * rows` bytes from the top.
    var coverage: [UInt8]
    /// `width * rows` pixels of red, green, blue and alpha (straight, as a PNG icon's), whose
    /// alpha is `coverage`; nil for a glyph drawn in the label's colour.
    var colour: [UInt8]?
}

/// Colour emoji from a font of colour bitmaps (Noto Color Emoji: one strike of 109 pixels),
/// scaled to the label's size: each pixel the mean of the strike's pixels under it, taken
/// premultiplied as FreeType gives them (BGRA) so that the transparent edge does not darken it.
enum ColourGlyph {
    /// FreeType's bitmap of a glyph in the strike: BGRA premultiplied, `pitch` bytes a row
    /// (negative: bottom-up); its place against the pen and its advance (26.6) at the strike.
    struct Source {
        var width: Int
        var rows: Int
        var pitch: Int
        var pixels: UnsafeRawPointer?
        var left: Int
        var top: Int
        var advance: Int
    }

    /// `source` scaled from the strike's `strikePx` to `pixelSize`.
    static func scaled(_ source: Source, from strikePx: Int, to pixelSize: Int) -> RenderedGlyph {
        func scale(_ value: Int) -> Int { (value * pixelSize + (value >= 0 ? strikePx / 2 : -strikePx / 2)) / strikePx }
        let width = source.width > 0 ? max(1, scale(source.width)) : 0
        let rows = source.rows > 0 ? max(1, scale(source.rows)) : 0
        let metrics = GlyphMetrics(
            left: scale(source.left), top: scale(source.top), width: width, rows: rows,
            advance: (source.advance * pixelSize + strikePx * 32) / (strikePx * 64))
        var coverage = [UInt8](repeating: 0, count: width * rows)
        var colour = [UInt8](repeating: 0, count: width * rows * 4)
        guard let pixels = source.pixels, width > 0, rows > 0 else {
            return RenderedGlyph(metrics: metrics, coverage: coverage, colour: colour)
        }
        for y in 0..<rows {
            let y0 = y * source.rows / rows, y1 = max(y0 + 1, (y + 1) * source.rows / rows)
            for x in 0..<width {
                let x0 = x * source.width / width, x1 = max(x0 + 1, (x + 1) * source.width / width)
                var b = 0, g = 0, r = 0, a = 0
                for sy in y0..<y1 {
                    let row = source.pitch >= 0 ? pixels + sy * source.pitch : pixels + (source.rows - 1 - sy) * -source.pitch
                    for sx in x0..<x1 {
                        let pixel = row + sx * 4
                        b += Int(pixel.load(as: UInt8.self))
                        g += Int(pixel.load(fromByteOffset: 1, as: UInt8.self))
                        r += Int(pixel.load(fromByteOffset: 2, as: UInt8.self))
                        a += Int(pixel.load(fromByteOffset: 3, as: UInt8.self))
                    }
                }
                let count = (y1 - y0) * (x1 - x0)
                let alpha = (a + count / 2) / count
                let at = y * width + x
                coverage[at] = UInt8(alpha)
                guard a > 0 else { continue }
                // Premultiplied sums to straight colour: each channel over the alpha's sum.
                colour[at * 4] = UInt8(min(255, (r * 255 + a / 2) / a))
                colour[at * 4 + 1] = UInt8(min(255, (g * 255 + a / 2) / a))
                colour[at * 4 + 2] = UInt8(min(255, (b * 255 + a / 2) / a))
                colour[at * 4 + 3] = UInt8(alpha)
            }
        }
        return RenderedGlyph(metrics: metrics, coverage: coverage, colour: colour)
    }
}
