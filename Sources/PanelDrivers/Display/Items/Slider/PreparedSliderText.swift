import PanelConfig
import TouchCore

/// A slider's label and value glyphs, rasterised once at start with the labels' font and kept
/// in memory of its own (`SliderTextLook` views it), with the palettes its text is blended
/// through: a drag then draws its value without FreeType and without allocating.
final class PreparedSliderText {
    private let glyphPixels: UnsafeMutableRawBufferPointer
    private let labelPixels: UnsafeMutableRawBufferPointer
    private let cellBytes: UnsafeMutableRawBufferPointer
    /// A dial's value glyphs as pixel values (`PaintedGlyphs`); empty for a straight slider,
    /// whose value lies over the fill or the track as the value says.
    private let paintedPixels: UnsafeMutableRawBufferPointer
    let look: SliderTextLook
    var palettes = SliderTextPalettes()
    /// The value text's widest (the box it is drawn in) and the label's width, for `check`.
    let valueWidth: Int32
    let labelWidth: Int32
    /// The size it is drawn at, and whether the label and value fit the slider at it (else they
    /// are cut at its edges: `check` warns).
    let pixelSize: Int
    let fits: Bool

    /// Nil for a slider with neither a label nor a format. Without `font_size`, the largest
    /// size up to `fittedFontSizeLimit` at which both fit.
    /// With `format` (the display's), a dial's value glyphs are kept as pixels in it too.
    init?(_ slider: SliderConfig, font: FontRasterizer, format: PixelFormat? = nil) {
        guard slider.label != nil || slider.format != nil else { return nil }
        let saved = font.pixelSize
        defer { font.setPixelSize(saved) }
        let scalars = slider.glyphCharacters
        var chosen: (size: Int, fits: Bool)?
        for size in stride(from: slider.fontSize ?? slider.fittedFontSizeLimit, through: slider.fontSize ?? LabelFit.minimumPixelSize, by: -1)
        where font.setPixelSize(size) {
            let value = PreparedSliderText.widestValue(of: slider, advances: font.advances(scalars))
            let label = slider.label.map { Int32(font.measure($0)) } ?? 0
            chosen = (size, PreparedSliderText.fit(slider, labelWidth: label, valueWidth: value, lineHeight: Int32(font.lineHeight)))
            if chosen!.fits { break }
        }
        pixelSize = chosen?.size ?? saved
        fits = chosen?.fits ?? false
        font.setPixelSize(pixelSize)
        let glyphs = font.rasterizeCells(scalars)
        // Only the rows where some glyph (or the label) has ink are kept and blended: a value
        // is redrawn at each report of a drag, and a line's rows above and below its digits
        // are a third of it.
        let table = glyphs.bitmap.trimmed
        let wholeLabel = slider.label.map { font.rasterize($0) } ?? .empty
        let label = wholeLabel.trimmed
        glyphPixels = PreparedSliderText.copy(table.pixels)
        labelPixels = PreparedSliderText.copy(label.pixels)
        cellBytes = UnsafeMutableRawBufferPointer.allocate(
            byteCount: max(1, glyphs.cells.count * SliderTextLook.cellBytes), alignment: 16)
        for (glyph, cell) in glyphs.cells.enumerated() {
            SliderTextLook.writeCell(glyph, start: cell.start, advance: cell.advance, into: cellBytes)
        }
        valueWidth = PreparedSliderText.widestValue(of: slider, advances: glyphs.cells.map { Int($0.advance) })
        labelWidth = wholeLabel.width
        let places = SliderTextLook.places(
            rect: slider.rect, orientation: slider.orientation, labelWidth: wholeLabel.width, valueWidth: valueWidth,
            lineHeight: Int32(font.lineHeight), insetPx: PreparedSliderText.insetPx(of: slider))
        let look = SliderTextLook(
            glyphs: AlphaBitmap(
                width: table.width, height: table.height, stride: Int(table.width), pixels: UnsafeRawBufferPointer(glyphPixels),
                top: table.top, lineHeight: table.lineHeight),
            cells: UnsafeRawBufferPointer(start: cellBytes.baseAddress, count: glyphs.cells.count * SliderTextLook.cellBytes),
            label: label.width > 0 && label.height > 0
                ? AlphaBitmap(width: label.width, height: label.height, stride: Int(label.width), pixels: UnsafeRawBufferPointer(labelPixels))
                : nil,
            labelRect: Rect(x: places.label.x, y: places.label.y + label.top, width: label.width, height: label.height),
            valueBox: places.valueBox, valueCentred: slider.orientation != .horizontal)
        self.look = look
        if slider.isDial, let format, let glyphs = look.glyphs {
            paintedPixels = .allocate(byteCount: max(1, PaintedGlyphs.byteCount(of: glyphs, format: format)), alignment: 16)
            palettes.paintedValue = PaintedGlyphs(storage: paintedPixels)
        } else {
            paintedPixels = .allocate(byteCount: 1, alignment: 16)
        }
    }

    /// Whether a label and a value this wide, one line tall, fit the slider: side by side
    /// with an inset at each end and between on a horizontal one; each across a vertical one
    /// (2 pixels to spare on each side), one above the other.
    static func fit(_ slider: SliderConfig, labelWidth: Int32, valueWidth: Int32, lineHeight: Int32) -> Bool {
        let inset = insetPx(of: slider)
        let rect = slider.rect
        switch slider.orientation {
        case .horizontal:
            return lineHeight <= rect.height && inset * 3 + labelWidth + valueWidth <= rect.width
        case .vertical:
            let lines = Int32((slider.label != nil ? 1 : 0) + (slider.format != nil ? 1 : 0))
            return max(labelWidth, valueWidth) + 4 <= rect.width && lineHeight * lines + inset * 3 <= rect.height
        case .arc(let shape):
            // Inside the ring: within the square inscribed in its inner circle (0.7 of its diameter).
            let inner = min(rect.width, rect.height) - 2 * shape.bandPx
            let lines = Int32((slider.label != nil ? 1 : 0) + (slider.format != nil ? 1 : 0))
            return max(labelWidth, valueWidth) * 10 <= inner * 7 && lineHeight * lines * 10 <= inner * 7
        }
    }

    /// The bytes of the value glyphs as pixels (a dial's; 0 for a straight slider).
    var paintedBytes: Int { palettes.paintedValue == nil ? 0 : paintedPixels.count }

    deinit {
        glyphPixels.deallocate()
        labelPixels.deallocate()
        cellBytes.deallocate()
        paintedPixels.deallocate()
    }

    /// How far the label and the value sit from the slider's ends: a third of its thickness,
    /// at most 16 pixels.
    static func insetPx(of slider: SliderConfig) -> Int32 {
        switch slider.orientation {
        case .horizontal: return min(16, slider.rect.height / 3)
        case .vertical: return min(16, slider.rect.width / 3)
        case .arc: return 0
        }
    }

    /// The widest value text: the number's most digits in the widest digit, a minus where
    /// the scale goes below 0, the point and the literal text (`advances` in glyph-table order).
    private static func widestValue(of slider: SliderConfig, advances: [Int]) -> Int32 {
        guard let format = slider.valueFormat, advances.count >= 12 else { return 0 }
        let widestDigit = advances[0..<10].max() ?? 0
        func width(_ run: SliderGlyphRun) -> Int {
            (0..<run.count).reduce(0) { total, index in total + (run[index] < 10 ? widestDigit : advances[Int(run[index])]) }
        }
        return Int32(max(width(format.glyphs(ofStep: 0)), width(format.glyphs(ofStep: slider.scale.stepCount))))
    }

    private static func copy(_ bytes: [UInt8]) -> UnsafeMutableRawBufferPointer {
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, bytes.count), alignment: 16)
        bytes.withUnsafeBytes { memory.copyMemory(from: $0) }
        return memory
    }
}
