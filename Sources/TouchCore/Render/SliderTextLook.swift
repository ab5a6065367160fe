/// A slider's label and value text as its surface prepared them at start: the label's
/// coverage, each glyph its value format can write rasterised once side by side, and where
/// both go on the slider. Drawing a new value is then a lookup per pixel from these, without
/// FreeType. A borrowed view: the surface owns the memory and keeps it alive while it is used.
public struct SliderTextLook {
    /// The most glyphs a format can use: the digits, minus, point and the literals.
    public static let glyphCapacity = 48

    /// The glyphs side by side, each in a cell one line tall: glyph g from column
    /// `glyphStart(g)`, `glyphAdvance(g)` wide (its advance: the next one starts there).
    public let glyphs: AlphaBitmap?
    /// Kept as 16 bits (a cell starts within a few thousand pixels): the look is read at each
    /// repaint, and half the bytes are half the copying.
    private var glyphStartsStorage = InlineArray<48, UInt16>(repeating: 0)
    private var glyphAdvancesStorage = InlineArray<48, UInt16>(repeating: 0)
    public private(set) var glyphCount = 0
    public let label: AlphaBitmap?
    /// Where the label is drawn, in logical pixels (it may reach outside the slider: it is
    /// clipped to it).
    public let labelRect: Rect
    /// Where the value is drawn: a box as wide as the widest value, the text in it at its
    /// end (right-aligned on a horizontal slider, centred on a vertical one).
    public let valueBox: Rect
    public let valueCentred: Bool

    /// Without glyphs yet: `addGlyph` adds each, in the order of the glyph table.
    public init(glyphs: AlphaBitmap?, label: AlphaBitmap?, labelRect: Rect, valueBox: Rect, valueCentred: Bool) {
        self.glyphs = glyphs
        self.label = label
        self.labelRect = labelRect
        self.valueBox = valueBox
        self.valueCentred = valueCentred
    }

    /// The next glyph's cell in `glyphs`; false (adding nothing) past `glyphCapacity`. A cell
    /// not inside the bitmap is drawn as nothing.
    @discardableResult
    public mutating func addGlyph(start: Int32, advance: Int32) -> Bool {
        guard glyphCount < SliderTextLook.glyphCapacity else { return false }
        let fits = start >= 0 && advance >= 0 && start <= 0xFFFF && advance <= 0xFFFF && start &+ advance <= (glyphs?.width ?? 0)
        glyphStartsStorage[glyphCount] = fits ? UInt16(truncatingIfNeeded: start) : 0
        glyphAdvancesStorage[glyphCount] = fits ? UInt16(truncatingIfNeeded: advance) : 0
        glyphCount += 1
        return true
    }

    /// Where glyph `glyph` (below `glyphCount`) starts in `glyphs`, and how wide its cell is.
    @inline(__always)
    public func glyphStart(_ glyph: Int) -> Int32 { Int32(truncatingIfNeeded: glyphStartsStorage.span[glyph]) }
    @inline(__always)
    public func glyphAdvance(_ glyph: Int) -> Int32 { Int32(truncatingIfNeeded: glyphAdvancesStorage.span[glyph]) }

    /// The width of `run` drawn from these glyphs.
    public func width(of run: SliderGlyphRun) -> Int32 {
        var width: Int32 = 0
        for index in 0..<run.count where Int(run[index]) < glyphCount {
            width &+= glyphAdvance(Int(run[index]))
        }
        return width
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

    /// Where the label and the value box go on a slider `rect` long along `orientation`,
    /// `insetPx` in from its ends: on a horizontal slider the label at its start (left) and the
    /// value at its end (right), both centred across; on a vertical one the value at the top
    /// and the label at the bottom, both centred across.
    public static func places(
        rect: Rect, orientation: SliderOrientation, labelWidth: Int32, valueWidth: Int32, lineHeight: Int32, insetPx: Int32
    ) -> (label: Rect, valueBox: Rect) {
        switch orientation {
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
public struct SliderTextPalettes: Sendable {
    public var overFill = CoveragePalette()
    public var overTrack = CoveragePalette()

    public init() {}
}
