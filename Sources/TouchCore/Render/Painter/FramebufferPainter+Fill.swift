/// Plain rects: the screen cleared, a rect filled in one colour or copied between two buffers, and the pixel store the blends share.
extension FramebufferPainter {
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
}
