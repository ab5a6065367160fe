/// A slider's label and value text as its surface prepared them at start: the label's
/// coverage, each glyph its value format can write rasterised once side by side, and where
/// both go on the slider. Drawing a new value is then a lookup per pixel from these, without
/// FreeType. A borrowed view: the surface owns the memory and keeps it alive while it is used.
public struct SliderTextLook {
    /// The most glyphs a format can use: the digits, minus, point and the literals.
    public static let glyphCapacity = 48

    /// The glyphs side by side, each in a cell one line tall (`lineHeight`; the bitmap may
    /// hold only the rows where some glyph has ink, from `top`): glyph g from column
    /// `glyphStart(g)`, `glyphAdvance(g)` wide (its advance: the next one starts there).
    public let glyphs: AlphaBitmap?
    /// Each glyph's cell as two 16-bit values, its start and its advance: read in place at
    /// each repaint (a table held in the look itself was copied whole for each read).
    public let cells: UnsafeRawBufferPointer
    public let glyphCount: Int
    /// The label's bitmap, and where it is drawn (its rows with ink, in logical pixels; it
    /// may reach outside the slider: it is clipped to it).
    public let label: AlphaBitmap?
    public let labelRect: Rect
    /// Where the value is drawn: a box one line tall and as wide as the widest value, the
    /// text in it at its end (right-aligned on a horizontal slider, centred on a vertical one).
    public let valueBox: Rect
    public let valueCentred: Bool

    /// `cells` holds `SliderTextLook.cellBytes` per glyph, in the order of the glyph table
    /// (`writeCell`); at most `glyphCapacity` are read. A cell not inside the glyphs' bitmap
    /// is drawn as nothing.
    public init(
        glyphs: AlphaBitmap?, cells: UnsafeRawBufferPointer, label: AlphaBitmap?, labelRect: Rect, valueBox: Rect, valueCentred: Bool
    ) {
        self.glyphs = glyphs
        self.cells = cells
        glyphCount = min(cells.count / SliderTextLook.cellBytes, SliderTextLook.glyphCapacity)
        self.label = label
        self.labelRect = labelRect
        self.valueBox = valueBox
        self.valueCentred = valueCentred
    }

    /// The bytes of one glyph's cell in `cells`.
    public static let cellBytes = 4

    /// Writes glyph `glyph`'s cell into `cells` (as the surface prepares them); a cell that
    /// does not fit 16 bits is written empty, one outside `cells` not at all.
    public static func writeCell(_ glyph: Int, start: Int32, advance: Int32, into cells: UnsafeMutableRawBufferPointer) {
        guard glyph >= 0, (glyph + 1) * cellBytes <= cells.count, let base = cells.baseAddress else { return }
        let fits = start >= 0 && advance >= 0 && start <= 0xFFFF && advance <= 0xFFFF
        let cell = base + glyph * cellBytes
        cell.storeBytes(of: fits ? UInt16(truncatingIfNeeded: start) : 0, as: UInt16.self)
        (cell + 2).storeBytes(of: fits ? UInt16(truncatingIfNeeded: advance) : 0, as: UInt16.self)
    }

    /// Where glyph `glyph` (below `glyphCount`) starts in `glyphs`, and how wide its cell is.
    @inline(__always)
    public func glyphStart(_ glyph: Int) -> Int32 {
        Int32(truncatingIfNeeded: cells.loadUnaligned(fromByteOffset: glyph * SliderTextLook.cellBytes, as: UInt16.self))
    }
    @inline(__always)
    public func glyphAdvance(_ glyph: Int) -> Int32 {
        Int32(truncatingIfNeeded: cells.loadUnaligned(fromByteOffset: glyph * SliderTextLook.cellBytes + 2, as: UInt16.self))
    }

    /// The width of `run` drawn from these glyphs.
    public func width(of run: SliderGlyphRun) -> Int32 {
        var width: Int32 = 0
        for index in 0..<run.count where Int(run[index]) < glyphCount {
            width &+= glyphAdvance(Int(run[index]))
        }
        return width
    }

    /// Glyph `glyph`'s cell in `glyphs`, `advance` wide from its start; nil for no glyph of
    /// the strip.
    func cell(of glyph: Int, advance: Int32) -> AlphaBitmap? {
        guard glyph >= 0, glyph < glyphCount, let glyphs, let pixels = glyphs.pixels.baseAddress else { return nil }
        let start = glyphStart(glyph)
        guard start &+ advance <= glyphs.width else { return nil }
        return AlphaBitmap(
            width: advance, height: glyphs.height, stride: glyphs.stride,
            pixels: UnsafeRawBufferPointer(start: pixels + Int(start), count: glyphs.pixels.count - Int(start)))
    }

    /// Whether every glyph of `a` has the place of `b`'s at the same index: as many glyphs,
    /// each pair as wide (a value's digits, usually). Then a new value only draws the glyphs
    /// that changed.
    public func sharePlaces(_ a: SliderGlyphRun, _ b: SliderGlyphRun) -> Bool {
        guard a.count == b.count else { return false }
        for index in 0..<a.count where a[index] != b[index] {
            let first = Int(a[index]), second = Int(b[index])
            guard first < glyphCount, second < glyphCount, glyphAdvance(first) == glyphAdvance(second) else { return false }
        }
        return true
    }

    /// Where the label and the value box go on a slider `rect` long along `orientation`
    /// (on a dial, both centred in its ring),
    /// `insetPx` in from its ends: on a horizontal slider the label at its start (left) and the
    /// value at its end (right), both centred across; on a vertical one the value at the top
    /// and the label at the bottom, both centred across.
    public static func places(
        rect: Rect, orientation: SliderOrientation, labelWidth: Int32, valueWidth: Int32, lineHeight: Int32, insetPx: Int32
    ) -> (label: Rect, valueBox: Rect) {
        switch orientation {
        case .arc:
            // In the middle of the ring, the label below the value.
            let y = rect.y + (rect.height - lineHeight) / 2
            return (Rect(x: rect.x + (rect.width - labelWidth) / 2, y: y + lineHeight, width: labelWidth, height: lineHeight),
                    Rect(x: rect.x + (rect.width - valueWidth) / 2, y: y, width: valueWidth, height: lineHeight))
        case .horizontal:
            let y = rect.y + (rect.height - lineHeight) / 2
            return (Rect(x: rect.x + insetPx, y: y, width: labelWidth, height: lineHeight),
                    Rect(x: rect.x + rect.width - insetPx - valueWidth, y: y, width: valueWidth, height: lineHeight))
        case .vertical:
            return (Rect(x: rect.x + (rect.width - labelWidth) / 2, y: rect.y + rect.height - insetPx - lineHeight,
                         width: labelWidth, height: lineHeight),
                    Rect(x: rect.x + (rect.width - valueWidth) / 2, y: rect.y + insetPx, width: valueWidth, height: lineHeight))
        }
    }
}

/// A slider's text colour over its fill and over its track at every coverage, in the display's
/// format (`CoveragePalette`): worked out when the slider's colours change (a press, a
/// release, disabled), not per report.
public struct SliderTextPalettes {
    public var overFill = CoveragePalette()
    public var overTrack = CoveragePalette()
    /// A dial's value glyphs through `overTrack` (the dial's background), when its owner gave
    /// memory for them: a turn then copies a changed digit's rows.
    public var paintedValue: PaintedGlyphs?

    public init() {}
}
