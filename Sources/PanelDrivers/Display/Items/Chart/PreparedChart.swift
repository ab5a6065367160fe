import PanelConfig
import TouchCore

/// One chart ready to paint: its layout and colours (`ChartSpec`), the glyphs of its format
/// rasterised once at start with the labels' font (a new value is then drawn without FreeType
/// and without allocating), the palette its text is blended through, and what its last paint
/// left on screen, so that a value into the newest bucket repaints only that bucket's columns.
final class PreparedChart {
    let spec: ChartSpec
    let rect: Rect
    private let glyphPixels: UnsafeMutableRawBufferPointer
    private let cellBytes: UnsafeMutableRawBufferPointer
    private let text: ChartTextLook?
    private var palette = CoveragePalette()
    /// The text's glyphs as pixels over the chart's background (`PaintedGlyphs`).
    private let paintedPixels: UnsafeMutableRawBufferPointer
    private var painted: PaintedGlyphs?
    /// What is on screen now; nil: nothing (paint it whole).
    var drawn: ChartDrawn?

    /// The text at the theme's font size, at most a sixth of the chart's height; without a
    /// font (nil), the plot takes the whole rect.
    /// With `format` (the display's), the text's glyphs are kept as pixels in it too.
    init(_ chart: ChartConfig, font: FontRasterizer?, fontSize: Int, format: PixelFormat? = nil) {
        rect = chart.rect
        guard let font else {
            spec = chart.spec(textLinePx: 0)
            glyphPixels = .allocate(byteCount: 1, alignment: 16)
            cellBytes = .allocate(byteCount: 1, alignment: 16)
            paintedPixels = .allocate(byteCount: 1, alignment: 16)
            text = nil
            return
        }
        let saved = font.pixelSize
        defer { font.setPixelSize(saved) }
        let size = max(LabelFit.minimumPixelSize, min(fontSize, Int(chart.rect.height) / 6))
        _ = font.setPixelSize(size)
        let glyphs = font.rasterizeCells(chart.glyphCharacters)
        let table = glyphs.bitmap.trimmed
        let pixels = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, table.pixels.count), alignment: 16)
        table.pixels.withUnsafeBytes { pixels.copyMemory(from: $0) }
        glyphPixels = pixels
        cellBytes = .allocate(byteCount: max(1, glyphs.cells.count * SliderTextLook.cellBytes), alignment: 16)
        for (glyph, cell) in glyphs.cells.enumerated() {
            SliderTextLook.writeCell(glyph, start: cell.start, advance: cell.advance, into: cellBytes)
        }
        spec = chart.spec(textLinePx: Int32(font.lineHeight))
        let look = SliderTextLook(
            glyphs: AlphaBitmap(
                width: table.width, height: table.height, stride: Int(table.width), pixels: UnsafeRawBufferPointer(glyphPixels),
                top: table.top, lineHeight: table.lineHeight),
            cells: UnsafeRawBufferPointer(start: cellBytes.baseAddress, count: glyphs.cells.count * SliderTextLook.cellBytes),
            label: nil, labelRect: Rect(x: 0, y: 0, width: 0, height: 0), valueBox: Rect(x: 0, y: 0, width: 0, height: 0), valueCentred: false)
        text = ChartTextLook(glyphs: look, format: chart.valueFormat)
        if let format, let strip = look.glyphs {
            paintedPixels = .allocate(byteCount: max(1, PaintedGlyphs.byteCount(of: strip, format: format)), alignment: 16)
            painted = PaintedGlyphs(storage: paintedPixels)
        } else {
            paintedPixels = .allocate(byteCount: 1, alignment: 16)
        }
    }

    /// The bytes of the text glyphs as pixels (0 without a text).
    var paintedBytes: Int { painted == nil ? 0 : paintedPixels.count }

    deinit {
        glyphPixels.deallocate()
        cellBytes.deallocate()
        paintedPixels.deallocate()
    }

    /// Paints `look`: whole when `whole` or nothing of it is on screen, else only what
    /// changed since the last paint.
    func paint(_ look: ChartLook, whole: Bool, with painter: FramebufferPainter, in pixels: UnsafeMutableRawBufferPointer) {
        drawn = painter.paintChart(look, spec: spec, previous: whole ? nil : drawn, text: text, palette: &palette, painted: &painted, in: pixels)
    }
}
