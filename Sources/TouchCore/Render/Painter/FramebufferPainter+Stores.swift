/// The SIMD stores and copies under fills, frames and prepared looks: rows as runs of one pixel, spans as 16-byte chunks.
extension FramebufferPainter {
    /// The spans of a `chunked` look: a solid span as stores of its repeated word, a stored
    /// one 16 bytes a load and a store (one jump into a run of up to 16 of them, after groups
    /// of 16 for a longer one), row after row for a span of several rows. No call, so the
    /// loop keeps its values in registers: a look has about one span for each row of its ink
    /// not shared with the row above, and this is most of a repaint's cost after the fill.
    @inline(never)
    static func paintChunks(_ ink: InkSpans, at first: UnsafeMutableRawPointer, stride: Int, widthBytes: Int) {
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
    static func paintAny(
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
    static func storeRows(
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
    static func storeRuns(
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
    static func storeMiddleRows(
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
    static func repeated(pixelAt pixel: UnsafeRawPointer, bytes: Int) -> SIMD4<UInt32> {
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
}
