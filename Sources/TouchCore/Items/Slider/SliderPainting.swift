extension FramebufferPainter {
    /// Paints a slider: with `previous` (what is on screen, differing only in the value) just
    /// the span between the two values and both knobs, else the whole slider. A drag repaints a
    /// few columns per report, not the rect. Where the track runs along the screen's rows, one
    /// row of the span is composed in `scratch` (ordinary memory, at least the slider's length
    /// in pixels) and copied down the rows: a span is a few pixels wide and as tall as the
    /// slider, and three fills of it would pay a row's set-up three times for each of those
    /// rows. Returns false (writing nothing) when the buffer is too small.
    ///
    /// With `text` (a label or a value format), the label is blended again where the span
    /// crossed it, the value's box is painted again when its text changed or the span crossed
    /// it, and the knob is drawn over both; `palettes` hold the text colour over the fill and
    /// over the track. A dial is painted from its band's pixels, `dialPixels`: without them
    /// nothing is written.
    @discardableResult
    public func paintSlider(
        _ look: SliderLook, previous: SliderLook?, scratch: UnsafeMutableRawBufferPointer? = nil, dialPixels: DialPixels? = nil,
        text: SliderTextLook, palettes: inout SliderTextPalettes, in buffer: UnsafeMutableRawBufferPointer
    ) -> Bool {
        if look.dial != nil {
            guard let dialPixels else { return false }
            return paintDial(look, previous: previous, pixels: dialPixels, text: text, palettes: &palettes, in: buffer)
        }
        let whole = previous.map { !$0.differsOnlyInValue(from: look) } ?? true
        guard let span = paintTrack(look, previous: whole ? nil : previous, scratch: scratch, in: buffer) else { return false }
        guard let base = usableBase(of: buffer), !span.isEmpty || previous?.valueText != look.valueText else {
            return true
        }
        palettes.overFill.use(ButtonStyle.Colors(fill: look.fill, text: look.text), in: layout.format)
        palettes.overTrack.use(ButtonStyle.Colors(fill: look.track, text: look.text), in: layout.format)
        let spanRect = look.rect(along: span)
        let slider = look.rect.clipped(to: layout.logicalBounds)
        var knobUnder = false
        if let label = text.label, let placed = slider.flatMap({ text.labelRect.clipped(to: $0) }),
            let clip = whole ? placed : placed.clipped(to: spanRect)
        {
            blendOverSlider(label, placed: text.labelRect, clip: clip, look: look, palettes: &palettes, base: base)
            knobUnder = knobUnder || look.rect(along: look.knobSpan).clipped(to: clip) != nil
        }
        if let box = slider.flatMap({ text.valueBox.clipped(to: $0) }) {
            if let previous, !whole, text.sharePlaces(previous.valueText, look.valueText) {
                // Usually one digit changed: only the glyphs that differ, each cell written
                // whole; and where the span crossed the box (the track painted over the text
                // there), the text blended again over it.
                if previous.valueText != look.valueText {
                    drawValue(look.valueText, over: previous.valueText, text: text, box: box, look: look, palettes: &palettes, base: base)
                }
                if let crossed = box.clipped(to: spanRect) {
                    drawValue(look.valueText, over: nil, text: text, box: crossed, look: look, palettes: &palettes, base: base)
                }
            } else {
                // The old text goes: the box's background as the track shows it now.
                if !whole { fillBackground(box, look: look, base: base) }
                drawValue(look.valueText, over: nil, text: text, box: box, look: look, palettes: &palettes, base: base)
            }
            knobUnder = knobUnder || look.rect(along: look.knobSpan).clipped(to: box) != nil
        }
        // The knob over the text.
        if knobUnder { fill(look.rect(along: look.knobSpan), value: layout.format.encode(look.knob), base: base) }
        return true
    }

    /// Paints a slider without text (`paintSlider` above, with nothing to blend).
    @discardableResult
    public func paintSlider(
        _ look: SliderLook, previous: SliderLook?, scratch: UnsafeMutableRawBufferPointer? = nil, dialPixels: DialPixels? = nil,
        in buffer: UnsafeMutableRawBufferPointer
    ) -> Bool {
        if look.dial != nil {
            guard let dialPixels else { return false }
            var palettes = SliderTextPalettes()
            return paintDial(look, previous: previous, pixels: dialPixels, text: nil, palettes: &palettes, in: buffer)
        }
        let onScreen = previous.flatMap { $0.differsOnlyInValue(from: look) ? $0 : nil }
        return paintTrack(look, previous: onScreen, scratch: scratch, in: buffer) != nil
    }

    /// The track, the fill and the knob over `span` (the whole track without `previous`, else
    /// the part between the two values; the callers pass a `previous` only when it differs in
    /// its value alone): the span painted, or nil (nothing written) when the buffer is too small.
    private func paintTrack(
        _ look: SliderLook, previous: SliderLook?, scratch: UnsafeMutableRawBufferPointer?, in buffer: UnsafeMutableRawBufferPointer
    ) -> Range<Int32>? {
        var span: Range<Int32> = 0..<look.length
        if let previous {
            let old = previous.knobSpan, new = look.knobSpan
            let low = min(min(previous.fillPixels, look.fillPixels), min(old.lowerBound, new.lowerBound))
            let high = max(max(previous.fillPixels, look.fillPixels), max(old.upperBound, new.upperBound))
            guard low < high else { return 0..<0 }
            span = low..<high
        }
        let filled = span.clamped(to: span.lowerBound..<max(span.lowerBound, min(look.fillPixels, span.upperBound)))
        let rest = span.clamped(to: min(max(look.fillPixels, span.lowerBound), span.upperBound)..<span.upperBound)
        let knob = look.knobSpan.clamped(to: span)
        if let scratch, let base = usableBase(of: buffer),
            paintComposedRows(look, span: span, filled: filled, rest: rest, knob: knob, scratch: scratch, base: base)
        {
            return span
        }
        // The knob last, over the other two.
        if !filled.isEmpty, !fill(look.rect(along: filled), look.fill, in: buffer) { return nil }
        if !rest.isEmpty, !fill(look.rect(along: rest), look.track, in: buffer) { return nil }
        if !knob.isEmpty, !fill(look.rect(along: knob), look.knob, in: buffer) { return nil }
        return span
    }

    /// Blends the part `clip` (inside the slider and the screen) of `bitmap` placed at `placed`
    /// over what the track shows there: through the fill's palette where the value covers it,
    /// the track's beyond.
    private func blendOverSlider(
        _ bitmap: AlphaBitmap, placed: Rect, clip: Rect, look: SliderLook, palettes: inout SliderTextPalettes,
        base: UnsafeMutableRawPointer, overwriting: Bool = false
    ) {
        if let part = clip.clipped(to: look.rect(along: 0..<look.fillPixels)) {
            blend(bitmap, placed: placed, clip: part, palette: &palettes.overFill, base: base, overwriting: overwriting)
        }
        if let part = clip.clipped(to: look.rect(along: look.fillPixels..<look.length)) {
            blend(bitmap, placed: placed, clip: part, palette: &palettes.overTrack, base: base, overwriting: overwriting)
        }
    }

    /// The value's glyphs in `box` (the value box, clipped to the slider and the screen): at
    /// the box's end, or centred in it. Without `previous`, every glyph over the background
    /// already there; with it (a run whose glyphs have the same places), only the glyphs that
    /// differ from it, each cell written whole (its background too).
    private func drawValue(
        _ run: SliderGlyphRun, over previous: SliderGlyphRun?, text: SliderTextLook, box: Rect, look: SliderLook,
        palettes: inout SliderTextPalettes, base: UnsafeMutableRawPointer
    ) {
        drawValue(run, over: previous, text: text, box: box) { cell, placed, clip, overwriting, _ in
            blendOverSlider(cell, placed: placed, clip: clip, look: look, palettes: &palettes, base: base, overwriting: overwriting)
        }
    }

    /// The value's glyphs in `box`, each cell handed to `blendCell` (the bitmap, where it is
    /// placed, the part of it to write, whether its background is written too, and the
    /// column of the strip where its cell starts).
    func drawValue(
        _ run: SliderGlyphRun, over previous: SliderGlyphRun?, text: SliderTextLook, box: Rect,
        blendCell: (AlphaBitmap, Rect, Rect, Bool, Int32) -> Void
    ) {
        guard let glyphs = text.glyphs else { return }
        let width = text.width(of: run)
        var pen = text.valueCentred
            ? text.valueBox.x + (text.valueBox.width - width) / 2 : text.valueBox.x + text.valueBox.width - width
        // The bitmap holds the rows where some glyph has ink: the rows above and below are
        // the background in every glyph, so a cell written whole need not write them.
        let top = text.valueBox.y + glyphs.top
        for index in 0..<run.count {
            let glyph = Int(run[index])
            guard glyph < text.glyphCount else { continue }
            let advance = text.glyphAdvance(glyph)
            let placed = Rect(x: pen, y: top, width: advance, height: glyphs.height)
            pen &+= advance
            if let previous, previous[index] == run[index] { continue }
            guard let clip = placed.clipped(to: box), let cell = text.cell(of: glyph, advance: advance) else { continue }
            // A changed glyph's cell is written whole, its background through the palettes.
            blendCell(cell, placed, clip, previous != nil, text.glyphStart(glyph))
        }
    }

    /// `rect` (inside the slider and the screen) as the track shows it: the fill up to the
    /// value, the track beyond.
    private func fillBackground(_ rect: Rect, look: SliderLook, base: UnsafeMutableRawPointer) {
        if let part = rect.clipped(to: look.rect(along: 0..<look.fillPixels)) { fill(part, value: layout.format.encode(look.fill), base: base) }
        if let part = rect.clipped(to: look.rect(along: look.fillPixels..<look.length)) {
            fill(part, value: layout.format.encode(look.track), base: base)
        }
    }

    /// The span's physical rect written row by row from one row composed in `scratch`; false
    /// (nothing written) where the track does not run along the screen's rows, the span is not
    /// wholly on the screen, or `scratch` is too small: the caller fills the parts instead.
    private func paintComposedRows(
        _ look: SliderLook, span: Range<Int32>, filled: Range<Int32>, rest: Range<Int32>, knob: Range<Int32>,
        scratch: UnsafeMutableRawBufferPointer, base: UnsafeMutableRawPointer
    ) -> Bool {
        let bpp = layout.format.bytesPerPixel
        // Which way the track runs on the screen: along its rows, forwards or backwards (the
        // track of a vertical slider starts at its bottom).
        let forwards: Bool
        switch (look.orientation, layout.rotation) {
        case (.horizontal, .degrees0), (.vertical, .degrees90): forwards = true
        case (.horizontal, .degrees180), (.vertical, .degrees270): forwards = false
        case (.horizontal, .degrees90), (.horizontal, .degrees270), (.vertical, .degrees0), (.vertical, .degrees180), (.arc, _):
            return false
        }
        guard bpp == 2 || bpp == 4, let whole = layout.physicalRect(ofLogical: look.rect(along: span)),
            whole.width == Int32(span.count)
        else { return false }
        let rowBytes = Int(whole.width) * bpp
        guard rowBytes >= 16, scratch.count >= rowBytes, let row = scratch.baseAddress else { return false }
        // The knob last, over the other two.
        compose(filled, of: span, forwards: forwards, look.fill, into: row)
        compose(rest, of: span, forwards: forwards, look.track, into: row)
        compose(knob, of: span, forwards: forwards, look.knob, into: row)
        FramebufferPainter.copyRows(
            from: UnsafeRawPointer(row), to: base + Int(whole.y) * layout.strideBytes + Int(whole.x) * bpp,
            count: Int(whole.height), stride: layout.strideBytes, byteCount: rowBytes)
        return true
    }

    /// One part's pixels in the row composed for `span`.
    @inline(__always)
    private func compose(_ part: Range<Int32>, of span: Range<Int32>, forwards: Bool, _ color: RGBColor, into row: UnsafeMutableRawPointer) {
        guard !part.isEmpty else { return }
        let bpp = layout.format.bytesPerPixel
        let value = layout.format.encode(color)
        let start = forwards ? part.lowerBound - span.lowerBound : span.upperBound - part.upperBound
        var at = row + Int(start) * bpp
        for _ in 0..<part.count {
            if bpp == 4 {
                at.storeBytes(of: value.littleEndian, as: UInt32.self)
            } else {
                at.storeBytes(of: UInt16(truncatingIfNeeded: value).littleEndian, as: UInt16.self)
            }
            at += bpp
        }
    }

    /// `byteCount` (at least 16) bytes from `source` into `count` rows `stride` apart, 16 bytes
    /// a store, the last 16 overlapping what came before. A row of at most 128 bytes (a drag's
    /// usual span) is loaded into registers once and only stored in each row.
    @inline(never)
    private static func copyRows(from source: UnsafeRawPointer, to first: UnsafeMutableRawPointer, count: Int, stride: Int, byteCount: Int) {
        let last = byteCount - 16
        var row = first
        if byteCount <= 64 {
            let second = min(16, last), third = min(32, last)
            let a = source.loadUnaligned(as: SIMD4<UInt32>.self)
            let b = source.loadUnaligned(fromByteOffset: second, as: SIMD4<UInt32>.self)
            let c = source.loadUnaligned(fromByteOffset: third, as: SIMD4<UInt32>.self)
            let d = source.loadUnaligned(fromByteOffset: last, as: SIMD4<UInt32>.self)
            for _ in 0..<count {
                row.storeBytes(of: a, as: SIMD4<UInt32>.self)
                (row + second).storeBytes(of: b, as: SIMD4<UInt32>.self)
                (row + third).storeBytes(of: c, as: SIMD4<UInt32>.self)
                (row + last).storeBytes(of: d, as: SIMD4<UInt32>.self)
                row += stride
            }
            return
        }
        if byteCount <= 128 {
            // A span of two steps and the knob: still in registers, eight of them.
            let o1 = min(16, last), o2 = min(32, last), o3 = min(48, last), o4 = min(64, last), o5 = min(80, last)
            let o6 = min(96, last)
            let a = source.loadUnaligned(as: SIMD4<UInt32>.self)
            let b = source.loadUnaligned(fromByteOffset: o1, as: SIMD4<UInt32>.self)
            let c = source.loadUnaligned(fromByteOffset: o2, as: SIMD4<UInt32>.self)
            let d = source.loadUnaligned(fromByteOffset: o3, as: SIMD4<UInt32>.self)
            let e = source.loadUnaligned(fromByteOffset: o4, as: SIMD4<UInt32>.self)
            let f = source.loadUnaligned(fromByteOffset: o5, as: SIMD4<UInt32>.self)
            let g = source.loadUnaligned(fromByteOffset: o6, as: SIMD4<UInt32>.self)
            let h = source.loadUnaligned(fromByteOffset: last, as: SIMD4<UInt32>.self)
            for _ in 0..<count {
                row.storeBytes(of: a, as: SIMD4<UInt32>.self)
                (row + o1).storeBytes(of: b, as: SIMD4<UInt32>.self)
                (row + o2).storeBytes(of: c, as: SIMD4<UInt32>.self)
                (row + o3).storeBytes(of: d, as: SIMD4<UInt32>.self)
                (row + o4).storeBytes(of: e, as: SIMD4<UInt32>.self)
                (row + o5).storeBytes(of: f, as: SIMD4<UInt32>.self)
                (row + o6).storeBytes(of: g, as: SIMD4<UInt32>.self)
                (row + last).storeBytes(of: h, as: SIMD4<UInt32>.self)
                row += stride
            }
            return
        }
        for _ in 0..<count {
            var offset = 0
            while offset < last {
                (row + offset).storeBytes(of: source.loadUnaligned(fromByteOffset: offset, as: SIMD4<UInt32>.self), as: SIMD4<UInt32>.self)
                offset += 16
            }
            (row + last).storeBytes(of: source.loadUnaligned(fromByteOffset: last, as: SIMD4<UInt32>.self), as: SIMD4<UInt32>.self)
            row += stride
        }
    }
}
