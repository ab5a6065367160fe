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
        rect: Rect, style: ButtonStyle, state: ButtonVisualState, label: AlphaBitmap?,
        in buffer: UnsafeMutableRawBufferPointer
    ) -> Bool {
        guard let base = usableBase(of: buffer) else { return false }
        guard rect.width > 0, rect.height > 0, !rect.x.addingReportingOverflow(rect.width).overflow,
            !rect.y.addingReportingOverflow(rect.height).overflow
        else { return true }
        let colors = style.colors(for: state)
        let fillValue = layout.format.encode(colors.fill)
        let borderValue = layout.format.encode(style.border)

        let inner: Rect
        if style.borderWidth > 0 {
            guard let inside = rect.inset(by: style.borderWidth) else {
                fill(rect, value: borderValue, base: base)   // all border, no room for a label
                return true
            }
            inner = inside
            let bw = style.borderWidth
            fill(Rect(x: rect.x, y: rect.y, width: rect.width, height: bw), value: borderValue, base: base)
            fill(
                Rect(x: rect.x, y: inner.y + inner.height, width: rect.width, height: bw),
                value: borderValue, base: base)
            fill(Rect(x: rect.x, y: inner.y, width: bw, height: inner.height), value: borderValue, base: base)
            fill(
                Rect(x: inner.x + inner.width, y: inner.y, width: bw, height: inner.height),
                value: borderValue, base: base)
        } else {
            inner = rect
        }
        fill(inner, value: fillValue, base: base)
        if let label {
            blend(label, centredIn: rect, clippedTo: inner, colors: colors, base: base)
        }
        return true
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

    private func usableBase(of buffer: UnsafeMutableRawBufferPointer) -> UnsafeMutableRawPointer? {
        guard buffer.count >= layout.bufferSize else { return nil }
        return buffer.baseAddress
    }

    /// Fills a logical rect through its physical rect, row by row in memory order.
    private func fill(_ rect: Rect, value: UInt32, base: UnsafeMutableRawPointer) {
        guard let p = layout.physicalRect(ofLogical: rect) else { return }
        let bpp = layout.format.bytesPerPixel
        let count = Int(p.width)
        var rowStart = Int(p.y) * layout.strideBytes + Int(p.x) * bpp
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
    private func store(_ value: UInt32, at offset: Int, base: UnsafeMutableRawPointer) {
        var v = value
        for i in 0..<layout.format.bytesPerPixel {
            base.storeBytes(of: UInt8(truncatingIfNeeded: v), toByteOffset: offset + i, as: UInt8.self)
            v &>>= 8
        }
    }

    private func blend(
        _ label: AlphaBitmap, centredIn rect: Rect, clippedTo inner: Rect, colors: ButtonStyle.Colors,
        base: UnsafeMutableRawPointer
    ) {
        guard label.width > 0, label.height > 0 else { return }
        // Floor halves (an arithmetic shift) so that the rounding is the same for labels wider
        // than the rect as for narrower ones. Both sizes are positive, so the differences
        // cannot overflow; only the sums can, for rects at the very edge of Int32 space.
        let x = rect.x.addingReportingOverflow((rect.width - label.width) &>> 1)
        let y = rect.y.addingReportingOverflow((rect.height - label.height) &>> 1)
        guard !x.overflow, !y.overflow else { return }
        let placed = Rect(x: x.partialValue, y: y.partialValue, width: label.width, height: label.height)
        guard let clip = placed.clipped(to: inner)?.clipped(to: layout.logicalBounds) else { return }

        let textValue = layout.format.encode(colors.text)
        let steps = layout.logicalSteps
        // clip lies inside `placed`, so these are offsets into the bitmap.
        let labelX = clip.x &- placed.x
        let labelY = clip.y &- placed.y
        for row in 0..<clip.height {
            // Both on screen: clip lies inside the logical bounds.
            var offset = layout.byteOffset(x: clip.x, y: clip.y + row)!
            for column in 0..<clip.width {
                let alpha = label.coverage(x: labelX + column, y: labelY + row)
                if alpha == 255 {
                    store(textValue, at: offset, base: base)
                } else if alpha != 0 {   // 0 leaves the fill already there
                    let mixed = colors.text.blended(over: colors.fill, alpha: alpha)
                    store(layout.format.encode(mixed), at: offset, base: base)
                }
                offset += steps.x
            }
        }
    }
}
