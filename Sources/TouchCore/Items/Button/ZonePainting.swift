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
    /// and a zone without border or label leave the background exactly as it is. Written in
    /// passes along physical rows: the inside (copied rows without a fill; with one, each
    /// pixel tinted, a run of one colour costing a compare), the border, the rounded corners
    /// (`radius`, as a button's), then the label's ink alone. False (nothing written) when a buffer is smaller than the layout.
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
        let format = layout.format
        var tint = Tint(format: format, fill: fill, background: background)

        // The inside.
        if let inside = inner?.clipped(to: clip), let physical = layout.physicalRect(ofLogical: inside) {
            if let backdrop, fill == nil {
                _ = restore(inside, from: backdrop, in: pixels)
            } else {
                tintRows(physical, from: source, into: target, tint: &tint)
            }
        }
        // The border: the rect less the inside, as up to four bands.
        if borderWidth > 0 {
            let value = format.encode(style.button.border)
            let bands = ZonePainter.bands(of: rect, inside: inner)
            for index in 0..<4 {
                guard let part = bands[index].clipped(to: clip), let physical = layout.physicalRect(ofLogical: part) else { continue }
                fillRows(physical, value: value, into: target)
            }
        }
        paintCorners(of: rect, style: style.button, source: source, into: target, tint: &tint)
        // The label's ink, over the tinted background worked out again from the source.
        if let label, let inner,
            let placement = FramebufferPainter(layout: layout).labelPlacement(label, in: rect, inside: inner, style: style.button)
        {
            blendLabel(label, placed: placement.placed, clip: placement.clip, text: style.button.colors(for: state).text,
                       source: source, into: target, tint: &tint)
        }
        return true
    }

    /// The corners of a zone rounded by its style's radius, as `FramebufferPainter` rounds a
    /// button's: each pixel of the four corner squares gets the tinted inside, the border and
    /// the background as it is in the shares of its 16 samples, so the fill and the border
    /// follow the curve and the picture shows outside it. Only pixels that differ from the
    /// square zone are written, and only those on the screen.
    private func paintCorners(
        of rect: Rect, style: ButtonStyle, source: UnsafeRawPointer?, into target: UnsafeMutableRawPointer,
        tint: inout Tint
    ) {
        let radius = FramebufferPainter.radiusPx(of: rect, style: style)
        guard radius > 0 else { return }
        let hasInside = style.borderWidth <= 0 || rect.inset(by: style.borderWidth) != nil
        let borderPx = hasInside ? max(0, Int(style.borderWidth)) : Int(rect.width)
        let innerRadius = max(0, radius - borderPx)
        let bytesPerPixel = layout.format.bytesPerPixel
        for j in 0..<radius {
            let outerRow = FramebufferPainter.SampleRows(row: j, radius: radius)
            let innerRow = FramebufferPainter.SampleRows(row: j - borderPx, radius: innerRadius)
            for i in 0..<radius {
                let outer = outerRow.coverage(column: i)
                let inInner = i >= borderPx && j >= borderPx
                let fillShare = min(inInner ? innerRow.coverage(column: i - borderPx) : 0, outer)
                if outer == 16 && fillShare == (inInner ? 16 : 0) { continue }
                for corner in 0..<4 {
                    let x = corner & 1 == 1 ? rect.x &+ rect.width &- 1 &- Int32(i) : rect.x &+ Int32(i)
                    let y = corner & 2 == 2 ? rect.y &+ rect.height &- 1 &- Int32(j) : rect.y &+ Int32(j)
                    guard let offset = layout.byteOffset(x: x, y: y) else { continue }
                    let under = source.map { ZonePainter.load(at: $0 + offset, bytes: bytesPerPixel) } ?? tint.backgroundValue
                    _ = tint.value(over: under)
                    let inside = tint.lastColor
                    let border = style.borderWidth > 0 ? style.border : inside
                    let color = FramebufferPainter.mix(
                        inside, fillShare, border, outer - fillShare, layout.format.decode(under), 16 - outer)
                    ZonePainter.store(layout.format.encode(color), at: target + offset, bytes: bytesPerPixel)
                }
            }
        }
    }

    /// The colour a zone's inside shows over a background value, kept for the last value met:
    /// a floor plan is mostly runs of one colour.
    struct Tint {
        let format: PixelFormat
        let fill: TranslucentColor?
        let backgroundValue: UInt32
        var lastUnder: UInt32 = 0xFFFF_FFFF
        var lastColor = RGBColor.black
        var lastValue: UInt32 = 0

        init(format: PixelFormat, fill: TranslucentColor?, background: RGBColor) {
            self.format = format
            self.fill = fill
            backgroundValue = format.encode(background)
        }

        /// The pixel value over `under`, and its colour in `lastColor`.
        @inline(__always)
        mutating func value(over under: UInt32) -> UInt32 {
            if under != lastUnder {
                lastUnder = under
                lastColor = format.decode(under)
                if let fill {
                    lastColor = fill.color.blended(over: lastColor, alpha: fill.alpha)
                    lastValue = format.encode(lastColor)
                } else {
                    lastValue = under
                }
            }
            return lastValue
        }
    }

    /// Each pixel of a physical rect tinted over the source's (or the background value).
    private func tintRows(_ physical: Rect, from source: UnsafeRawPointer?, into target: UnsafeMutableRawPointer, tint: inout Tint) {
        let bytesPerPixel = layout.format.bytesPerPixel
        let rowBytes = Int(physical.width) * bytesPerPixel
        var offset = Int(physical.y) * layout.strideBytes + Int(physical.x) * bytesPerPixel
        guard let source else {
            fillRows(physical, value: tint.value(over: tint.backgroundValue), into: target)
            return
        }
        for _ in 0..<Int(physical.height) {
            var at = offset
            let end = offset + rowBytes
            switch bytesPerPixel {
            case 4:
                while at < end {
                    let under = (source + at).loadUnaligned(as: UInt32.self)
                    (target + at).storeBytes(of: tint.value(over: under), as: UInt32.self)
                    at &+= 4
                }
            case 2:
                while at < end {
                    let under = UInt32((source + at).loadUnaligned(as: UInt16.self))
                    (target + at).storeBytes(of: UInt16(truncatingIfNeeded: tint.value(over: under)), as: UInt16.self)
                    at &+= 2
                }
            default:
                while at < end {
                    ZonePainter.store(tint.value(over: ZonePainter.load(at: source + at, bytes: bytesPerPixel)), at: target + at, bytes: bytesPerPixel)
                    at &+= bytesPerPixel
                }
            }
            offset += layout.strideBytes
        }
    }

    /// A physical rect filled with one pixel value.
    private func fillRows(_ physical: Rect, value: UInt32, into target: UnsafeMutableRawPointer) {
        let bytesPerPixel = layout.format.bytesPerPixel
        var offset = Int(physical.y) * layout.strideBytes + Int(physical.x) * bytesPerPixel
        for _ in 0..<Int(physical.height) {
            var at = offset
            for _ in 0..<Int(physical.width) {
                ZonePainter.store(value, at: target + at, bytes: bytesPerPixel)
                at &+= bytesPerPixel
            }
            offset += layout.strideBytes
        }
    }

    /// The label's pixels with ink, blended in `text` over the tinted source; `clip` lies inside
    /// `placed`, the inside of the border and the screen.
    private func blendLabel(
        _ label: AlphaBitmap, placed: Rect, clip: Rect, text: RGBColor, source: UnsafeRawPointer?, into target: UnsafeMutableRawPointer,
        tint: inout Tint
    ) {
        let bytesPerPixel = layout.format.bytesPerPixel
        let stepX = layout.logicalSteps.x
        for y in clip.y..<(clip.y &+ clip.height) {
            guard var offset = layout.byteOffset(x: clip.x, y: y) else { continue }
            for x in clip.x..<(clip.x &+ clip.width) {
                let coverage = label.coverage(x: x &- placed.x, y: y &- placed.y)
                if coverage > 0 {
                    let under = source.map { ZonePainter.load(at: $0 + offset, bytes: bytesPerPixel) } ?? tint.backgroundValue
                    _ = tint.value(over: under)
                    ZonePainter.store(
                        layout.format.encode(text.blended(over: tint.lastColor, alpha: coverage)), at: target + offset, bytes: bytesPerPixel)
                }
                offset += stepX
            }
        }
    }

    /// `rect` less `inside` (nil: all of it) as four bands, top, bottom, left, right (empty
    /// ones of width or height 0).
    static func bands(of rect: Rect, inside: Rect?) -> InlineArray<4, Rect> {
        guard let inside else { return [rect, Rect(x: 0, y: 0, width: 0, height: 0), Rect(x: 0, y: 0, width: 0, height: 0), Rect(x: 0, y: 0, width: 0, height: 0)] }
        let top = inside.y &- rect.y, bottom = rect.y &+ rect.height &- inside.y &- inside.height
        let left = inside.x &- rect.x, right = rect.x &+ rect.width &- inside.x &- inside.width
        return [
            Rect(x: rect.x, y: rect.y, width: rect.width, height: top),
            Rect(x: rect.x, y: inside.y &+ inside.height, width: rect.width, height: bottom),
            Rect(x: rect.x, y: inside.y, width: left, height: inside.height),
            Rect(x: inside.x &+ inside.width, y: inside.y, width: right, height: inside.height),
        ]
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
