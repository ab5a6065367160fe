import TouchCore

/// Moves a painted frame by a logical offset in place (the screensaver's drift): each
/// physical row taken from where the rotation puts the offset, through one row of scratch
/// (a row may overlap itself), and the logical edge it leaves filled with the background.
enum FrameShift {
    /// The physical offset of a logical one under `rotation` (see `FramebufferLayout.physicalRect`).
    static func physical(_ shift: SaverShift, rotation: DisplayRotation) -> (dx: Int, dy: Int) {
        let dx = Int(shift.dx), dy = Int(shift.dy)
        switch rotation {
        case .degrees0: return (dx, dy)
        case .degrees90: return (-dy, dx)
        case .degrees180: return (-dx, -dy)
        case .degrees270: return (dy, -dx)
        }
    }

    static func apply(
        _ shift: SaverShift, layout: FramebufferLayout, painter: FramebufferPainter, background: RGBColor,
        scratch: UnsafeMutableRawBufferPointer, in pixels: UnsafeMutableRawBufferPointer
    ) {
        guard shift != .none, let base = pixels.baseAddress, let row = scratch.baseAddress else { return }
        let (dx, dy) = physical(shift, rotation: layout.rotation)
        let width = Int(layout.physicalWidth), height = Int(layout.physicalHeight)
        let bpp = layout.format.bytesPerPixel
        let count = width - abs(dx)
        guard count > 0, abs(dy) < height, scratch.count >= count * bpp else { return }
        let fromX = max(0, -dx), toX = max(0, dx)
        // Down: bottom row first, so that no row is read after it was written.
        let rows = dy > 0 ? Array(stride(from: height - 1, through: dy, by: -1)) : Array(0..<(height + dy))
        for y in rows {
            row.copyMemory(from: base + (y - dy) * layout.strideBytes + fromX * bpp, byteCount: count * bpp)
            (base + y * layout.strideBytes + toX * bpp).copyMemory(from: row, byteCount: count * bpp)
        }
        let w = layout.logicalWidth, h = layout.logicalHeight
        if shift.dx > 0 { _ = painter.fill(Rect(x: 0, y: 0, width: shift.dx, height: h), background, in: pixels) }
        if shift.dx < 0 { _ = painter.fill(Rect(x: w + shift.dx, y: 0, width: -shift.dx, height: h), background, in: pixels) }
        if shift.dy > 0 { _ = painter.fill(Rect(x: 0, y: 0, width: w, height: shift.dy), background, in: pixels) }
        if shift.dy < 0 { _ = painter.fill(Rect(x: 0, y: h + shift.dy, width: w, height: -shift.dy), background, in: pixels) }
    }
}
