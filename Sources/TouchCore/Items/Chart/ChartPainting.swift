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
        var painted: PaintedGlyphs? = nil
        return paintChart(look, spec: spec, previous: previous, text: text, palette: &palette, painted: &painted, in: buffer)
    }

    /// The same, its texts' glyphs copied from `painted` (their pixels through `palette`,
    /// worked out again when the colours change) where there is one: the texts stand on lines
    /// of their own over the chart's background, so a glyph's cell is the same pixels each
    /// time.
    @discardableResult
    public func paintChart(
        _ look: ChartLook, spec: ChartSpec, previous: ChartDrawn?, text: ChartTextLook?, palette: inout CoveragePalette,
        painted: inout PaintedGlyphs?, in buffer: UnsafeMutableRawBufferPointer
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
        // Column c shows the bucket (width - 1 - c) * points / width before the newest: the
        // last column the newest, so that a plot narrower than its points leaves out the
        // oldest. A partial paint starts at the newest bucket's first column.
        @inline(__always) func age(ofColumn column: Int) -> Int { (width &- 1 &- column) &* points / width }
        var firstColumn = 0
        if partial {
            firstColumn = width - 1
            while firstColumn > 0 && age(ofColumn: firstColumn - 1) == 0 { firstColumn -= 1 }
        }
        let background = layout.format.encode(spec.background)
        let lineValue = layout.format.encode(spec.line)
        let bandValue = layout.format.encode(spec.band)
        fill(Rect(x: plot.x + Int32(firstColumn), y: plot.y, width: plot.width - Int32(firstColumn), height: plot.height), value: background, base: base)
        // The plot's part on the screen, and where its top left pixel is: a column's pixels are
        // then one addition apart, in every rotation.
        guard let visible = plot.clipped(to: layout.logicalBounds), let origin = layout.byteOffset(x: visible.x, y: visible.y) else {
            return drawn
        }
        let steps = layout.logicalSteps
        // In plain Ints and wrapping arithmetic from here: every value is held far inside
        // Int64 (thousandths of Int32 times a plot's height), and a column costs a few
        // instructions and its pixels.
        let top = Int(visible.y), lastRow = Int(visible.y + visible.height - 1)
        let plotTop = Int(plot.y), bottom = Int(plot.y + plot.height - 1)
        let spanPx = bottom &- plotTop
        let low64 = Int(range.low)
        let spanMilli = max(1, Int(range.high) &- low64)
        @inline(__always) func y(_ milli: Int32) -> Int {
            let above = (Int(milli) &- low64) &* spanPx / spanMilli
            return bottom &- max(0, min(spanPx, above))
        }
        @inline(__always) func span(_ column: Int, from first: Int, to last: Int, _ value: UInt32) {
            let from = max(first, top), to = min(last, lastRow)
            guard from <= to else { return }
            columnSpan(at: column &+ (from &- top) &* steps.y, count: to &- from &+ 1, step: steps.y, value: value, base: base)
        }
        // The columns on the screen.
        let firstShown = max(firstColumn, Int(visible.x - plot.x))
        let endShown = min(width, Int(visible.x + visible.width - plot.x))
        guard firstShown < endShown else { return drawn }
        var previousMean: Int? = nil
        if firstShown > 0, let bucket = ring.bucket(age: age(ofColumn: firstShown &- 1)) {
            previousMean = y(bucket.meanMilli)
        }
        // A bucket two columns wide is read and scaled once. The columns' ages are stepped,
        // not divided out: (width - 1 - column) * points falls by `points` a column, and the
        // age is its quotient by `width` (`ageRest` the remainder). The next younger bucket is
        // in the next slot.
        var shownAge = -1
        var slot = 0
        var high = 0, low = 0, mean = 0, present = false
        var columnOffset = origin &+ (firstShown &- Int(visible.x - plot.x)) &* steps.x
        let firstProduct = (width &- 1 &- firstShown) &* points
        var columnAge = firstProduct / width, ageRest = firstProduct &- columnAge &* width
        for _ in firstShown..<endShown {
            defer {
                columnOffset &+= steps.x
                ageRest &-= points
                while ageRest < 0 {
                    ageRest &+= width
                    columnAge &-= 1
                }
            }
            if columnAge != shownAge {
                if slot >= 0 && shownAge >= 0 && columnAge == shownAge &- 1 {
                    slot = slot &+ 1 == points ? 0 : slot &+ 1
                } else {
                    slot = ring.slot(ofAge: columnAge) ?? -1
                }
                shownAge = columnAge
                if slot >= 0, let bucket = ring.bucket(inSlot: slot) {
                    high = y(bucket.maxMilli)
                    low = y(bucket.minMilli)
                    mean = y(bucket.meanMilli)
                    present = true
                } else {
                    present = false
                }
            }
            guard present else {
                previousMean = nil
                continue
            }
            switch spec.style {
            case .line:
                span(columnOffset, from: high, to: low, bandValue)
                let from = min(mean, previousMean ?? mean), to = max(mean, previousMean ?? mean)
                // Two pixels thick where it is flat; inside the plot.
                span(columnOffset, from: max(plotTop, from &- 1), to: to, lineValue)
            case .bars:
                span(columnOffset, from: high, to: mean &- 1, bandValue)
                span(columnOffset, from: mean, to: bottom, lineValue)
            }
            previousMean = mean
        }
        // Each end is written again only when it changed (a new bucket moves the plot, not them):
        // the texts stand on lines of their own, above and below the plot.
        if let text {
            paintChartTexts(
                ring: ring, spec: spec, range: range, high: previous.map { $0.highMilli != drawn.highMilli } ?? true,
                low: previous.map { $0.lowMilli != drawn.lowMilli } ?? true, text: text, palette: &palette, painted: &painted, base: base)
        }
        return drawn
    }

    /// `count` pixels of `value` from byte `offset` on, `step` bytes apart (a logical column:
    /// a store a pixel, without a rect's clipping and set-up for each column).
    @inline(__always)
    private func columnSpan(at offset: Int, count: Int, step: Int, value: UInt32, base: UnsafeMutableRawPointer) {
        var at = offset
        switch layout.format.bytesPerPixel {
        case 4:
            // Four pixels a turn: a bar is a hundred pixels tall.
            var left = count
            let pixel = value.littleEndian
            while left >= 4 {
                base.storeBytes(of: pixel, toByteOffset: at, as: UInt32.self)
                base.storeBytes(of: pixel, toByteOffset: at &+ step, as: UInt32.self)
                base.storeBytes(of: pixel, toByteOffset: at &+ 2 &* step, as: UInt32.self)
                base.storeBytes(of: pixel, toByteOffset: at &+ 3 &* step, as: UInt32.self)
                at &+= 4 &* step
                left &-= 4
            }
            while left > 0 {
                base.storeBytes(of: pixel, toByteOffset: at, as: UInt32.self)
                at &+= step
                left &-= 1
            }
        case 2:
            let half = UInt16(truncatingIfNeeded: value).littleEndian
            for _ in 0..<count {
                base.storeBytes(of: half, toByteOffset: at, as: UInt16.self)
                at &+= step
            }
        default:
            for _ in 0..<count {
                store(value, at: at, base: base)
                at &+= step
            }
        }
    }

    /// The texts: the newest value at the top right (always), the upper end at the top left
    /// when `high` (it changed, or nothing is on screen) and the lower one at the bottom left
    /// when `low`, each over its part of its line cleared.
    private func paintChartTexts(
        ring: ChartRing, spec: ChartSpec, range: (low: Int32, high: Int32), high: Bool, low: Bool, text: ChartTextLook,
        palette: inout CoveragePalette, painted: inout PaintedGlyphs?, base: UnsafeMutableRawPointer
    ) {
        let plot = spec.plot
        let lineHeight = plot.y - spec.rect.y
        guard lineHeight > 0 else { return }
        palette.use(ButtonStyle.Colors(fill: spec.background, text: spec.text), in: layout.format)
        let source = PaintedGlyphs.ready(&painted, for: text.glyphs.glyphs, through: &palette)
        let background = layout.format.encode(spec.background)
        // The top line's halves: the upper end's at the left, the newest value's at the right.
        let upperBox = Rect(x: spec.rect.x, y: spec.rect.y, width: spec.rect.width / 2, height: lineHeight)
        let valueBox = Rect(x: upperBox.x + upperBox.width, y: upperBox.y, width: spec.rect.width - upperBox.width, height: lineHeight)
        if high {
            fill(upperBox, value: background, base: base)
            drawGlyphs(text.run(range.high), text: text.glyphs, x: upperBox.x, y: upperBox.y, clip: upperBox, palette: &palette, painted: source, base: base)
        }
        if low {
            let bottomLine = Rect(
                x: spec.rect.x, y: plot.y + plot.height, width: spec.rect.width, height: spec.rect.y + spec.rect.height - plot.y - plot.height)
            fill(bottomLine, value: background, base: base)
            drawGlyphs(text.run(range.low), text: text.glyphs, x: bottomLine.x, y: bottomLine.y, clip: bottomLine, palette: &palette, painted: source, base: base)
        }
        fill(valueBox, value: background, base: base)
        guard let last = ring.lastMilli else { return }
        let run = text.run(last)
        drawGlyphs(run, text: text.glyphs, x: valueBox.x + valueBox.width - text.glyphs.width(of: run), y: valueBox.y, clip: valueBox, palette: &palette, painted: source, base: base)
    }

    /// `run`'s glyphs from `x` along the line at `y`, inside `clip`: copied from `painted` (over
    /// the background `palette` was worked out for), else blended over what is there.
    private func drawGlyphs(
        _ run: SliderGlyphRun, text: SliderTextLook, x: Int32, y: Int32, clip: Rect, palette: inout CoveragePalette,
        painted: PaintedGlyphs?, base: UnsafeMutableRawPointer
    ) {
        guard let glyphs = text.glyphs, let visible = clip.clipped(to: layout.logicalBounds) else { return }
        var pen = x
        for index in 0..<run.count {
            let glyph = Int(run[index])
            guard glyph < text.glyphCount else { continue }
            let start = text.glyphStart(glyph), advance = text.glyphAdvance(glyph)
            let placed = Rect(x: pen, y: y + glyphs.top, width: advance, height: glyphs.height)
            pen &+= advance
            guard let part = placed.clipped(to: visible), let cell = text.cell(of: glyph, advance: advance) else { continue }
            if let painted {
                copy(painted, column: start, placed: placed, clip: part, base: base)
            } else {
                blend(cell, placed: placed, clip: part, palette: &palette, base: base)
            }
        }
    }
}
