/// What a chart's paint left on screen: a new value that changes neither (the usual case: a
/// value into the newest bucket, the ends unchanged) repaints only the newest bucket's
/// columns and the value, not the whole chart.
public struct ChartDrawn: Equatable, Sendable {
    public var newestBucket: Int64?
    public var lowMilli: Int32
    public var highMilli: Int32
    public var olderChanges: UInt32
}

/// A chart's texts: the glyphs of its format (a slider's glyph table: digits, minus, point,
/// then the literals) rasterised once by the surface, and the format that writes a value
/// with them (`SliderValueFormat` over thousandths: minimum 0, step 1, 3 decimals).
public struct ChartTextLook {
    public let glyphs: SliderTextLook
    public let format: SliderValueFormat

    public init(glyphs: SliderTextLook, format: SliderValueFormat) {
        self.glyphs = glyphs
        self.format = format
    }

    /// The glyphs of `valueMilli` as the format writes it.
    public func run(_ valueMilli: Int32) -> SliderGlyphRun {
        format.glyphs(ofStep: valueMilli)
    }
}

extension FramebufferPainter {
    /// Paints chart `look` laid out by `spec`: whole, or with `previous` (what the last paint
    /// left) and the same newest bucket, ends and older buckets, only the newest bucket's columns and the
    /// newest value. Column by column, integer arithmetic only: each column shows one bucket
    /// (the plot's width shared among the points), its min-max band, and the mean as a line
    /// joined to the column before or as a bar from the bottom. Returns what is on screen, or
    /// nil (nothing written) when the buffer is too small.
    @discardableResult
    public func paintChart(
        _ look: ChartLook, spec: ChartSpec, previous: ChartDrawn?, text: ChartTextLook?, palette: inout CoveragePalette,
        in buffer: UnsafeMutableRawBufferPointer
    ) -> ChartDrawn? {
        guard let base = usableBase(of: buffer) else { return nil }
        let ring = look.ring
        let range = spec.range(of: ring)
        let drawn = ChartDrawn(newestBucket: ring.newestBucket, lowMilli: range.low, highMilli: range.high, olderChanges: look.olderChanges)
        let plot = spec.plot
        let width = Int(plot.width)
        let points = ring.points
        guard width > 0, points > 0 else { return drawn }
        let partial = previous == drawn
        // The first column of the newest bucket: the smallest c with c * points / width == points - 1.
        let firstColumn = partial ? ((points - 1) * width + points - 1) / points : 0
        let background = layout.format.encode(spec.background)
        let lineValue = layout.format.encode(spec.line)
        let bandValue = layout.format.encode(spec.band)
        fill(Rect(x: plot.x + Int32(firstColumn), y: plot.y, width: plot.width - Int32(firstColumn), height: plot.height), value: background, base: base)
        let bottom = plot.y + plot.height - 1
        let spanPx = Int64(plot.height - 1)
        let spanMilli = max(1, Int64(range.high) - Int64(range.low))
        @inline(__always) func y(_ milli: Int32) -> Int32 {
            let above = (Int64(milli) - Int64(range.low)) * spanPx / spanMilli
            return bottom - Int32(clamping: max(0, min(spanPx, above)))
        }
        var previousMean: Int32? = nil
        if firstColumn > 0, let bucket = ring.bucket(age: points - 1 - (firstColumn - 1) * points / width) {
            previousMean = y(bucket.meanMilli)
        }
        for column in firstColumn..<width {
            let x = plot.x + Int32(column)
            guard let bucket = ring.bucket(age: points - 1 - column * points / width) else {
                previousMean = nil
                continue
            }
            let high = y(bucket.maxMilli), low = y(bucket.minMilli), mean = y(bucket.meanMilli)
            switch spec.style {
            case .line:
                fill(Rect(x: x, y: high, width: 1, height: low - high + 1), value: bandValue, base: base)
                let from = min(mean, previousMean ?? mean), to = max(mean, previousMean ?? mean)
                // Two pixels thick where it is flat; clipped to the plot.
                let top = max(plot.y, from - 1)
                fill(Rect(x: x, y: top, width: 1, height: to - top + 1), value: lineValue, base: base)
            case .bars:
                if mean > high { fill(Rect(x: x, y: high, width: 1, height: mean - high), value: bandValue, base: base) }
                fill(Rect(x: x, y: mean, width: 1, height: bottom - mean + 1), value: lineValue, base: base)
            }
            previousMean = mean
        }
        if let text { paintChartTexts(ring: ring, spec: spec, range: range, whole: !partial, text: text, palette: &palette, base: base) }
        return drawn
    }

    /// The texts: the newest value at the top right (always), and when `whole` the upper end
    /// at the top left and the lower one at the bottom left.
    private func paintChartTexts(
        ring: ChartRing, spec: ChartSpec, range: (low: Int32, high: Int32), whole: Bool, text: ChartTextLook,
        palette: inout CoveragePalette, base: UnsafeMutableRawPointer
    ) {
        let plot = spec.plot
        let lineHeight = plot.y - spec.rect.y
        guard lineHeight > 0 else { return }
        palette.use(ButtonStyle.Colors(fill: spec.background, text: spec.text), in: layout.format)
        let top = Rect(x: spec.rect.x, y: spec.rect.y, width: spec.rect.width, height: lineHeight)
        let bottomLine = Rect(x: spec.rect.x, y: plot.y + plot.height, width: spec.rect.width, height: spec.rect.y + spec.rect.height - plot.y - plot.height)
        let background = layout.format.encode(spec.background)
        if whole {
            fill(top, value: background, base: base)
            fill(bottomLine, value: background, base: base)
            drawGlyphs(text.run(range.high), text: text.glyphs, x: top.x, y: top.y, clip: top, palette: &palette, base: base)
            drawGlyphs(text.run(range.low), text: text.glyphs, x: bottomLine.x, y: bottomLine.y, clip: bottomLine, palette: &palette, base: base)
        }
        // The value's half of the top line: cleared, then the newest value at its right.
        let valueBox = Rect(x: top.x + top.width / 2, y: top.y, width: top.width - top.width / 2, height: lineHeight)
        if !whole { fill(valueBox, value: background, base: base) }
        guard let last = ring.lastMilli else { return }
        let run = text.run(last)
        drawGlyphs(run, text: text.glyphs, x: valueBox.x + valueBox.width - text.glyphs.width(of: run), y: top.y, clip: valueBox, palette: &palette, base: base)
    }

    /// `run`'s glyphs from `x` along the line at `y`, blended over what is there, inside `clip`.
    private func drawGlyphs(
        _ run: SliderGlyphRun, text: SliderTextLook, x: Int32, y: Int32, clip: Rect, palette: inout CoveragePalette, base: UnsafeMutableRawPointer
    ) {
        guard let glyphs = text.glyphs, let pixels = glyphs.pixels.baseAddress,
            let visible = clip.clipped(to: layout.logicalBounds)
        else { return }
        var pen = x
        for index in 0..<run.count {
            let glyph = Int(run[index])
            guard glyph < text.glyphCount else { continue }
            let start = text.glyphStart(glyph), advance = text.glyphAdvance(glyph)
            let placed = Rect(x: pen, y: y + glyphs.top, width: advance, height: glyphs.height)
            pen &+= advance
            guard start &+ advance <= glyphs.width, let part = placed.clipped(to: visible),
                let cell = AlphaBitmap(
                    width: advance, height: glyphs.height, stride: glyphs.stride,
                    pixels: UnsafeRawBufferPointer(start: pixels + Int(start), count: glyphs.pixels.count - Int(start)))
            else { continue }
            blend(cell, placed: placed, clip: part, palette: &palette, base: base)
        }
    }
}
