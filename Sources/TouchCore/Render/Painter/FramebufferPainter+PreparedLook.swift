/// A button's look prepared once (`PreparedButton`): its rows, its ink as spans and its corners' edges, so a repaint never blends.
extension FramebufferPainter {
    /// The bytes `prepare` needs for this button: a header, two physical rows of its visible
    /// part, and room to paint the block its ink lies in and encode it (`InkSpans`). The look
    /// it makes takes fewer (`PreparedButton.byteCount`). 0 when no part of the button shows.
    public func preparedByteCount(label: AlphaBitmap?, layers: ButtonLayers = .none, rect: Rect, style: ButtonStyle) -> Int {
        guard let p = visiblePhysicalRect(of: rect) else { return 0 }
        let bpp = layout.format.bytesPerPixel
        var bytes = PreparedButton.aligned16(PreparedButton.headerBytes + 2 * Int(p.width) * bpp)
        if let block = inkBlock(of: label, layers: layers, rect: rect, style: style) {
            let width = Int(block.physical.width)
            let height = Int(block.physical.height)
            bytes += PreparedButton.aligned16(width * height * bpp)
                + PreparedButton.aligned16(InkSpans.spanBytes * height * InkSpans.mostSpans(inRowOf: width))
                + PreparedButton.aligned16(InkSpans.mostDataBytes(widthPx: width, heightPx: height, bytesPerPixel: bpp))
            let edges = cornerEdges(of: rect, style: style, visible: p, block: block.physical)
            bytes += 4 * edges.rows * edges.bytes
        }
        return bytes
    }

    /// Where a look's spans can lie: the visible part of its label, sublabel and picture, and
    /// with rounded corners the whole visible button (logical, and physical); nil when none of
    /// it shows, or it is too wide for a span's 15 bits.
    private func inkBlock(of label: AlphaBitmap?, layers: ButtonLayers, rect: Rect, style: ButtonStyle)
        -> (logical: Rect, physical: Rect)?
    {
        var block: Rect?
        func add(_ clip: Rect?) {
            guard let clip else { return }
            block = block.map { $0.union(clip) } ?? clip
        }
        if let label, let inner = labelArea(of: rect, style: style) {
            add(labelPlacement(label, in: rect, inside: inner, style: style)?.clip)
            if layers.hasContent {
                let placed = layerPlacements(label: label, layers: layers, rect: rect, inside: inner, style: style)
                add(placed.sublabel?.clip)
                add(placed.picture?.clip)
            }
        }
        if FramebufferPainter.radiusPx(of: rect, style: style) > 0 && FramebufferPainter.isDrawn(rect) {
            add(rect.clipped(to: layout.logicalBounds))
        }
        guard let block, let physical = layout.physicalRect(ofLogical: block), physical.width <= 0x7FFF else { return nil }
        return (block, physical)
    }

    /// The physical rows of a button's visible part `p` that cross the inside of its border
    /// (`q`, physical; none when there is no inside), counted from `p`'s first row.
    static func middleRows(of p: Rect, inside q: Rect?) -> Range<Int> {
        let rows = Int(p.height)
        guard let q else { return 0..<0 }
        let first = min(max(0, Int(q.y) - Int(p.y)), rows)
        return first..<min(max(first, Int(q.y) - Int(p.y) + Int(q.height)), rows)
    }

    /// Prepares a button's look in `state` once, into `memory` (at least `preparedByteCount`
    /// bytes): its border row, its middle row, and what differs from them (its corners, its
    /// label, sublabel and picture) as spans. Painted with `paintButton(prepared:)`, they give
    /// exactly the pixels of `paintButton(label:layers:)`. Nil when no part of the button shows
    /// or `memory` is too small. The result borrows `memory`.
    public func prepare(
        label: AlphaBitmap?, layers: ButtonLayers = .none, rect: Rect, style: ButtonStyle, state: ButtonVisualState,
        into memory: UnsafeMutableRawBufferPointer
    ) -> PreparedButton? {
        prepare(label: label, layers: layers, rect: rect, style: style, state: state, into: memory) {
            painter, label, placed, clip, colors, base in
            painter.blend(label, placed: placed, clip: clip, colors: colors, base: base)
        }
    }

    /// `prepare`, the label blended through `palette`, made this state's first (worked out
    /// again only when its colours or format changed): for looks prepared again and again, as
    /// a page's are each time it is shown.
    public func prepare(
        label: AlphaBitmap?, layers: ButtonLayers = .none, rect: Rect, style: ButtonStyle, state: ButtonVisualState,
        palette: inout CoveragePalette, into memory: UnsafeMutableRawBufferPointer
    ) -> PreparedButton? {
        palette.use(style.colors(for: state), in: layout.format)
        return prepare(label: label, layers: layers, rect: rect, style: style, state: state, into: memory) {
            painter, label, placed, clip, _, base in
            painter.blend(label, placed: placed, clip: clip, palette: &palette, base: base)
        }
    }

    /// Both `prepare`s: the button is painted whole (`paintWhole`, the label through
    /// `blendLabel`) into a block of its own covering where its ink can lie, which is then
    /// encoded in place against the rows a repaint writes first (`InkSpans.encode`), its empty
    /// rows above and below dropped, and the tables moved down after the spans' pixels. The
    /// look is the first `byteCount` bytes of `memory`.
    private func prepare(
        label: AlphaBitmap?, layers: ButtonLayers, rect: Rect, style: ButtonStyle, state: ButtonVisualState,
        into memory: UnsafeMutableRawBufferPointer,
        blendLabel: (FramebufferPainter, AlphaBitmap, Rect, Rect, ButtonStyle.Colors, UnsafeMutableRawPointer) -> Void
    ) -> PreparedButton? {
        guard let p = visiblePhysicalRect(of: rect),
            memory.count >= preparedByteCount(label: label, layers: layers, rect: rect, style: style), let base = memory.baseAddress,
            Int(bitPattern: base) & 15 == 0,
            let rows = FramebufferLayout(physicalWidth: p.width, physicalHeight: 2, format: layout.format)
        else { return nil }
        let colors = style.colors(for: state)
        let fillValue = layout.format.encode(colors.fill)
        // The two rows as a two-row framebuffer of their own: the border row on top, the
        // middle row below with the fill across the inside. A button without a border has
        // the fill everywhere; one that is all border, the border everywhere.
        let rowsBase = base + PreparedButton.headerBytes
        let rowPainter = FramebufferPainter(layout: rows)
        rowPainter.fill(rows.logicalBounds, value: style.borderWidth > 0 ? layout.format.encode(style.border) : fillValue, base: rowsBase)
        let q = labelArea(of: rect, style: style).flatMap { layout.physicalRect(ofLogical: $0) }
        if let q {
            rowPainter.fill(Rect(x: q.x - p.x, y: 1, width: q.width, height: 1), value: fillValue, base: rowsBase)
        }
        let rowBytes = rows.strideBytes
        let header = base.assumingMemoryBound(to: UInt32.self)
        var edges = (rows: 0, bytes: 0)
        let rowsEnd = PreparedButton.headerBytes + 2 * rowBytes
        // Rows a repaint writes as runs are kept as their four pixels (`PreparedButton.runs`):
        // 2 or 4 bytes a pixel, and where there are middle rows, ends of at most 16 bytes and an
        // inside of at least 16 (as `paintButton(prepared:)` decides).
        let bpp = layout.format.bytesPerPixel
        var asRuns = (bpp == 2 || bpp == 4) && rowBytes >= 16
        var leftBytes = 0
        if let q, !FramebufferPainter.middleRows(of: p, inside: q).isEmpty {
            leftBytes = Int(q.x - p.x) * bpp
            let insideBytes = Int(q.width) * bpp
            asRuns = asRuns && leftBytes <= 16 && rowBytes - leftBytes - insideBytes <= 16 && insideBytes >= 16
        }
        func finish(ink: Rect, spanCount: Int, dataBytes: Int, byteCount laidOut: Int, chunked: Bool = false) -> PreparedButton? {
            var byteCount = laidOut
            if asRuns {
                // The edges, the spans and their pixels moved down after the four pixels, in
                // that order, each to where `PreparedButton(look:)` finds it.
                func pixel(_ at: UnsafeRawPointer) -> UInt32 {
                    bpp == 4 ? at.loadUnaligned(as: UInt32.self) : UInt32(at.loadUnaligned(as: UInt16.self))
                }
                let middleRow = UnsafeRawPointer(rowsBase + rowBytes)
                let runs = (pixel(rowsBase), pixel(middleRow), pixel(middleRow + leftBytes), pixel(middleRow + (rowBytes - bpp)))
                let edgesBytes = 4 * edges.rows * edges.bytes + edges.rows
                let edgesFrom = edges.rows > 0 ? PreparedButton.aligned16(rowsEnd) : rowsEnd
                let runsEnd = PreparedButton.headerBytes + PreparedButton.runsBytes
                let edgesTo = edges.rows > 0 ? PreparedButton.aligned16(runsEnd) : runsEnd
                (base + edgesTo).copyMemory(from: base + edgesFrom, byteCount: edgesBytes)
                byteCount = edgesTo + edgesBytes
                if spanCount > 0 {
                    let spansFrom = PreparedButton.aligned(edgesFrom + edgesBytes)
                    let spansTo = PreparedButton.aligned(edgesTo + edgesBytes)
                    (base + spansTo).copyMemory(from: base + spansFrom, byteCount: InkSpans.spanBytes * spanCount)
                    let dataFrom = PreparedButton.aligned16(spansFrom + InkSpans.spanBytes * spanCount)
                    let dataTo = PreparedButton.aligned16(spansTo + InkSpans.spanBytes * spanCount)
                    (base + dataTo).copyMemory(from: base + dataFrom, byteCount: dataBytes)
                    byteCount = dataTo + dataBytes
                }
                let values = rowsBase.assumingMemoryBound(to: UInt32.self)
                values[0] = runs.0
                values[1] = runs.1
                values[2] = runs.2
                values[3] = runs.3
            }
            header[8] = UInt32(edges.rows)
            header[9] = UInt32(edges.bytes)
            header[10] = (chunked ? 1 : 0) | (asRuns ? PreparedButton.runsFlag : 0)
            header[11] = 0
            header[0] = UInt32(rowBytes)
            header[1] = UInt32(bitPattern: ink.x)
            header[2] = UInt32(bitPattern: ink.y)
            header[3] = UInt32(bitPattern: ink.width)
            header[4] = UInt32(bitPattern: ink.height)
            header[5] = UInt32(spanCount)
            header[6] = UInt32(dataBytes)
            header[7] = UInt32(byteCount)
            return PreparedButton(look: UnsafeRawBufferPointer(start: base, count: byteCount))
        }
        let none = Rect(x: 0, y: 0, width: 0, height: 0)
        let ink = inkBlock(of: label, layers: layers, rect: rect, style: style)
        // A block wider or taller than a span can say (16 bits): no look, the button is
        // painted straight.
        if let ink, Int(ink.physical.width) * layout.format.bytesPerPixel > InkSpans.mostBytes || ink.physical.height > 0xFFFF {
            return nil
        }
        guard let ink,
            let block = FramebufferLayout(
                physicalWidth: ink.physical.width, physicalHeight: ink.physical.height, format: layout.format, rotation: layout.rotation)
        else { return finish(ink: none, spanCount: 0, dataBytes: 0, byteCount: rowsEnd) }
        // The block as a small framebuffer of its own, whose logical origin is the block's:
        // the button painted there as on the screen, shifted. After it, room for the spans'
        // tables and their pixels; then both are moved down after the rows, the tables first
        // (`InkSpans`' layout).
        let blockStart = PreparedButton.aligned16(rowsEnd)
        let blockBase = base + blockStart
        let painter = FramebufferPainter(layout: block)
        let shiftX = ink.logical.x, shiftY = ink.logical.y
        let shifted = Rect(x: rect.x &- shiftX, y: rect.y &- shiftY, width: rect.width, height: rect.height)
        painter.paintWhole(
            rect: shifted, style: style, state: state, label: label, layers: layers, screen: layout, shiftX: shiftX, shiftY: shiftY,
            base: blockBase, blendLabel: blendLabel)
        let l = ink.physical
        let width = Int(l.width)
        let height = Int(l.height)
        let tables = PreparedButton.aligned16(blockStart + block.bufferSize)
        let dataRoom = tables + PreparedButton.aligned16(InkSpans.spanBytes * height * InkSpans.mostSpans(inRowOf: width))
        let middle = FramebufferPainter.middleRows(of: p, inside: q)
        func under(_ blockRow: Int) -> UnsafeRawPointer {
            UnsafeRawPointer(middle.contains(Int(l.y - p.y) + blockRow) ? rowsBase + rowBytes : rowsBase)
        }
        // The rows of rounded corners: their ends kept as edges (for now after the room for the
        // spans' pixels) and put back to the plain row in the block, so that no span is made
        // of them.
        edges = cornerEdges(of: rect, style: style, visible: p, block: l)
        let edgeRoom = dataRoom + PreparedButton.aligned16(InkSpans.mostDataBytes(widthPx: width, heightPx: height, bytesPerPixel: bpp))
        let edgeBytes = edges.bytes
        for r in 0..<edges.rows {
            for index in 0..<2 {
                let blockRow = index == 0 ? r : height - 1 - r
                let row = blockBase + blockRow * block.strideBytes
                let kept = base + edgeRoom + (4 * r + 2 * index) * edgeBytes
                kept.copyMemory(from: row, byteCount: edgeBytes)
                (kept + edgeBytes).copyMemory(from: row + (rowBytes - edgeBytes), byteCount: edgeBytes)
                row.copyMemory(from: under(blockRow), byteCount: edgeBytes)
                (row + (rowBytes - edgeBytes)).copyMemory(from: under(blockRow) + (rowBytes - edgeBytes), byteCount: edgeBytes)
            }
        }
        // Each of the block's rows against the row a repaint writes there first.
        let column = Int(l.x - p.x) * bpp
        let spans = (base + tables).assumingMemoryBound(to: UInt32.self)
        let encoded = InkSpans.encode(
            block: blockBase, widthPx: width, heightPx: height, rowBytes: block.strideBytes, bytesPerPixel: bpp,
            under: { r in under(r) + column }, spans: spans, data: base + dataRoom)
        // The edges, the spans and their pixels moved down after the rows, in that order:
        // each lands below where the next one is (the edges are less than the block).
        let edgesAt = edges.rows > 0 ? PreparedButton.aligned16(rowsEnd) : rowsEnd
        let chunksAt = edgesAt + 4 * edges.rows * edgeBytes
        (base + edgesAt).copyMemory(from: base + edgeRoom, byteCount: chunksAt - edgesAt)
        // For each edge row, the chunks of its four ends that differ from the plain row: a
        // corner's rows narrow towards its middle, and a repaint copies only those.
        for r in 0..<edges.rows {
            var chunks = 0
            for index in 0..<2 {
                let blockRow = index == 0 ? r : height - 1 - r
                let plain = under(blockRow)
                let kept = UnsafeRawPointer(base + edgesAt + (4 * r + 2 * index) * edgeBytes)
                for k in 0..<edgeBytes where kept.load(fromByteOffset: k, as: UInt8.self) != plain.load(fromByteOffset: k, as: UInt8.self) {
                    chunks = max(chunks, k / 16 + 1)
                }
                let right = rowBytes - edgeBytes
                for k in 0..<edgeBytes
                where kept.load(fromByteOffset: edgeBytes + k, as: UInt8.self) != plain.load(fromByteOffset: right + k, as: UInt8.self) {
                    chunks = max(chunks, (edgeBytes - k + 15) / 16)
                }
            }
            (base + chunksAt + r).storeBytes(of: UInt8(chunks), as: UInt8.self)
        }
        let edgesEnd = chunksAt + edges.rows
        guard encoded.spanCount > 0 else { return finish(ink: none, spanCount: 0, dataBytes: 0, byteCount: edgesEnd) }
        // The rows with spans only, counted from the first of them.
        let first = encoded.firstRow
        if first > 0 {
            for index in 0..<encoded.spanCount { spans[InkSpans.spanWords * index] -= UInt32(first) << 16 }
        }
        let spansAt = PreparedButton.aligned(edgesEnd)
        (base + spansAt).copyMemory(from: base + tables, byteCount: InkSpans.spanBytes * encoded.spanCount)
        let dataAt = PreparedButton.aligned16(spansAt + InkSpans.spanBytes * encoded.spanCount)
        (base + dataAt).copyMemory(from: base + dataRoom, byteCount: encoded.dataBytes)
        let kept = Rect(x: l.x, y: l.y + Int32(first), width: l.width, height: Int32(encoded.lastRow - first + 1))
        return finish(
            ink: kept, spanCount: encoded.spanCount, dataBytes: encoded.dataBytes, byteCount: dataAt + encoded.dataBytes,
            chunked: encoded.chunked)
    }

    /// The rows at the top and at the bottom of a rounded button whose ends a look keeps as
    /// edges, and the bytes of each end: the radius's rows (at most half the visible part's),
    /// and the radius's pixels rounded up to 16-byte chunks (at most half a row, and at most
    /// `PreparedButton.mostEdgeBytes`: a larger corner's pixels further in are spans). None where
    /// the corners are square, the ink block is not the whole visible part, the pixels are
    /// 3 bytes or a row is under 32 bytes.
    private func cornerEdges(of rect: Rect, style: ButtonStyle, visible p: Rect, block: Rect) -> (rows: Int, bytes: Int) {
        let bpp = layout.format.bytesPerPixel
        let radius = FramebufferPainter.radiusPx(of: rect, style: style)
        let rowBytes = Int(p.width) * bpp
        guard radius > 0, bpp == 2 || bpp == 4, block == p, rowBytes >= 32 else { return (0, 0) }
        return (min(radius, Int(p.height) / 2), min(min((radius * bpp + 15) & ~15, (rowBytes / 2) & ~15), PreparedButton.mostEdgeBytes))
    }

    /// Whether `rect` lies wholly in a logical picture of `width` by `height` (so that
    /// clipping it changes nothing).
    @inline(__always)
    static func isWhollyInside(_ rect: Rect, width: Int32, height: Int32) -> Bool {
        rect.x >= 0 && rect.y >= 0 && rect.width <= width - rect.x && rect.height <= height - rect.y
    }

    /// The part of a button on the screen, in physical pixels; nil for a rect that is not
    /// drawn (empty, or overflowing Int32) or lies off the screen.
    func visiblePhysicalRect(of rect: Rect) -> Rect? {
        FramebufferPainter.isDrawn(rect) ? layout.physicalRect(ofLogical: rect) : nil
    }

    /// Whether a button rect is drawn at all: not empty, and its far edges within Int32.
    static func isDrawn(_ rect: Rect) -> Bool {
        rect.width > 0 && rect.height > 0 && !rect.x.addingReportingOverflow(rect.width).overflow
            && !rect.y.addingReportingOverflow(rect.height).overflow
    }
}
