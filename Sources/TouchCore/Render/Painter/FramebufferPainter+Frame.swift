/// A button's frame: its border and fill, painted first, and the area inside the border that its label may use.
extension FramebufferPainter {
    /// Where a button's label may go: inside its border. Nil for a rect that is not drawn or
    /// is all border.
    func labelArea(of rect: Rect, style: ButtonStyle) -> Rect? {
        guard FramebufferPainter.isDrawn(rect) else { return nil }
        return style.borderWidth > 0 ? rect.inset(by: style.borderWidth) : rect
    }

    /// The border and the fill of a button; returns the rect inside the border for the label,
    /// or nil when there is no room for one (or the rect is not drawn at all).
    func paintFrame(rect: Rect, style: ButtonStyle, fill fillColor: RGBColor, base: UnsafeMutableRawPointer) -> Rect? {
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
    static func pattern(of value: UInt32, bytes: Int) -> SIMD4<UInt32> {
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
}
