/// Labels and pictures blended over the fill under them, by coverage or by alpha, pixel by pixel.
extension FramebufferPainter {
    /// The visible part `clip` of a picture placed at `placed`, blended by its alpha over
    /// `fill` (what lies under it: the fill, a label never overlapping it).
    func blend(_ picture: RGBAPixels, placed: Rect, clip: Rect, fill: RGBColor, base: UnsafeMutableRawPointer) {
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
    func blend(
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
