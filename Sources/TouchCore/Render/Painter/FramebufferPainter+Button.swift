/// A whole button, painted straight (frame, corners, label, layers) or from its prepared look: what items call to draw one.
extension FramebufferPainter {
    /// Draws a button: its state's fill, the border inside the rect, and the label centred in
    /// the rect, blended in the state's text colour over the fill and clipped to the area inside
    /// the border (so the blend's background is always the fill) and to the screen. The
    /// label's offset is half the spare space rounded down: an odd spare pixel ends up right
    /// and below, and a label wider than the rect loses one column more on the left than on
    /// the right. Rects whose far edge overflows `Int32` are not drawn. Returns false (writing
    /// nothing) when the buffer is too small.
    @discardableResult
    public func paintButton(
        rect: Rect, style: ButtonStyle, state: ButtonVisualState, label: AlphaBitmap?, layers: ButtonLayers = .none,
        in buffer: UnsafeMutableRawBufferPointer
    ) -> Bool {
        guard let base = usableBase(of: buffer) else { return false }
        paintWhole(rect: rect, style: style, state: state, label: label, layers: layers, screen: layout, shiftX: 0, shiftY: 0, base: base) {
            painter, label, placed, clip, colors, base in
            painter.blend(label, placed: placed, clip: clip, colors: colors, base: base)
        }
        return true
    }

    /// The same picture as `paintButton(label:)`, the label blended through `palette`, which
    /// is made this state's first (worked out again only when its colours or format changed):
    /// for a look painted again and again with new text, as a text item's value is.
    @discardableResult
    public func paintButton(
        rect: Rect, style: ButtonStyle, state: ButtonVisualState, label: AlphaBitmap?, layers: ButtonLayers = .none,
        palette: inout CoveragePalette, in buffer: UnsafeMutableRawBufferPointer
    ) -> Bool {
        guard let base = usableBase(of: buffer) else { return false }
        paintWhole(rect: rect, style: style, state: state, label: label, layers: layers, screen: layout, shiftX: 0, shiftY: 0, base: base) {
            painter, label, placed, clip, colors, base in
            palette.use(colors, in: painter.layout.format)
            painter.blend(label, placed: placed, clip: clip, palette: &palette, base: base)
        }
        return true
    }

    /// A button painted whole into `base` (laid out as this painter's layout): its frame, its
    /// rounded corners, its label (through `blendLabel`), sublabel and picture. `screen` and the
    /// shift say where this painter's pixels lie on the screen, for the corners' backdrop.
    func paintWhole(
        rect: Rect, style: ButtonStyle, state: ButtonVisualState, label: AlphaBitmap?, layers: ButtonLayers,
        screen: FramebufferLayout, shiftX: Int32, shiftY: Int32, base: UnsafeMutableRawPointer,
        blendLabel: (FramebufferPainter, AlphaBitmap, Rect, Rect, ButtonStyle.Colors, UnsafeMutableRawPointer) -> Void
    ) {
        let colors = style.colors(for: state)
        let inner = paintFrame(rect: rect, style: style, fill: colors.fill, base: base)
        if style.radiusPx > 0 && FramebufferPainter.isDrawn(rect) {
            paintCorners(
                rect: rect, style: style, fill: colors.fill, layers: layers, screen: screen, shiftX: shiftX, shiftY: shiftY, base: base)
        }
        guard let inner, let label else { return }
        if let place = labelPlacement(label, in: rect, inside: inner, style: style) {
            blendLabel(self, label, place.placed, place.clip, colors, base)
            if let colour = label.colour { blend(colour, placed: place.placed, clip: place.clip, fill: colors.fill, base: base) }
        }
        guard layers.hasContent else { return }
        let placed = layerPlacements(label: label, layers: layers, rect: rect, inside: inner, style: style)
        if let sublabel = layers.sublabel, let place = placed.sublabel {
            blend(sublabel, placed: place.placed, clip: place.clip, colors: ButtonStyle.Colors(fill: colors.fill, text: colors.subtext), base: base)
            if let colour = sublabel.colour { blend(colour, placed: place.placed, clip: place.clip, fill: colors.fill, base: base) }
        }
        if let picture = layers.picture, let place = placed.picture {
            blend(picture, placed: place.placed, clip: place.clip, fill: colors.fill, base: base)
        }
    }

    /// The same picture as `paintButton(label:)` from a look prepared once for this state
    /// (`prepare`): every physical row of the button is written from ordinary memory (a
    /// border row, or a middle row of border, fill and border), then the spans of its ink
    /// (label, sublabel, icon) are copied over it, then the ends of its rounded corners' rows
    /// (`PreparedButton.edges`). A repaint never blends and never reads the framebuffer. Where a pixel
    /// is 2 or 4 bytes and a row at least 16, a row is written as what `prepare` makes it, runs
    /// of one pixel (the border row's first; the middle row's first, its fill and its last),
    /// 16 bytes a store from a register: no load for each store and no call, as a copy needs.
    /// Otherwise each row is one copy. A
    /// `prepared` whose rows do not match the button on this layout is not trusted: the
    /// button is then filled plainly, without its label. Returns false (writing nothing) when
    /// the buffer is too small.
    @discardableResult
    public func paintButton(
        rect: Rect, style: ButtonStyle, state: ButtonVisualState, prepared: PreparedButton?,
        in buffer: UnsafeMutableRawBufferPointer
    ) -> Bool {
        guard let base = usableBase(of: buffer) else { return false }
        guard let p = visiblePhysicalRect(of: rect) else { return true }
        let bpp = layout.format.bytesPerPixel
        let rowBytes = Int(p.width) * bpp
        guard let prepared, prepared.rowBytes == rowBytes else {
            _ = paintFrame(rect: rect, style: style, fill: style.colors(for: state).fill, base: base)
            return true
        }
        // The physical rows that cross the inside of the border (none when it is all border or
        // its inside is off the screen), and the inside's columns within a row: for a button
        // wholly on the screen, its physical rect inset by the border (an inset is the same
        // at every rotation).
        let q = FramebufferPainter.isWhollyInside(rect, width: layout.logicalWidth, height: layout.logicalHeight)
            ? p.inset(by: style.borderWidth)
            : labelArea(of: rect, style: style).flatMap { layout.physicalRect(ofLogical: $0) }
        let rows = Int(p.height)
        let middle = FramebufferPainter.middleRows(of: p, inside: q)
        let stride = layout.strideBytes
        let top = base + Int(p.y) * stride + Int(p.x) * bpp
        // The spans, when they lie inside the button's visible part (so inside the screen);
        // each span is checked as it is painted.
        let ink = prepared.ink.flatMap { ink -> InkSpans? in
            let l = ink.physicalRect
            guard l.width > 0, l.height > 0, l.x >= p.x, l.y >= p.y, l.width <= p.width - (l.x - p.x),
                l.height <= p.height - (l.y - p.y)
            else { return nil }
            return ink
        }
        // The middle rows as runs (2 or 4 bytes a pixel, ends of at most 16 bytes, an inside
        // of at least 16): their three values, else nil and the rows are copied.
        var runsFit = (bpp == 2 || bpp == 4) && rowBytes >= 16
        var leftBytes = 0, insideBytes = 0
        if let q, !middle.isEmpty {
            leftBytes = Int(q.x - p.x) * bpp
            insideBytes = Int(q.width) * bpp
            runsFit = runsFit && leftBytes <= 16 && rowBytes - leftBytes - insideBytes <= 16 && insideBytes >= 16
        }
        if let runs = prepared.runs {
            // Kept as runs, but this layout cannot write them so: not trusted.
            guard runsFit else {
                _ = paintFrame(rect: rect, style: style, fill: style.colors(for: state).fill, base: base)
                return true
            }
            FramebufferPainter.storeRuns(
                border: FramebufferPainter.pattern(of: runs.border, bytes: bpp), left: FramebufferPainter.pattern(of: runs.left, bytes: bpp),
                fill: FramebufferPainter.pattern(of: runs.fill, bytes: bpp), right: FramebufferPainter.pattern(of: runs.right, bytes: bpp),
                at: top, rows: rows, middle: middle, stride: stride, rowBytes: rowBytes, leftBytes: leftBytes, insideBytes: insideBytes)
        } else {
            guard prepared.borderRow.count == rowBytes, prepared.middleRow.count == rowBytes,
                let borderRow = prepared.borderRow.baseAddress, let middleRow = prepared.middleRow.baseAddress
            else {
                _ = paintFrame(rect: rect, style: style, fill: style.colors(for: state).fill, base: base)
                return true
            }
            if runsFit {
                FramebufferPainter.storeRuns(
                    border: FramebufferPainter.repeated(pixelAt: borderRow, bytes: bpp),
                    left: FramebufferPainter.repeated(pixelAt: middleRow, bytes: bpp),
                    fill: FramebufferPainter.repeated(pixelAt: middleRow + leftBytes, bytes: bpp),
                    right: FramebufferPainter.repeated(pixelAt: middleRow + (rowBytes - bpp), bytes: bpp),
                    at: top, rows: rows, middle: middle, stride: stride, rowBytes: rowBytes, leftBytes: leftBytes, insideBytes: insideBytes)
            } else {
                var row = top
                for index in 0..<rows {
                    row.copyMemory(from: middle.contains(index) ? middleRow : borderRow, byteCount: rowBytes)
                    row += stride
                }
            }
        }
        if let ink {
            let l = ink.physicalRect
            FramebufferPainter.paint(ink, at: base + Int(l.y) * stride + Int(l.x) * bpp, stride: stride, bytesPerPixel: bpp)
        }
        // The edges last: a span padded to whole chunks may reach into one, with the plain
        // row's pixels that the block held there when it was encoded.
        if prepared.edgeRows > 0, 2 * prepared.edgeRows <= rows, let edges = prepared.edges.baseAddress,
            let chunks = prepared.edgeChunks.baseAddress
        {
            FramebufferPainter.paintEdges(
                edges, chunks: chunks, rows: prepared.edgeRows, bytes: prepared.edgeBytes, at: top, rowCount: rows,
                rowBytes: rowBytes, stride: stride)
        }
        return true
    }

    /// A look's edges (`PreparedButton.edges`) over the first and last `rows` of the button
    /// whose first row starts at `top`: of each end of each row, the chunks that differ from
    /// the plain row (`chunks`, one count for each row; at most `bytes / 16`), 16 bytes a load
    /// and a store (`init(look:)` checked that `bytes` is whole chunks, at most half a row and
    /// at most `PreparedButton.mostEdgeBytes`, 8 chunks). The four ends of a row (top and bottom, left and
    /// right) have the same count: one jump into a run of copies serves them all.
    @inline(never)
    private static func paintEdges(
        _ edges: UnsafeRawPointer, chunks: UnsafePointer<UInt8>, rows: Int, bytes: Int, at top: UnsafeMutableRawPointer,
        rowCount: Int, rowBytes: Int, stride: Int
    ) {
        var edgeFrom = edges
        var edgeUpper = top
        var edgeLower = top + (rowCount - 1) * stride
        let most = bytes &>> 4
        let half = 2 &* bytes
        for r in 0..<rows {
            let from = edgeFrom, upper = edgeUpper, lower = edgeLower
            /// Chunk `j` of each end, counted from the row's ends.
            @inline(__always) func chunk(_ j: Int) {
                @inline(__always) func copy(_ source: UnsafeRawPointer, _ target: UnsafeMutableRawPointer) {
                    target.storeBytes(of: source.load(as: SIMD4<UInt32>.self), as: SIMD4<UInt32>.self)
                }
                let left = 16 &* j, right = 16 &* (j &+ 1)
                copy(from + left, upper + left)
                copy(from + (half &- right), upper + (rowBytes &- right))
                copy(from + (half &+ left), lower + left)
                copy(from + (2 &* half &- right), lower + (rowBytes &- right))
            }
            switch min(Int(chunks[r]), most) {
            case 8: chunk(7); fallthrough
            case 7: chunk(6); fallthrough
            case 6: chunk(5); fallthrough
            case 5: chunk(4); fallthrough
            case 4: chunk(3); fallthrough
            case 3: chunk(2); fallthrough
            case 2: chunk(1); fallthrough
            case 1: chunk(0)
            default: break
            }
            edgeFrom += 2 &* half
            edgeUpper += stride
            edgeLower -= stride
        }
    }

    /// The spans of a prepared look, from `first` (the spans' first pixel on the screen), in
    /// the order they were made. A span reaching past its rect or its data is skipped.
    private static func paint(_ ink: InkSpans, at first: UnsafeMutableRawPointer, stride: Int, bytesPerPixel bpp: Int) {
        let widthBytes = Int(ink.physicalRect.width) &* bpp
        if ink.chunked {
            paintChunks(ink, at: first, stride: stride, widthBytes: widthBytes)
        } else {
            paintAny(ink, at: first, stride: stride, widthBytes: widthBytes, bytesPerPixel: bpp)
        }
    }
}
