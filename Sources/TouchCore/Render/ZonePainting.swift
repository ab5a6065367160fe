/// Paints invisible zones (buttons with `fill = none`) and puts a page's background back, in a
/// caller's framebuffer memory laid out as `layout`. The background is one colour or an image
/// already in the framebuffer's format and row order (`backdrop`, `layout.bufferSize` bytes,
/// the same layout): what a zone shows is worked out from it, never read back from the
/// framebuffer, which is often uncached and slow to read. Allocation-free; everything is
/// clipped to the screen, and a buffer smaller than the layout is refused whole.
public struct ZonePainter {
    public let layout: FramebufferLayout

    public init(layout: FramebufferLayout) {
        self.layout = layout
    }

    /// Copies the visible part of a logical rect from `backdrop` into `pixels`, one copy a
    /// physical row (the rect's rows lie along memory whatever the rotation). False (nothing
    /// written) when either buffer is smaller than the layout.
    public func restore(_ rect: Rect, from backdrop: UnsafeRawBufferPointer, in pixels: UnsafeMutableRawBufferPointer) -> Bool {
        guard let source = backdrop.baseAddress, let target = pixels.baseAddress,
            backdrop.count >= layout.bufferSize, pixels.count >= layout.bufferSize
        else { return false }
        guard let physical = layout.physicalRect(ofLogical: rect) else { return true }
        let stride = layout.strideBytes
        let bytesPerPixel = layout.format.bytesPerPixel
        let rowBytes = Int(physical.width) * bytesPerPixel
        var offset = Int(physical.y) * stride + Int(physical.x) * bytesPerPixel
        for _ in 0..<Int(physical.height) {
            (target + offset).copyMemory(from: source + offset, byteCount: rowBytes)
            offset += stride
        }
        return true
    }

    /// Zone `rect` in `state`: the background under it (`backdrop`'s pixels, or `background`
    /// without one), the state's fill blended over it (`RGBColor.blended`, exact in integers),
    /// the border (opaque, inside the rect) and the label blended in the state's text colour
    /// over that, placed as `FramebufferPainter` places a button's label. A state without a fill
    /// and a zone without border or label leave the background exactly as it is. False
    /// (nothing written) when a buffer is smaller than the layout.
    public func paint(
        zone rect: Rect, style: ZoneStyle, state: ButtonVisualState, label: AlphaBitmap?, backdrop: UnsafeRawBufferPointer?,
        background: RGBColor, in pixels: UnsafeMutableRawBufferPointer
    ) -> Bool {
        guard let target = pixels.baseAddress, pixels.count >= layout.bufferSize else { return false }
        var source: UnsafeRawPointer?
        if let backdrop {
            guard let base = backdrop.baseAddress, backdrop.count >= layout.bufferSize else { return false }
            source = base
        }
        guard let clip = rect.clipped(to: layout.logicalBounds) else { return true }
        let borderWidth = style.button.borderWidth
        // nil: all border.
        let inner: Rect? = borderWidth > 0 ? rect.inset(by: borderWidth) : rect
        let fill = style.fill(for: state)
        let text = style.button.colors(for: state).text
        var placedLabel: (bitmap: AlphaBitmap, placed: Rect, clip: Rect)?
        if let label, let inner, let placement = placement(of: label, in: rect, inside: inner, style: style.button) {
            placedLabel = (label, placement.placed, placement.clip)
        }
        if let backdrop, fill == nil, borderWidth == 0, placedLabel == nil {
            return restore(clip, from: backdrop, in: pixels)
        }

        let format = layout.format
        let bytesPerPixel = format.bytesPerPixel
        let borderValue = format.encode(style.button.border)
        let backgroundValue = format.encode(background)
        let stepX = layout.logicalSteps.x
        // The last background value met and what the fill makes of it: a floor plan is mostly
        // runs of one colour, so most pixels cost a compare.
        var lastUnder: UInt32 = 0xFFFF_FFFF
        var lastColor = RGBColor.black
        var lastValue: UInt32 = 0
        let innerLeft = inner?.x ?? 0, innerRight = inner.map { $0.x &+ $0.width } ?? 0
        let innerTop = inner?.y ?? 0, innerBottom = inner.map { $0.y &+ $0.height } ?? 0
        for row in 0..<clip.height {
            let y = clip.y &+ row
            // On screen: clip lies inside the logical bounds.
            guard var offset = layout.byteOffset(x: clip.x, y: y) else { continue }
            let borderRow = inner == nil || y < innerTop || y >= innerBottom
            var labelRow = false
            if let placedLabel { labelRow = y >= placedLabel.clip.y && y < placedLabel.clip.y &+ placedLabel.clip.height }
            for column in 0..<clip.width {
                let x = clip.x &+ column
                if borderRow || x < innerLeft || x >= innerRight {
                    ZonePainter.store(borderValue, at: target + offset, bytes: bytesPerPixel)
                } else {
                    let under = source.map { ZonePainter.load(at: $0 + offset, bytes: bytesPerPixel) } ?? backgroundValue
                    if under != lastUnder {
                        lastUnder = under
                        if let fill {
                            lastColor = fill.color.blended(over: format.decode(under), alpha: fill.alpha)
                            lastValue = format.encode(lastColor)
                        } else {
                            lastColor = format.decode(under)
                            lastValue = under
                        }
                    }
                    var value = lastValue
                    if labelRow, let placedLabel, x >= placedLabel.clip.x, x < placedLabel.clip.x &+ placedLabel.clip.width {
                        let coverage = placedLabel.bitmap.coverage(x: x &- placedLabel.placed.x, y: y &- placedLabel.placed.y)
                        if coverage > 0 { value = format.encode(text.blended(over: lastColor, alpha: coverage)) }
                    }
                    ZonePainter.store(value, at: target + offset, bytes: bytesPerPixel)
                }
                offset += stepX
            }
        }
        return true
    }

    /// The label centred across `rect` (or kept `labelInsetPx` from the inside of the border,
    /// left or right) with its line centred down it, as `FramebufferPainter` places a button's,
    /// and the part of it inside `inner` and the screen; nil when none shows.
    func placement(of label: AlphaBitmap, in rect: Rect, inside inner: Rect, style: ButtonStyle) -> (placed: Rect, clip: Rect)? {
        guard label.width > 0, label.height > 0 else { return nil }
        let x: (partialValue: Int32, overflow: Bool)
        switch style.alignment {
        case .center: x = rect.x.addingReportingOverflow((rect.width - label.width) &>> 1)
        case .left: x = inner.x.addingReportingOverflow(style.labelInsetPx)
        case .right: x = (inner.x &+ inner.width).addingReportingOverflow(-(label.width &+ style.labelInsetPx))
        }
        let y = rect.y.addingReportingOverflow(((rect.height - label.lineHeight) &>> 1) &+ label.top)
        guard !x.overflow, !y.overflow else { return nil }
        let placed = Rect(x: x.partialValue, y: y.partialValue, width: label.width, height: label.height)
        guard let clip = placed.clipped(to: inner)?.clipped(to: layout.logicalBounds) else { return nil }
        return (placed, clip)
    }

    /// A pixel value of 2, 3 or 4 bytes, least significant byte first.
    @inline(__always)
    static func load(at pointer: UnsafeRawPointer, bytes: Int) -> UInt32 {
        switch bytes {
        case 2: UInt32(UInt16(littleEndian: pointer.loadUnaligned(as: UInt16.self)))
        case 4: UInt32(littleEndian: pointer.loadUnaligned(as: UInt32.self))
        default:
            UInt32(pointer.load(fromByteOffset: 0, as: UInt8.self)) | UInt32(pointer.load(fromByteOffset: 1, as: UInt8.self)) << 8
                | UInt32(pointer.load(fromByteOffset: 2, as: UInt8.self)) << 16
        }
    }

    @inline(__always)
    static func store(_ value: UInt32, at pointer: UnsafeMutableRawPointer, bytes: Int) {
        switch bytes {
        case 2: pointer.storeBytes(of: UInt16(truncatingIfNeeded: value).littleEndian, as: UInt16.self)
        case 4: pointer.storeBytes(of: value.littleEndian, as: UInt32.self)
        default:
            for index in 0..<bytes {
                pointer.storeBytes(of: UInt8(truncatingIfNeeded: value >> UInt32(8 * index)), toByteOffset: index, as: UInt8.self)
            }
        }
    }
}
