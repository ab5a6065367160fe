/// Draws into a caller's framebuffer memory (an mmap'd /dev/fb0, or a plain buffer in tests
/// and the simulated board) in logical coordinates. Everything is clipped to the screen, and a
/// buffer smaller than `layout.bufferSize` is refused whole, so no call writes outside the
/// buffer or into a row's stride padding. It only writes, never reads the framebuffer back:
/// framebuffer memory is often uncached and slow to read.
public struct FramebufferPainter: Sendable {
    public let layout: FramebufferLayout

    public init(layout: FramebufferLayout) {
        self.layout = layout
    }

    /// Fills the whole screen. Returns false (writing nothing) when the buffer is too small.
    @discardableResult
    public func clear(to color: RGBColor, in buffer: UnsafeMutableRawBufferPointer) -> Bool {
        fill(layout.logicalBounds, color, in: buffer)
    }

    /// Fills the visible part of a logical rect. Returns false (writing nothing) when the
    /// buffer is too small.
    @discardableResult
    public func fill(_ rect: Rect, _ color: RGBColor, in buffer: UnsafeMutableRawBufferPointer) -> Bool {
        guard let base = usableBase(of: buffer) else { return false }
        fill(rect, value: layout.format.encode(color), base: base)
        return true
    }

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
    private func paintWhole(
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
        }
        guard layers.hasContent else { return }
        let placed = layerPlacements(label: label, layers: layers, rect: rect, inside: inner, style: style)
        if let sublabel = layers.sublabel, let place = placed.sublabel {
            blend(sublabel, placed: place.placed, clip: place.clip, colors: ButtonStyle.Colors(fill: colors.fill, text: colors.subtext), base: base)
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

    /// The spans of a `chunked` look: a solid span as stores of its repeated word, a stored
    /// one 16 bytes a load and a store (one jump into a run of up to 16 of them, after groups
    /// of 16 for a longer one), row after row for a span of several rows. No call, so the
    /// loop keeps its values in registers: a look has about one span for each row of its ink
    /// not shared with the row above, and this is most of a repaint's cost after the fill.
    @inline(never)
    private static func paintChunks(_ ink: InkSpans, at first: UnsafeMutableRawPointer, stride: Int, widthBytes: Int) {
        let height = Int(ink.physicalRect.height)
        let dataBytes = ink.data.count
        guard let data = ink.data.baseAddress, ink.spanCount > 0 else { return }
        var span = ink.spans
        let end = span + InkSpans.spanWords &* ink.spanCount
        repeat {
            let place = span[0]
            let length = span[1]
            let value = Int(span[2])
            span += InkSpans.spanWords
            let x = Int(place & 0xFFFF)
            let bytes = Int(length & 0xFFFF)
            let rows = Int(length >> 16 & 0x7FFF) &+ 1
            guard rows <= height &- Int(place >> 16), bytes <= widthBytes &- x, bytes >= 16 else { continue }
            var to = first + (Int(place >> 16) &* stride &+ x)
            if length & InkSpans.solidFlag != 0 {
                let word = UInt32(truncatingIfNeeded: value)
                for _ in 0..<rows {
                    store(SIMD4(word, word, word, word), at: to, byteCount: bytes)
                    to += stride
                }
                continue
            }
            guard value <= dataBytes &- bytes &* rows, (value | bytes) & 15 == 0 else { continue }
            var from = UnsafeRawPointer(data + value)
            let count = bytes &>> 4
            if count <= 16 {
                // Most spans: each row one jump into the run of copies.
                for _ in 0..<rows {
                    copyRun(from, to: to, count: count)
                    from += bytes
                    to += stride
                }
            } else {
                for _ in 0..<rows {
                    copyChunks(from, to: to, count: count)
                    from += bytes
                    to += stride
                }
            }
        } while span != end
    }

    /// `count` chunks of 16 bytes from `from` (16-byte aligned) to `to`: groups of 16, then
    /// one jump into a run of the rest.
    @inline(__always)
    private static func copyChunks(_ from: UnsafeRawPointer, to: UnsafeMutableRawPointer, count: Int) {
        var source = from
        var target = to
        var chunks = count
        while chunks > 16 {
            for k in 0..<16 {
                (target + 16 &* k).storeBytes(of: source.load(fromByteOffset: 16 &* k, as: SIMD4<UInt32>.self), as: SIMD4<UInt32>.self)
            }
            target += 256
            source += 256
            chunks &-= 16
        }
        copyRun(source, to: target, count: chunks)
    }

    /// `count` chunks of 16 bytes (1 to 16; 0 is taken for 16) from `from` (16-byte aligned)
    /// to `to`: one jump into a run of copies.
    @inline(__always)
    private static func copyRun(_ from: UnsafeRawPointer, to: UnsafeMutableRawPointer, count: Int) {
        @inline(__always) func chunk(_ n: Int) {
            (to + 16 &* n).storeBytes(of: from.load(fromByteOffset: 16 &* n, as: SIMD4<UInt32>.self), as: SIMD4<UInt32>.self)
        }
        switch count & 15 {
        case 0: chunk(15); fallthrough
        case 15: chunk(14); fallthrough
        case 14: chunk(13); fallthrough
        case 13: chunk(12); fallthrough
        case 12: chunk(11); fallthrough
        case 11: chunk(10); fallthrough
        case 10: chunk(9); fallthrough
        case 9: chunk(8); fallthrough
        case 8: chunk(7); fallthrough
        case 7: chunk(6); fallthrough
        case 6: chunk(5); fallthrough
        case 5: chunk(4); fallthrough
        case 4: chunk(3); fallthrough
        case 3: chunk(2); fallthrough
        case 2: chunk(1); fallthrough
        default: chunk(0)
        }
    }

    /// The spans of a look that is not `chunked` (3 bytes a pixel, or a block narrower than
    /// 16 bytes): each row of each copied in one call, a solid one pixel by pixel.
    @inline(never)
    private static func paintAny(
        _ ink: InkSpans, at first: UnsafeMutableRawPointer, stride: Int, widthBytes: Int, bytesPerPixel bpp: Int
    ) {
        let dataBytes = ink.data.count
        guard let data = ink.data.baseAddress else { return }
        for index in 0..<ink.spanCount {
            let span = ink.span(index)
            guard span.rows <= Int(ink.physicalRect.height) &- span.row, span.bytes <= widthBytes &- span.xBytes,
                span.bytes % bpp == 0
            else { continue }
            var to = first + (span.row &* stride &+ span.xBytes)
            if span.solid {
                for _ in 0..<span.rows {
                    for k in 0..<span.bytes / bpp { storePixel(span.value, at: to + k &* bpp, bytesPerPixel: bpp) }
                    to += stride
                }
                continue
            }
            guard Int(span.value) <= dataBytes &- span.bytes &* span.rows else { continue }
            var from = data + Int(span.value)
            for _ in 0..<span.rows {
                to.copyMemory(from: from, byteCount: span.bytes)
                from += span.bytes
                to += stride
            }
        }
    }

    /// One pixel value of `bpp` bytes, least significant byte first.
    @inline(__always)
    private static func storePixel(_ value: UInt32, at to: UnsafeMutableRawPointer, bytesPerPixel bpp: Int) {
        for k in 0..<bpp { to.storeBytes(of: UInt8(truncatingIfNeeded: value >> (8 * UInt32(k))), toByteOffset: k, as: UInt8.self) }
    }

    /// `count` rows `stride` apart, each `byteCount` bytes (at least 16) of `pattern`: the
    /// middle rows' loop with the same pattern at both ends and across, so that the stores
    /// are written out once in the firmware.
    @inline(__always)
    private static func storeRows(
        _ pattern: SIMD4<UInt32>, at first: UnsafeMutableRawPointer, count: Int, stride: Int, byteCount: Int
    ) {
        storeMiddleRows(
            left: pattern, fill: pattern, right: pattern, at: first, count: count, stride: stride, rowBytes: byteCount,
            leftBytes: 0, insideBytes: byteCount)
    }

    /// A button's rows as runs of one pixel, 16 bytes a store from a register: the border rows
    /// of `border`, and the `middle` ones `left` up to the inside, `fill` across it (the
    /// inside's `insideBytes` from `leftBytes`) and `right` after it. Where each end is at most
    /// 16 bytes (a border of up to 4 or 8 pixels) and the inside at least 16, an end takes one
    /// store of 16 bytes that the fill then partly covers (all of it when there is no border).
    @inline(__always)
    private static func storeRuns(
        border: SIMD4<UInt32>, left: SIMD4<UInt32>, fill: SIMD4<UInt32>, right: SIMD4<UInt32>, at top: UnsafeMutableRawPointer,
        rows: Int, middle: Range<Int>, stride: Int, rowBytes: Int, leftBytes: Int, insideBytes: Int
    ) {
        var row = top
        FramebufferPainter.storeRows(border, at: row, count: middle.lowerBound, stride: stride, byteCount: rowBytes)
        row += middle.lowerBound * stride
        if !middle.isEmpty {
            FramebufferPainter.storeMiddleRows(
                left: left, fill: fill, right: right, at: row, count: middle.count, stride: stride,
                rowBytes: rowBytes, leftBytes: leftBytes, insideBytes: insideBytes)
            row += middle.count * stride
        }
        FramebufferPainter.storeRows(border, at: row, count: rows - middle.upperBound, stride: stride, byteCount: rowBytes)
    }

    /// `count` middle rows `stride` apart: `left` across the first 16 bytes and `right` across
    /// the last 16, then `fill` over the inside (`insideBytes` from `leftBytes`), covering what
    /// the two ends wrote there. A function of its own: its loop keeps its registers.
    @inline(never)
    private static func storeMiddleRows(
        left: SIMD4<UInt32>, fill: SIMD4<UInt32>, right: SIMD4<UInt32>, at first: UnsafeMutableRawPointer, count: Int,
        stride: Int, rowBytes: Int, leftBytes: Int, insideBytes: Int
    ) {
        let inside = RowStores(byteCount: insideBytes)
        var row = first
        for _ in 0..<count {
            row.storeBytes(of: left, as: SIMD4<UInt32>.self)
            (row + (rowBytes &- 16)).storeBytes(of: right, as: SIMD4<UInt32>.self)
            inside.write(fill, at: row + leftBytes)
            row += stride
        }
    }

    /// The 16-byte stores that fill a row of `byteCount` bytes (at least 16), worked out once
    /// for all the rows of a button, which are alike: one store for each 16 bytes, the last
    /// back from the row's end (overlapping the one before it when the row is not whole
    /// chunks). A row of up to 64 chunks (256 pixels of 4 bytes) is one jump into a run of
    /// stores; a longer row takes groups of 16 first. A row then costs its stores and a jump,
    /// not a loop's tests for each few stores (which had cost a button's fill a fifth more
    /// than its stores).
    struct RowStores {
        let byteCount: Int
        /// Groups of 16 stores, from the row's start.
        let groups: Int
        /// The stores after the groups but the last: 0 to 63.
        let rest: Int

        init(byteCount: Int) {
            self.byteCount = byteCount
            let chunks = (byteCount + 15) / 16
            groups = chunks > 64 ? (chunks - 64 + 15) / 16 : 0
            rest = chunks - 16 * groups - 1
        }

        @inline(__always)
        func write(_ pattern: SIMD4<UInt32>, at start: UnsafeMutableRawPointer) {
            var at = start
            for _ in 0..<groups {
                for k in 0..<16 { (at + 16 &* k).storeBytes(of: pattern, as: SIMD4<UInt32>.self) }
                at += 256
            }
            let base = at
            @inline(__always) func chunk(_ n: Int) { (base + 16 &* n).storeBytes(of: pattern, as: SIMD4<UInt32>.self) }
            // Every value of 6 bits has its case, so the jump needs no test of its range.
            switch rest & 63 {
            case 63: chunk(62); fallthrough
            case 62: chunk(61); fallthrough
            case 61: chunk(60); fallthrough
            case 60: chunk(59); fallthrough
            case 59: chunk(58); fallthrough
            case 58: chunk(57); fallthrough
            case 57: chunk(56); fallthrough
            case 56: chunk(55); fallthrough
            case 55: chunk(54); fallthrough
            case 54: chunk(53); fallthrough
            case 53: chunk(52); fallthrough
            case 52: chunk(51); fallthrough
            case 51: chunk(50); fallthrough
            case 50: chunk(49); fallthrough
            case 49: chunk(48); fallthrough
            case 48: chunk(47); fallthrough
            case 47: chunk(46); fallthrough
            case 46: chunk(45); fallthrough
            case 45: chunk(44); fallthrough
            case 44: chunk(43); fallthrough
            case 43: chunk(42); fallthrough
            case 42: chunk(41); fallthrough
            case 41: chunk(40); fallthrough
            case 40: chunk(39); fallthrough
            case 39: chunk(38); fallthrough
            case 38: chunk(37); fallthrough
            case 37: chunk(36); fallthrough
            case 36: chunk(35); fallthrough
            case 35: chunk(34); fallthrough
            case 34: chunk(33); fallthrough
            case 33: chunk(32); fallthrough
            case 32: chunk(31); fallthrough
            case 31: chunk(30); fallthrough
            case 30: chunk(29); fallthrough
            case 29: chunk(28); fallthrough
            case 28: chunk(27); fallthrough
            case 27: chunk(26); fallthrough
            case 26: chunk(25); fallthrough
            case 25: chunk(24); fallthrough
            case 24: chunk(23); fallthrough
            case 23: chunk(22); fallthrough
            case 22: chunk(21); fallthrough
            case 21: chunk(20); fallthrough
            case 20: chunk(19); fallthrough
            case 19: chunk(18); fallthrough
            case 18: chunk(17); fallthrough
            case 17: chunk(16); fallthrough
            case 16: chunk(15); fallthrough
            case 15: chunk(14); fallthrough
            case 14: chunk(13); fallthrough
            case 13: chunk(12); fallthrough
            case 12: chunk(11); fallthrough
            case 11: chunk(10); fallthrough
            case 10: chunk(9); fallthrough
            case 9: chunk(8); fallthrough
            case 8: chunk(7); fallthrough
            case 7: chunk(6); fallthrough
            case 6: chunk(5); fallthrough
            case 5: chunk(4); fallthrough
            case 4: chunk(3); fallthrough
            case 3: chunk(2); fallthrough
            case 2: chunk(1); fallthrough
            case 1: chunk(0); fallthrough
            default: break
            }
            (start + (byteCount &- 16)).storeBytes(of: pattern, as: SIMD4<UInt32>.self)
        }
    }

    /// The pixel of `bytes` bytes (2 or 4) at `pixel`, repeated across 16 bytes.
    @inline(__always)
    private static func repeated(pixelAt pixel: UnsafeRawPointer, bytes: Int) -> SIMD4<UInt32> {
        // Byte by byte, little-endian as the framebuffer is (a row need not be aligned), in
        // 32-bit words: on armhf `loadUnaligned` and 64-bit conversions build only with an
        // allocation, which TouchCore may not make.
        let byte = pixel.assumingMemoryBound(to: UInt8.self)
        let low = UInt32(byte[0]) | UInt32(byte[1]) << 8
        return pattern(of: bytes == 4 ? low | UInt32(byte[2]) << 16 | UInt32(byte[3]) << 24 : low, bytes: bytes)
    }

    /// Fills `byteCount` bytes (at least 16, whole pixels of 2 or 4 bytes) with `pattern`:
    /// 128 bytes a turn, then what is left from its start and from the end, the stores from
    /// the end overlapping those before them (a pattern of whole pixels fits at any whole
    /// pixel).
    @inline(__always)
    private static func store(_ pattern: SIMD4<UInt32>, at start: UnsafeMutableRawPointer, byteCount: Int) {
        let end = start + byteCount
        var at = start
        while end - at >= 128 {
            at.storeBytes(of: pattern, as: SIMD4<UInt32>.self)
            (at + 16).storeBytes(of: pattern, as: SIMD4<UInt32>.self)
            (at + 32).storeBytes(of: pattern, as: SIMD4<UInt32>.self)
            (at + 48).storeBytes(of: pattern, as: SIMD4<UInt32>.self)
            (at + 64).storeBytes(of: pattern, as: SIMD4<UInt32>.self)
            (at + 80).storeBytes(of: pattern, as: SIMD4<UInt32>.self)
            (at + 96).storeBytes(of: pattern, as: SIMD4<UInt32>.self)
            (at + 112).storeBytes(of: pattern, as: SIMD4<UInt32>.self)
            at += 128
        }
        let left = end - at
        if left > 64 {
            at.storeBytes(of: pattern, as: SIMD4<UInt32>.self)
            (at + 16).storeBytes(of: pattern, as: SIMD4<UInt32>.self)
            (at + 32).storeBytes(of: pattern, as: SIMD4<UInt32>.self)
            (at + 48).storeBytes(of: pattern, as: SIMD4<UInt32>.self)
            (end - 64).storeBytes(of: pattern, as: SIMD4<UInt32>.self)
            (end - 48).storeBytes(of: pattern, as: SIMD4<UInt32>.self)
            (end - 32).storeBytes(of: pattern, as: SIMD4<UInt32>.self)
            (end - 16).storeBytes(of: pattern, as: SIMD4<UInt32>.self)
        } else if left > 32 {
            at.storeBytes(of: pattern, as: SIMD4<UInt32>.self)
            (at + 16).storeBytes(of: pattern, as: SIMD4<UInt32>.self)
            (end - 32).storeBytes(of: pattern, as: SIMD4<UInt32>.self)
            (end - 16).storeBytes(of: pattern, as: SIMD4<UInt32>.self)
        } else if left > 16 {
            at.storeBytes(of: pattern, as: SIMD4<UInt32>.self)
            (end - 16).storeBytes(of: pattern, as: SIMD4<UInt32>.self)
        } else if left > 0 {
            (end - 16).storeBytes(of: pattern, as: SIMD4<UInt32>.self)
        }
    }

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
    private static func middleRows(of p: Rect, inside q: Rect?) -> Range<Int> {
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
    private static func isWhollyInside(_ rect: Rect, width: Int32, height: Int32) -> Bool {
        rect.x >= 0 && rect.y >= 0 && rect.width <= width - rect.x && rect.height <= height - rect.y
    }

    /// The part of a button on the screen, in physical pixels; nil for a rect that is not
    /// drawn (empty, or overflowing Int32) or lies off the screen.
    private func visiblePhysicalRect(of rect: Rect) -> Rect? {
        FramebufferPainter.isDrawn(rect) ? layout.physicalRect(ofLogical: rect) : nil
    }

    /// Whether a button rect is drawn at all: not empty, and its far edges within Int32.
    private static func isDrawn(_ rect: Rect) -> Bool {
        rect.width > 0 && rect.height > 0 && !rect.x.addingReportingOverflow(rect.width).overflow
            && !rect.y.addingReportingOverflow(rect.height).overflow
    }

    /// Copies the visible part of a logical rect from `source` to `destination`, both laid out
    /// as `layout` (the two buffers of a page-flipped display: what the back buffer lacks comes
    /// forward from the front one). Returns false (copying nothing) when either is too small.
    @discardableResult
    public func copy(_ rect: Rect, from source: UnsafeRawBufferPointer, to destination: UnsafeMutableRawBufferPointer) -> Bool {
        guard source.count >= layout.bufferSize, let from = source.baseAddress, let to = usableBase(of: destination) else {
            return false
        }
        guard let p = layout.physicalRect(ofLogical: rect) else { return true }
        let rowBytes = Int(p.width) * layout.format.bytesPerPixel
        var offset = Int(p.y) * layout.strideBytes + Int(p.x) * layout.format.bytesPerPixel
        for _ in 0..<Int(p.height) {
            (to + offset).copyMemory(from: from + offset, byteCount: rowBytes)
            offset += layout.strideBytes
        }
        return true
    }

    // MARK: - Internals

    func usableBase(of buffer: UnsafeMutableRawBufferPointer) -> UnsafeMutableRawPointer? {
        guard buffer.count >= layout.bufferSize else { return nil }
        return buffer.baseAddress
    }

    /// Fills a logical rect through its physical rect, row by row in memory order.
    func fill(_ rect: Rect, value: UInt32, base: UnsafeMutableRawPointer) {
        guard let p = layout.physicalRect(ofLogical: rect) else { return }
        let bpp = layout.format.bytesPerPixel
        let count = Int(p.width)
        var rowStart = Int(p.y) * layout.strideBytes + Int(p.x) * bpp
        // Rows of at least 16 bytes of 2- or 4-byte pixels: 16 bytes a store from a register
        // (`store`), also for the narrow columns between buttons that a whole frame fills,
        // where a vector loop's set-up costs more than its stores.
        if (bpp == 2 || bpp == 4) && count * bpp >= 16 {
            FramebufferPainter.storeRows(
                FramebufferPainter.pattern(of: value, bytes: bpp), at: base + rowStart, count: Int(p.height), stride: layout.strideBytes,
                byteCount: count * bpp)
            return
        }
        for _ in 0..<Int(p.height) {
            let row = base + rowStart
            // Whole rows at once where the pixels are aligned (a framebuffer's rows always are):
            // `update(repeating:count:)` becomes a vector store loop, several times faster than
            // storing pixel by pixel.
            let aligned = Int(bitPattern: row) % bpp == 0
            switch bpp {
            case 2 where aligned:
                row.assumingMemoryBound(to: UInt16.self)
                    .update(repeating: UInt16(truncatingIfNeeded: value).littleEndian, count: count)
            case 4 where aligned:
                row.assumingMemoryBound(to: UInt32.self).update(repeating: value.littleEndian, count: count)
            default:
                for i in 0..<count {
                    store(value, at: rowStart + i * bpp, base: base)
                }
            }
            rowStart += layout.strideBytes
        }
    }

    /// Writes one pixel value, least significant byte first.
    @inline(__always)
    func store(_ value: UInt32, at offset: Int, base: UnsafeMutableRawPointer) {
        var v = value
        for i in 0..<layout.format.bytesPerPixel {
            base.storeBytes(of: UInt8(truncatingIfNeeded: v), toByteOffset: offset + i, as: UInt8.self)
            v &>>= 8
        }
    }

    /// Where a button's label may go: inside its border. Nil for a rect that is not drawn or
    /// is all border.
    private func labelArea(of rect: Rect, style: ButtonStyle) -> Rect? {
        guard FramebufferPainter.isDrawn(rect) else { return nil }
        return style.borderWidth > 0 ? rect.inset(by: style.borderWidth) : rect
    }

    /// The border and the fill of a button; returns the rect inside the border for the label,
    /// or nil when there is no room for one (or the rect is not drawn at all).
    private func paintFrame(rect: Rect, style: ButtonStyle, fill fillColor: RGBColor, base: UnsafeMutableRawPointer) -> Rect? {
        if let inner = paintFrameByRows(rect: rect, style: style, fill: fillColor, base: base) { return inner }
        guard let inner = paintBorder(rect: rect, style: style, base: base) else { return nil }
        fill(inner, value: layout.format.encode(fillColor), base: base)
        return inner
    }

    /// `paintFrame` as a repaint from a prepared look writes it: border rows, then middle rows
    /// of border, fill and border, 16 bytes a store, instead of four border rects and the fill
    /// (a border column of one pixel is otherwise a store a row). Only for a bordered button
    /// wholly on the screen, in 2 or 4 bytes a pixel, whose border ends take at most 16 bytes
    /// and whose inside at least 16; nil (nothing written) otherwise.
    private func paintFrameByRows(rect: Rect, style: ButtonStyle, fill fillColor: RGBColor, base: UnsafeMutableRawPointer) -> Rect? {
        let bpp = layout.format.bytesPerPixel
        let bounds = layout.logicalBounds
        guard bpp == 2 || bpp == 4, style.borderWidth > 0, FramebufferPainter.isDrawn(rect),
            rect.x >= bounds.x, rect.y >= bounds.y, rect.x + rect.width <= bounds.x + bounds.width,
            rect.y + rect.height <= bounds.y + bounds.height,
            let inner = rect.inset(by: style.borderWidth),
            let p = layout.physicalRect(ofLogical: rect), let q = layout.physicalRect(ofLogical: inner)
        else { return nil }
        let rowBytes = Int(p.width) * bpp
        let leftBytes = Int(q.x - p.x) * bpp
        let insideBytes = Int(q.width) * bpp
        let rightBytes = rowBytes - leftBytes - insideBytes
        guard leftBytes <= 16, rightBytes <= 16, insideBytes >= 16 else { return nil }
        let border = FramebufferPainter.pattern(of: layout.format.encode(style.border), bytes: bpp)
        let fill = FramebufferPainter.pattern(of: layout.format.encode(fillColor), bytes: bpp)
        let stride = layout.strideBytes
        let top = Int(q.y - p.y)
        let middle = Int(q.height)
        let bottom = Int(p.height) - top - middle
        var row = base + Int(p.y) * stride + Int(p.x) * bpp
        FramebufferPainter.storeRows(border, at: row, count: top, stride: stride, byteCount: rowBytes)
        row += top * stride
        FramebufferPainter.storeMiddleRows(
            left: border, fill: fill, right: border, at: row, count: middle, stride: stride, rowBytes: rowBytes,
            leftBytes: leftBytes, insideBytes: insideBytes)
        row += middle * stride
        FramebufferPainter.storeRows(border, at: row, count: bottom, stride: stride, byteCount: rowBytes)
        return inner
    }

    /// A pixel value of `bytes` bytes (2 or 4) repeated across 16 bytes.
    private static func pattern(of value: UInt32, bytes: Int) -> SIMD4<UInt32> {
        let low = value & (bytes == 4 ? 0xFFFF_FFFF : 0xFFFF)
        let word = bytes == 4 ? low : low | low << 16
        return SIMD4(word, word, word, word)
    }

    /// A button's border; returns the rect inside it, or nil when there is none (all border,
    /// or a rect that is not drawn at all).
    private func paintBorder(rect: Rect, style: ButtonStyle, base: UnsafeMutableRawPointer) -> Rect? {
        guard FramebufferPainter.isDrawn(rect) else { return nil }
        guard style.borderWidth > 0 else { return rect }
        let borderValue = layout.format.encode(style.border)
        guard let inner = rect.inset(by: style.borderWidth) else {
            fill(rect, value: borderValue, base: base)   // all border, no room for a label
            return nil
        }
        let bw = style.borderWidth
        fill(Rect(x: rect.x, y: rect.y, width: rect.width, height: bw), value: borderValue, base: base)
        fill(Rect(x: rect.x, y: inner.y + inner.height, width: rect.width, height: bw), value: borderValue, base: base)
        fill(Rect(x: rect.x, y: inner.y, width: bw, height: inner.height), value: borderValue, base: base)
        fill(Rect(x: inner.x + inner.width, y: inner.y, width: bw, height: inner.height), value: borderValue, base: base)
        return inner
    }

    /// The label centred in `rect` (`placed`) and the part of it that shows (`clip`: inside
    /// `inner` and the screen). Nil when none shows. `ZonePainter` places a zone's label by it.
    func labelPlacement(
        _ label: AlphaBitmap, in rect: Rect, inside inner: Rect, style: ButtonStyle
    ) -> (placed: Rect, clip: Rect)? {
        guard label.width > 0, label.height > 0, let origin = lineOrigin(of: label, in: rect, inside: inner, style: style) else {
            return nil
        }
        // The bitmap holds the line's rows from `top` on.
        return placement(x: origin.x, y: origin.y, top: label.top, width: label.width, height: label.height, inside: inner)
    }

    /// Where the label's line starts: its first column, and the top of its line centred in
    /// `rect`. Nil where that overflows `Int32`.
    private func lineOrigin(of label: AlphaBitmap, in rect: Rect, inside inner: Rect, style: ButtonStyle) -> (x: Int32, y: Int32)? {
        guard label.width > 0, label.lineHeight > 0 else { return nil }
        // Floor halves (an arithmetic shift) so that the rounding is the same for labels wider
        // than the rect as for narrower ones. Both sizes are positive, so the differences
        // cannot overflow; only the sums can, for rects at the very edge of Int32 space.
        let x: (partialValue: Int32, overflow: Bool)
        switch style.alignment {
        case .center: x = rect.x.addingReportingOverflow((rect.width - label.width) &>> 1)
        case .left: x = inner.x.addingReportingOverflow(style.labelInsetPx)
        case .right: x = (inner.x &+ inner.width).addingReportingOverflow(-(label.width &+ style.labelInsetPx))
        }
        let y = rect.y.addingReportingOverflow((rect.height - label.lineHeight) &>> 1)
        guard !x.overflow, !y.overflow else { return nil }
        return (x.partialValue, y.partialValue)
    }

    /// A `width` x `height` block at (`x + dx`, `y + dy`) and the part of it inside `inner` and
    /// the screen; nil when none shows or the sums overflow.
    private func placement(x: Int32, y: Int32, dx: Int32 = 0, top dy: Int32, width: Int32, height: Int32, inside inner: Rect)
        -> (placed: Rect, clip: Rect)?
    {
        let px = x.addingReportingOverflow(dx)
        let py = y.addingReportingOverflow(dy)
        guard width > 0, height > 0, !px.overflow, !py.overflow else { return nil }
        let placed = Rect(x: px.partialValue, y: py.partialValue, width: width, height: height)
        guard let clip = placed.clipped(to: inner)?.clipped(to: layout.logicalBounds) else { return nil }
        return (placed, clip)
    }

    /// Where the sublabel and the picture go, from the label's line origin (`ButtonLayers`).
    private func layerPlacements(label: AlphaBitmap, layers: ButtonLayers, rect: Rect, inside inner: Rect, style: ButtonStyle)
        -> (sublabel: (placed: Rect, clip: Rect)?, picture: (placed: Rect, clip: Rect)?)
    {
        guard let origin = lineOrigin(of: label, in: rect, inside: inner, style: style) else { return (nil, nil) }
        let sublabel = layers.sublabel.flatMap { bitmap in
            placement(
                x: origin.x, y: origin.y, dx: layers.sublabelX, top: layers.sublabelY &+ bitmap.top, width: bitmap.width,
                height: bitmap.height, inside: inner)
        }
        let picture = layers.picture.flatMap { picture in
            placement(
                x: origin.x, y: origin.y, dx: layers.pictureX, top: layers.pictureY, width: picture.width, height: picture.height,
                inside: inner)
        }
        return (sublabel, picture)
    }

    /// The visible part `clip` of a picture placed at `placed`, blended by its alpha over
    /// `fill` (what lies under it: the fill, a label never overlapping it).
    private func blend(_ picture: RGBAPixels, placed: Rect, clip: Rect, fill: RGBColor, base: UnsafeMutableRawPointer) {
        guard let source = picture.pixels.baseAddress, let firstOffset = layout.byteOffset(x: clip.x, y: clip.y) else { return }
        let steps = layout.logicalSteps
        let pictureX = Int(clip.x &- placed.x)
        let pictureY = Int(clip.y &- placed.y)
        for row in 0..<Int(clip.height) {
            var offset = firstOffset &+ row &* steps.y
            var pixel = source + (pictureY + row) * picture.stride + 4 * pictureX
            for _ in 0..<Int(clip.width) {
                let alpha = pixel.load(fromByteOffset: 3, as: UInt8.self)
                if alpha != 0 {
                    let color = RGBColor(
                        r: pixel.load(as: UInt8.self), g: pixel.load(fromByteOffset: 1, as: UInt8.self),
                        b: pixel.load(fromByteOffset: 2, as: UInt8.self))
                    store(layout.format.encode(color.blended(over: fill, alpha: alpha)), at: offset, base: base)
                }
                pixel += 4
                offset = offset &+ steps.x
            }
        }
    }

    /// Blends the visible part `clip` of a label placed at `placed` over the fill already
    /// there. `clip` lies inside `placed` and inside the logical bounds.
    private func blend(
        _ label: AlphaBitmap, placed: Rect, clip: Rect, colors: ButtonStyle.Colors, base: UnsafeMutableRawPointer
    ) {
        // Each coverage's pixel value is worked out once per label, when first met: a label
        // has a few dozen coverages among thousands of pixels. 0xFFFF_FFFF is no pixel value
        // of any format (at most 32 bits, with the top byte unused) and marks "not yet".
        var values = InlineArray<256, UInt32>(repeating: 0xFFFF_FFFF)
        values[255] = layout.format.encode(colors.text)
        let bytesPerPixel = layout.format.bytesPerPixel
        let stepX = layout.logicalSteps.x
        // clip lies inside `placed`, so these are offsets into the bitmap.
        let labelX = Int(clip.x &- placed.x)
        let labelY = Int(clip.y &- placed.y)
        let width = Int(clip.width)
        guard let coverage = label.pixels.baseAddress else { return }
        for row in 0..<Int(clip.height) {
            // Both on screen: clip lies inside the logical bounds.
            var offset = layout.byteOffset(x: clip.x, y: clip.y + Int32(row))!
            var source = coverage + (labelY + row) * label.stride + labelX
            let end = source + width
            // One loop a pixel width, so that the store is decided once a row, not a pixel.
            // Groups of eight empty coverages are passed at once; the bytes of a group with
            // ink are then blended one by one without testing the group again. Offsets stay
            // inside the clip, so their sums cannot overflow.
            switch bytesPerPixel {
            case 4:
                while source < end {
                    if end - source >= 8, source.loadUnaligned(as: UInt64.self) == 0 {
                        source += 8
                        offset = offset &+ 8 &* stepX
                        continue
                    }
                    let groupEnd = min(end, source + 8)
                    while source < groupEnd {
                        let alpha = source.load(as: UInt8.self)
                        if alpha != 0 {   // 0 leaves the fill already there
                            base.storeBytes(of: pixelValue(alpha, &values, colors), toByteOffset: offset, as: UInt32.self)
                        }
                        source += 1
                        offset = offset &+ stepX
                    }
                }
            case 2:
                while source < end {
                    if end - source >= 8, source.loadUnaligned(as: UInt64.self) == 0 {
                        source += 8
                        offset = offset &+ 8 &* stepX
                        continue
                    }
                    let groupEnd = min(end, source + 8)
                    while source < groupEnd {
                        let alpha = source.load(as: UInt8.self)
                        if alpha != 0 {
                            let value = UInt16(truncatingIfNeeded: pixelValue(alpha, &values, colors))
                            base.storeBytes(of: value, toByteOffset: offset, as: UInt16.self)
                        }
                        source += 1
                        offset = offset &+ stepX
                    }
                }
            default:
                while source < end {
                    let alpha = source.load(as: UInt8.self)
                    if alpha != 0 { store(pixelValue(alpha, &values, colors), at: offset, base: base) }
                    source += 1
                    offset = offset &+ stepX
                }
            }
        }
    }

    /// `blend` through a palette of this look's values: a pixel is one lookup and one store,
    /// coverage 0 writing the fill that is already there. Groups of eight empty coverages are
    /// still passed at once, and a group with ink is written whole; with `overwriting`, empty
    /// groups are written too (the fill through the palette), so nothing need be there first.
    /// The palette is `inout` only to be read in place: a borrowed one's values were copied
    /// (1 KiB) for each call.
    func blend(
        _ label: AlphaBitmap, placed: Rect, clip: Rect, palette: inout CoveragePalette, base: UnsafeMutableRawPointer,
        overwriting: Bool = false
    ) {
        let bytesPerPixel = layout.format.bytesPerPixel
        let steps = layout.logicalSteps
        let stepX = steps.x
        let labelX = Int(clip.x &- placed.x)
        let labelY = Int(clip.y &- placed.y)
        let width = Int(clip.width)
        // On screen: clip lies inside the logical bounds; each next row is one logical step on.
        guard let coverage = label.pixels.baseAddress, let firstOffset = layout.byteOffset(x: clip.x, y: clip.y) else { return }
        // The values in place: a coverage is a byte, so every index is inside the 256.
        let palette = palette.values.span
        for row in 0..<Int(clip.height) {
            var offset = firstOffset &+ row &* steps.y
            var source = coverage + (labelY + row) * label.stride + labelX
            let end = source + width
            switch bytesPerPixel {
            case 4 where stepX == 4:
                // A row of the label is a row of the screen (no rotation): its pixels lie one
                // after another, stored from one moving address without a register per pixel.
                var at = base + offset
                @inline(__always) func eight(_ from: UnsafeRawPointer, _ to: UnsafeMutableRawPointer) {
                    for k in 0..<8 {
                        to.storeBytes(of: palette[Int(from.load(fromByteOffset: k, as: UInt8.self))], toByteOffset: 4 &* k, as: UInt32.self)
                    }
                }
                if overwriting {
                    while end - source >= 8 {
                        eight(source, at)
                        source += 8
                        at += 32
                    }
                } else {
                    // Sixteen coverages tested at once: a label's rows above and below its
                    // glyphs, and the gaps between them, are passed two groups a test.
                    while end - source >= 16 {
                        let low = source.loadUnaligned(as: UInt64.self)
                        let high = source.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                        if low | high != 0 {
                            if low != 0 { eight(source, at) }
                            if high != 0 { eight(source + 8, at + 32) }
                        }
                        source += 16
                        at += 64
                    }
                    if end - source >= 8 {
                        if source.loadUnaligned(as: UInt64.self) != 0 { eight(source, at) }
                        source += 8
                        at += 32
                    }
                }
                while source < end {
                    at.storeBytes(of: palette[Int(source.load(as: UInt8.self))], as: UInt32.self)
                    source += 1
                    at += 4
                }
            case 4:
                while end - source >= 8 {
                    if overwriting || source.loadUnaligned(as: UInt64.self) != 0 {
                        for k in 0..<8 {
                            let value = palette[Int(source.load(fromByteOffset: k, as: UInt8.self))]
                            base.storeBytes(of: value, toByteOffset: offset &+ k &* stepX, as: UInt32.self)
                        }
                    }
                    source += 8
                    offset = offset &+ 8 &* stepX
                }
                while source < end {
                    base.storeBytes(of: palette[Int(source.load(as: UInt8.self))], toByteOffset: offset, as: UInt32.self)
                    source += 1
                    offset = offset &+ stepX
                }
            case 2:
                while end - source >= 8 {
                    if overwriting || source.loadUnaligned(as: UInt64.self) != 0 {
                        for k in 0..<8 {
                            let value = UInt16(truncatingIfNeeded: palette[Int(source.load(fromByteOffset: k, as: UInt8.self))])
                            base.storeBytes(of: value, toByteOffset: offset &+ k &* stepX, as: UInt16.self)
                        }
                    }
                    source += 8
                    offset = offset &+ 8 &* stepX
                }
                while source < end {
                    let value = UInt16(truncatingIfNeeded: palette[Int(source.load(as: UInt8.self))])
                    base.storeBytes(of: value, toByteOffset: offset, as: UInt16.self)
                    source += 1
                    offset = offset &+ stepX
                }
            default:
                while source < end {
                    store(palette[Int(source.load(as: UInt8.self))], at: offset, base: base)
                    source += 1
                    offset = offset &+ stepX
                }
            }
        }
    }

    /// The pixel value of `colors.text` over `colors.fill` at coverage `alpha`, from `values`
    /// or worked out and kept there.
    @inline(__always)
    private func pixelValue(_ alpha: UInt8, _ values: inout InlineArray<256, UInt32>, _ colors: ButtonStyle.Colors) -> UInt32 {
        let value = values[Int(alpha)]
        guard value == 0xFFFF_FFFF else { return value }
        let computed = layout.format.encode(colors.text.blended(over: colors.fill, alpha: alpha))
        values[Int(alpha)] = computed
        return computed
    }
}
