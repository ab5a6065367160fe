import CFreeType
import CLinux
import LinuxSystem
import PanelEngine

/// Rasterises button labels with FreeType into 8-bit coverage bitmaps that the
/// allocation-free painter then blends. One per font chain (`[display] font = PATH, PATH...`):
/// it opens each face once (`FontFace`) and keeps what FreeType gives for each glyph
/// (`GlyphCache`), so fitting a label, which measures the same glyphs at a few sizes over and
/// over, and setting labels later ask FreeType for each glyph once per size: its metrics when
/// it is measured, its bitmap when it is drawn. A line is laid out first (`LineLayout`): its
/// glyphs from the chain's faces, shaped and in visual order where the text needs it. Not
/// thread-safe, like the FT_Library each face owns.
public final class FontRasterizer {
    /// DejaVu Sans from Debian's fonts-dejavu-core, present on Raspberry Pi OS.
    public static let defaultFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    /// The glyph cache's bound (`GlyphCache`).
    public static let defaultGlyphCacheBytes = 256 * 1024

    /// The chain's first font: the one a label is drawn from when it has every character.
    public var path: String { faces[0].path }
    /// Every font of the chain, in the order characters are looked for in them.
    public var paths: [String] { faces.map { $0.path } }
    public private(set) var pixelSize: Int
    /// Never empty.
    let faces: [FontFace]
    private let glyphs: GlyphCache
    /// Each size's line metrics once asked for: a size seen before costs FreeType nothing.
    /// At most one entry per size FreeType accepts (1...1000).
    private var lines: [Int: LineMetrics] = [:]
    /// Line metrics in whole pixels at `pixelSize`: every label of this size has the same
    /// height and baseline, so labels of equal-sized buttons line up.
    public private(set) var ascender: Int
    public private(set) var lineHeight: Int

    /// Opens the font at `pixelSize`; `glyphCacheBytes` bounds the glyphs kept.
    public convenience init(path: String, pixelSize: Int, glyphCacheBytes: Int = FontRasterizer.defaultGlyphCacheBytes) throws(FontError) {
        try self.init(paths: [path], pixelSize: pixelSize, glyphCacheBytes: glyphCacheBytes)
    }

    /// Opens a chain of fonts (at least one) at `pixelSize`; `glyphCacheBytes` bounds the
    /// glyphs kept from all of them.
    public init(paths: [String], pixelSize: Int, glyphCacheBytes: Int = FontRasterizer.defaultGlyphCacheBytes) throws(FontError) {
        precondition(!paths.isEmpty, "a font chain has at least one font")
        var faces: [FontFace] = []
        for path in paths {
            let face = try FontFace(path: path)
            if let reason = face.select(pixelSize: pixelSize) {
                throw .cannotSetSize(path: path, pixelSize: pixelSize, reason: reason)
            }
            faces.append(face)
        }
        self.faces = faces
        let metrics = FontRasterizer.lineMetrics(of: faces, pixelSize: pixelSize) ?? LineMetrics(ascender: 0, lineHeight: 0)
        self.pixelSize = pixelSize
        glyphs = GlyphCache(byteLimit: glyphCacheBytes)
        lines[pixelSize] = metrics
        ascender = metrics.ascender
        lineHeight = metrics.lineHeight
    }

    /// Another size for the same face (fitting a label tries several); false if FreeType
    /// cannot set it, and the size stays what it was.
    @discardableResult
    public func setPixelSize(_ size: Int) -> Bool {
        guard size != pixelSize else { return true }
        let metrics: LineMetrics
        if let known = lines[size] {
            metrics = known
        } else {
            guard let chain = FontRasterizer.lineMetrics(of: faces, pixelSize: size) else { return false }
            metrics = chain
            lines[size] = metrics
        }
        pixelSize = size
        ascender = metrics.ascender
        lineHeight = metrics.lineHeight
        return true
    }

    /// The bytes the glyph cache holds and may hold, and how many glyphs (`touchpanel check`
    /// says so).
    public var glyphCacheByteCount: Int { glyphs.byteCount }
    public var glyphCacheByteLimit: Int { glyphs.byteLimit }
    public var glyphCacheCount: Int { glyphs.count }

    /// The line of a chain at `pixelSize`: from the highest ascender of its fonts to the lowest
    /// descender, so that no font's glyph is cut and every label of a size shares one baseline
    /// whichever fonts it draws from; nil if a font cannot be set to that size.
    private static func lineMetrics(of faces: [FontFace], pixelSize: Int) -> LineMetrics? {
        var ascender = Int.min, descender = Int.min
        for face in faces {
            guard face.select(pixelSize: pixelSize) == nil else { return nil }
            let line = face.lineMetrics
            ascender = max(ascender, line.ascender)
            descender = max(descender, line.lineHeight - line.ascender)
        }
        return LineMetrics(ascender: ascender, lineHeight: ascender + descender)
    }

    /// Whether a font of the chain has a glyph for `scalar` (`check` warns of a label it would
    /// draw as nothing).
    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool { faces.contains { $0.hasGlyph(for: scalar) } }

    /// The character of the glyph called `name` in the first font (an icon font's
    /// `lightbulb`), or nil.
    public func character(ofGlyphNamed name: String) -> Unicode.Scalar? { faces[0].character(ofGlyphNamed: name) }

    /// Closes the fonts' FreeType faces and libraries, and with them what FreeType keeps
    /// while a face is open (`FontFace.close`); what is cached stays, and the next glyph not
    /// cached opens the file again. For a font whose glyphs are all drawn at start-up.
    public func closeFace() { faces.forEach { $0.close() } }

    /// Whether the first font's FreeType face is open now.
    public var isFaceOpen: Bool { faces[0].isOpen }

    /// One line laid out at the current size (`LineLayout`). The last one is kept: a label is
    /// measured and then drawn at the size it was fitted to, and shaping it again would cost as
    /// much as the rest of the label change.
    func layout(_ text: String) -> LineLayout {
        let size = pixelSize
        if let last = lastLayout, last.pixelSize == size, last.text == text { return last.line }
        let line = LineLayout(text, faces: faces, pixelSize: size) { metrics($0, size: size)?.advance ?? 0 }
        lastLayout = LastLayout(text: text, pixelSize: size, line: line)
        return line
    }

    /// The line laid out last, its text and size.
    private struct LastLayout {
        var text: String
        var pixelSize: Int
        var line: LineLayout
    }
    private var lastLayout: LastLayout?

    /// Whether `text` reads right to left: its first strong character is Hebrew, Arabic or of
    /// another right-to-left script (a text's `align = start` then goes to the right).
    public func isRightToLeft(_ text: String) -> Bool { layout(text).rightToLeft }

    /// The ink width of one line of `text` at the current size.
    public func measure(_ text: String) -> Int {
        guard let ink = inkExtent(text) else { return 0 }
        return ink.right - ink.left
    }

    /// From the leftmost to the rightmost glyph pixel, the pen starting at 0; nil: no ink.
    private func inkExtent(_ text: String) -> (left: Int, right: Int)? { inkExtent(layout(text)) }

    private func inkExtent(_ line: LineLayout) -> (left: Int, right: Int)? {
        let size = pixelSize
        var left = Int.max
        var right = Int.min
        for laid in line.glyphs {
            guard let glyph = metrics(laid.glyph, size: size) else { continue }
            if glyph.width > 0 && glyph.rows > 0 {
                left = min(left, laid.x + glyph.left)
                right = max(right, laid.x + glyph.left + glyph.width)
            }
        }
        return left < right ? (left, right) : nil
    }

    /// Several lines, each centred on the widest, one `lineHeight` apart.
    public func rasterize(lines: [String]) -> LabelBitmap {
        guard lines.count > 1 else { return rasterize(lines.first ?? "") }
        var label = rasterizeLines(lines)
        label.rightToLeft = layout(lines[0]).rightToLeft
        return label
    }

    private func rasterizeLines(_ lines: [String]) -> LabelBitmap {
        let bitmaps = lines.map { rasterize($0) }
        let width = bitmaps.map { Int($0.width) }.max() ?? 0
        guard width > 0, lineHeight > 0 else { return .empty }
        let height = lineHeight * lines.count
        var pixels = [UInt8](repeating: 0, count: width * height)
        var colours: [UInt8]? = bitmaps.contains { $0.colour != nil } ? [UInt8](repeating: 0, count: width * height * 4) : nil
        if colours != nil {
            for (index, bitmap) in bitmaps.enumerated() {
                bitmap.writeColour(into: &colours!, width: width, rows: height, x: (width - Int(bitmap.width)) / 2, y: index * lineHeight)
            }
        }
        pixels.withUnsafeMutableBufferPointer { target in
            for (index, bitmap) in bitmaps.enumerated() where bitmap.width > 0 {
                let lineWidth = Int(bitmap.width)
                let x0 = (width - lineWidth) / 2
                let y0 = index * lineHeight
                bitmap.pixels.withUnsafeBufferPointer { source in
                    // Every line's bitmap is `lineHeight` tall: its rows copied whole.
                    for y in 0..<min(Int(bitmap.height), height - y0) {
                        (target.baseAddress! + (y0 + y) * width + x0).update(
                            from: source.baseAddress! + y * lineWidth, count: lineWidth)
                    }
                }
            }
        }
        var label = LabelBitmap(width: Int32(width), height: Int32(height), pixels: pixels)
        label.colour = colours
        return label
    }

    /// The label as coverage: as wide as its ink (from the leftmost to the rightmost glyph
    /// pixel, so centring centres what is seen), `lineHeight` tall with the baseline at
    /// `ascender`. Overlapping glyphs keep the larger coverage. Characters the face cannot
    /// load are skipped; a label without ink (empty, spaces only) is 0 x 0.
    public func rasterize(_ text: String) -> LabelBitmap {
        // Pass 1: the ink's horizontal extent.
        let line = layout(text)
        guard let (left, right) = inkExtent(line), lineHeight > 0 else { return .empty }

        // Pass 2: compose the glyphs into one bitmap.
        let width = right - left
        var pixels = [UInt8](repeating: 0, count: width * lineHeight)
        // The columns written so far end here: a glyph that starts at or after it (most do,
        // without kerning) is copied row by row, one that overlaps keeps the larger coverage.
        var writtenEnd = 0
        // A colour glyph's pixels, over the label's coverage (`LabelBitmap.colour`).
        var colours: [UInt8]?
        for laid in line.glyphs {
            guard let drawn = drawn(laid.glyph) else { continue }
            let glyph = drawn.metrics, coverage = drawn.coverage
            let x0 = laid.x - left + glyph.left
            let y0 = ascender - glyph.top - laid.rise
            // The part of the glyph inside the bitmap: rows below the line's top and above its
            // bottom, columns from the ink's left to its right.
            let rows = FontRasterizer.span(-y0, min(glyph.rows, lineHeight - y0))
            let columns = FontRasterizer.span(-x0, min(glyph.width, width - x0))
            guard !rows.isEmpty, !columns.isEmpty else { continue }
            let overlaps = x0 + columns.lowerBound < writtenEnd
            writtenEnd = max(writtenEnd, x0 + columns.upperBound)
            if let colour = drawn.colour {
                if colours == nil { colours = [UInt8](repeating: 0, count: width * lineHeight * 4) }
                for row in rows {
                    for column in columns where coverage[row * glyph.width + column] > 0 {
                        let from = (row * glyph.width + column) * 4, to = ((y0 + row) * width + x0 + column) * 4
                        for channel in 0..<4 { colours![to + channel] = colour[from + channel] }
                    }
                }
            }
            pixels.withUnsafeMutableBufferPointer { target in
                coverage.withUnsafeBufferPointer { source in
                    for row in rows {
                        let from = source.baseAddress! + row * glyph.width + columns.lowerBound
                        let to = target.baseAddress! + (y0 + row) * width + x0 + columns.lowerBound
                        guard overlaps else {
                            // A plain copy: `update(from:count:)` went through UInt8's value
                            // witness once a byte in the firmware build.
                            UnsafeMutableRawPointer(to).copyMemory(from: from, byteCount: columns.count)
                            continue
                        }
                        for column in 0..<columns.count where from[column] > to[column] {
                            to[column] = from[column]
                        }
                    }
                }
            }
        }
        var label = LabelBitmap(width: Int32(width), height: Int32(lineHeight), pixels: pixels)
        label.rightToLeft = line.rightToLeft
        label.colour = colours
        return label
    }

    /// `rasterize(lines:).trimmed`, kept as where its glyphs go rather than as pixels: each
    /// glyph's coverage is the glyph cache's array, which every label drawing that character at
    /// that size shares (48 labels "Light N.M" at 24 px: 117 KB of pixels, 13 KB of places).
    /// Drawn when a look is composed (`LabelBitmap.write`), to the same pixels.
    public func glyphLabel(lines: [String]) -> LabelBitmap {
        let texts = lines.isEmpty ? [""] : lines
        // Each line as `rasterize(_:)` draws it: as wide as its ink, clipped to that and to
        // the line; then the lines centred on the widest, one `lineHeight` apart.
        let laidOut = texts.map { layout($0) }
        // A label with colour glyphs keeps its pixels: a glyph's place holds no colour.
        if laidOut.contains(where: { $0.glyphs.contains { faces[Int($0.glyph.face)].isColour } }) {
            return rasterize(lines: texts).trimmed
        }
        let extents = laidOut.map { inkExtent($0) }
        let width = extents.map { extent in extent.map { $0.right - $0.left } ?? 0 }.max() ?? 0
        guard width > 0, lineHeight > 0 else { return .empty }
        var glyphs: [LabelBitmap.PlacedGlyph] = []
        for (index, line) in laidOut.enumerated() {
            guard let (left, right) = extents[index] else { continue }
            let lineWidth = right - left
            let x0 = (width - lineWidth) / 2, y0 = index * lineHeight
            for laid in line.glyphs {
                guard let drawn = drawn(laid.glyph) else { continue }
                let glyph = drawn.metrics, coverage = drawn.coverage
                let x = laid.x - left + glyph.left, y = ascender - glyph.top - laid.rise
                let rows = FontRasterizer.span(-y, min(glyph.rows, lineHeight - y))
                let columns = FontRasterizer.span(-x, min(glyph.width, lineWidth - x))
                guard !rows.isEmpty, !columns.isEmpty else { continue }
                glyphs.append(
                    LabelBitmap.PlacedGlyph(
                        coverage: coverage, first: Int32(rows.lowerBound * glyph.width + columns.lowerBound), stride: Int32(glyph.width),
                        x: Int32(x0 + x + columns.lowerBound), y: Int32(y0 + y + rows.lowerBound), columns: Int32(columns.count),
                        rows: Int32(rows.count)))
            }
        }
        // Trimmed: from the first row with ink to the last, each glyph cut to them.
        var first = Int.max, last = Int.min
        for glyph in glyphs {
            glyph.coverage.withUnsafeBufferPointer { coverage in
                for row in 0..<Int(glyph.rows) {
                    let from = coverage.baseAddress! + Int(glyph.first) + row * Int(glyph.stride)
                    guard (0..<Int(glyph.columns)).contains(where: { from[$0] != 0 }) else { continue }
                    first = min(first, Int(glyph.y) + row)
                    last = max(last, Int(glyph.y) + row)
                }
            }
        }
        guard first <= last else { return .empty }
        let kept: [LabelBitmap.PlacedGlyph] = glyphs.compactMap { glyph in
            let top = max(first, Int(glyph.y)), bottom = min(last + 1, Int(glyph.y + glyph.rows))
            guard top < bottom else { return nil }
            return LabelBitmap.PlacedGlyph(
                coverage: glyph.coverage, first: glyph.first + Int32(top - Int(glyph.y)) * glyph.stride, stride: glyph.stride,
                x: glyph.x, y: Int32(top - first), columns: glyph.columns, rows: Int32(bottom - top))
        }
        var label = LabelBitmap(
            width: Int32(width), height: Int32(last - first + 1), top: Int32(first), lineHeight: Int32(lineHeight * texts.count),
            storage: .glyphs(kept))
        label.rightToLeft = laidOut[0].rightToLeft
        return label
    }

    /// Each character's advance at the current size (0 for one the face cannot load), each
    /// from the first font of the chain that has it.
    public func advances(_ scalars: [Unicode.Scalar]) -> [Int] {
        scalars.map { max(0, metrics(LineLayout.glyph(for: $0, faces: faces), size: pixelSize)?.advance ?? 0) }
    }

    /// Each character in a cell of its own, side by side in one bitmap `lineHeight` tall: a cell
    /// as wide as the character's advance, its ink placed as on a line (the baseline at
    /// `ascender`) and cut at the cell's edges. Text drawn cell after cell then spaces as a
    /// line does (a slider's value, drawn per report from these). A character the face cannot
    /// load has an empty cell.
    public func rasterizeCells(_ scalars: [Unicode.Scalar]) -> (bitmap: LabelBitmap, cells: [(start: Int32, advance: Int32)]) {
        let size = pixelSize
        var cells: [(start: Int32, advance: Int32)] = []
        var width = 0
        let chosen = scalars.map { LineLayout.glyph(for: $0, faces: faces) }
        for glyph in chosen {
            let advance = max(0, metrics(glyph, size: size)?.advance ?? 0)
            cells.append((Int32(width), Int32(advance)))
            width += advance
        }
        guard width > 0, lineHeight > 0 else { return (.empty, cells.map { _ in (0, 0) }) }
        var pixels = [UInt8](repeating: 0, count: width * lineHeight)
        for (index, chosenGlyph) in chosen.enumerated() {
            guard let drawn = drawn(chosenGlyph) else { continue }
            let glyph = drawn.metrics, coverage = drawn.coverage
            let cellStart = Int(cells[index].start), advance = Int(cells[index].advance)
            let x0 = glyph.left
            let y0 = ascender - glyph.top
            let rows = FontRasterizer.span(-y0, min(glyph.rows, lineHeight - y0))
            let columns = FontRasterizer.span(-x0, min(glyph.width, advance - x0))
            guard !rows.isEmpty, !columns.isEmpty else { continue }
            for row in rows {
                for column in columns {
                    pixels[(y0 + row) * width + cellStart + x0 + column] = coverage[row * glyph.width + column]
                }
            }
        }
        return (LabelBitmap(width: Int32(width), height: Int32(lineHeight), pixels: pixels), cells)
    }

    /// The rows or columns of a glyph inside a bitmap: from `start` (or 0) to `end`; none when
    /// the glyph lies wholly outside (a space before the ink, whose pen is left of it).
    private static func span(_ start: Int, _ end: Int) -> Range<Int> {
        let lower = max(0, start)
        return lower < end ? lower..<end : 0..<0
    }

    /// One glyph's metrics at `size`: from the cache, or loaded once and kept.
    func metrics(_ glyph: GlyphID, size: Int) -> GlyphMetrics? {
        if let kept = glyphs.entry(glyph, pixelSize: size) { return kept.metrics }
        let face = faces[Int(glyph.face)]
        if face.isColour {
            // A colour glyph's size is known once it is scaled: it is kept drawn.
            let rendered = face.render(glyph: glyph.index, pixelSize: size)
            return glyphs.keep(glyph, pixelSize: size, metrics: rendered?.metrics, coverage: rendered?.coverage, colour: rendered?.colour)
                .metrics
        }
        let loaded = face.metrics(glyph: glyph.index, pixelSize: size)
        return glyphs.keep(glyph, pixelSize: size, metrics: loaded, coverage: nil).metrics
    }

    /// One glyph drawn at the current size: from the cache, or rendered once and kept.
    private func drawn(_ glyph: GlyphID) -> RenderedGlyph? {
        let kept = glyphs.entry(glyph, pixelSize: pixelSize)
        if let kept {
            guard let metrics = kept.metrics else { return nil }
            if let coverage = kept.coverage { return RenderedGlyph(metrics: metrics, coverage: coverage, colour: kept.colour) }
        }
        guard let rendered = faces[Int(glyph.face)].render(glyph: glyph.index, pixelSize: pixelSize) else { return nil }
        glyphs.keep(glyph, pixelSize: pixelSize, metrics: rendered.metrics, coverage: rendered.coverage, colour: rendered.colour)
        return rendered
    }
}
