/// The pixels of a prepared look that differ from its plain fill: runs of stored pixels, and
/// runs of one repeated pixel (the solid inside of a glyph or an icon) kept as that pixel
/// alone. A repaint writes the fill and then only these, so a look holds its ink's edges, not
/// its label's whole rect. A borrowed view into a look (`PreparedButton`).
///
/// Each span is three `UInt32`s: the byte of its first pixel in its row (low 16 bits) and its
/// first row (high 16 bits); its length in bytes (bits 0-15), its rows less one (bits 16-30)
/// and whether it is solid (bit 31); then the byte offset of its pixels in `data` (a row's
/// after another's), or for a solid span its pixel repeated across the word (two of 2 bytes).
/// Spans carry their row, so a repaint walks the spans alone, never the rows between them (a
/// rounded button's ink block is its whole height, most of its rows with one span or none);
/// rows whose spans start and end alike (a glyph's stem, an icon's straight side) share one
/// span, so a repaint decodes and checks it once; and spans count bytes, so a repaint
/// multiplies nothing by the pixel's.
public struct InkSpans {
    /// Where the spans lie, in physical pixels: row `r` of the spans is physical row
    /// `physicalRect.y + r`, their columns count from `physicalRect.x`.
    public let physicalRect: Rect
    /// The stored pixels of every span that is not solid.
    public let data: UnsafeRawBufferPointer
    let spans: UnsafePointer<UInt32>
    public let spanCount: Int
    /// Every stored span is whole 16-byte chunks at a 16-byte offset in `data`, and every
    /// solid one at least 16 bytes of 2- or 4-byte pixels: a repaint copies them without a call.
    public let chunked: Bool

    static let spanWords = 3
    static let spanBytes = 4 * spanWords
    static let solidFlag: UInt32 = 0x8000_0000
    /// The most rows one span covers (15 bits of its second word).
    static let mostRows = 0x8000
    /// The most bytes of a span and of a row's bytes before it (16 bits each): a block wider
    /// than this has no spans (`prepare` makes no look of it).
    static let mostBytes = 0xFFFF
    /// Fill pixels between two runs of ink shorter than this are kept in one span: a repaint
    /// writes the fill and then copies a span in one call (`memcpy`), and a span costs a few
    /// dozen instructions of its own, more than copying a gap's pixels. (Spans split at gaps
    /// of 8 pixels made a repaint of the benchmark's icon buttons nearly twice as costly.)
    static let shortestGapPx = 64
    /// A run of one pixel value at least this long is kept as that value alone: the solid
    /// inside of a large icon's shape.
    static let shortestSolidPx = 64

    /// The most spans a row of `widthPx` pixels can have: a stored span is at least one pixel
    /// and never next to another, a solid one at least `shortestSolidPx` pixels.
    static func mostSpans(inRowOf widthPx: Int) -> Int { widthPx / 4 + 2 }

    /// The pixels in 16 bytes at `bytesPerPixel` (2 or 4); 0 at 3, where spans are not padded.
    static func pixelsPerChunk(bytesPerPixel: Int) -> Int { bytesPerPixel == 3 ? 0 : 16 / bytesPerPixel }

    /// The most bytes of stored pixels a block's spans can take: every pixel, and each span
    /// padded to whole 16-byte chunks.
    static func mostDataBytes(widthPx: Int, heightPx: Int, bytesPerPixel: Int) -> Int {
        heightPx * (widthPx + mostSpans(inRowOf: widthPx) * pixelsPerChunk(bytesPerPixel: bytesPerPixel)) * bytesPerPixel
    }

    /// Span `index` as (first row, first byte, bytes, rows, solid, offset into `data` or the
    /// solid word).
    @inline(__always)
    func span(_ index: Int) -> (row: Int, xBytes: Int, bytes: Int, rows: Int, solid: Bool, value: UInt32) {
        let place = spans[InkSpans.spanWords &* index]
        let length = spans[InkSpans.spanWords &* index &+ 1]
        return (
            Int(place >> 16), Int(place & 0xFFFF), Int(length & 0xFFFF), Int(length >> 16 & 0x7FFF) &+ 1,
            length & InkSpans.solidFlag != 0, spans[InkSpans.spanWords &* index &+ 2]
        )
    }

    /// What the spans of a look's block come to: how many, and the bytes of stored pixels.
    struct Encoded {
        var spanCount = 0
        var dataBytes = 0
        /// Every span is whole chunks (`InkSpans.chunked`).
        var chunked = true
        /// The first and last rows with a span (0 and -1 when there is none).
        var firstRow = 0
        var lastRow = -1
    }

    /// Encodes a block of `heightPx` rows of `widthPx` pixels (`bytesPerPixel` each, rows
    /// `rowBytes` apart from `block`) against what a repaint writes under it first: row `r`
    /// against the pixels from `under(r)` (the look's border row or middle row, from the
    /// block's first column), so only what differs is kept. The spans go to `spans` in row
    /// order (room for `heightPx * mostSpans(inRowOf: widthPx)`), each row counted from
    /// `firstRow` on, and the stored pixels to `data` (room for `mostDataBytes`). At 2 and 4 bytes a pixel a stored span is padded to whole 16-byte
    /// chunks with the pixels that really follow it (or precede it, at the row's end), so that
    /// a repaint copies it 16 bytes a load and store, without a call: what the padding writes
    /// is what is there anyway. At 3 bytes a pixel spans are not padded and none is solid (a
    /// repeated 3-byte pixel does not fill 16-byte stores).
    static func encode(
        block: UnsafeRawPointer, widthPx: Int, heightPx: Int, rowBytes: Int, bytesPerPixel bpp: Int,
        under: (Int) -> UnsafeRawPointer, spans: UnsafeMutablePointer<UInt32>, data: UnsafeMutableRawPointer
    ) -> Encoded {
        var encoded = Encoded()
        let shortestSolid = bpp == 3 ? Int.max : shortestSolidPx
        let chunk = pixelsPerChunk(bytesPerPixel: bpp)
        @inline(__always) func pixel(_ row: UnsafeRawPointer, _ x: Int) -> UInt32 {
            switch bpp {
            case 4: return row.load(fromByteOffset: 4 * x, as: UInt32.self)
            case 2: return UInt32(row.load(fromByteOffset: 2 * x, as: UInt16.self))
            default:
                let byte = (row + bpp * x).assumingMemoryBound(to: UInt8.self)
                return UInt32(byte[0]) | UInt32(byte[1]) << 8 | UInt32(byte[2]) << 16
            }
        }
        func add(row r: Int, x: Int, lengthPx: Int, solid: Bool, value: UInt32) {
            if encoded.spanCount == 0 { encoded.firstRow = r }
            encoded.lastRow = r
            let bytes = lengthPx * bpp
            let place = UInt32(x * bpp) | UInt32(r) << 16
            let length = UInt32(bytes) | (solid ? solidFlag : 0)
            let word = solid && bpp == 2 ? value & 0xFFFF | value << 16 : value
            // The row below the last span, alike: that span takes one row more (a stored
            // span's pixels follow its last row's, as they were just written).
            if encoded.spanCount > 0 {
                let last = spanWords * (encoded.spanCount - 1)
                let rows = Int(spans[last + 1] >> 16 & 0x7FFF) + 1
                if spans[last] &+ UInt32(rows) << 16 == place, spans[last + 1] & ~0x7FFF_0000 == length, rows < mostRows,
                    solid ? spans[last + 2] == word : Int(spans[last + 2]) + rows * bytes == Int(value)
                {
                    spans[last + 1] += 1 << 16
                    return
                }
            }
            let at = spanWords * encoded.spanCount
            spans[at] = place
            spans[at + 1] = length
            spans[at + 2] = word
            if bpp == 3 || (solid ? bytes < 16 : bytes & 15 != 0 || value & 15 != 0) { encoded.chunked = false }
            encoded.spanCount += 1
        }
        func stored(_ row: UnsafeRawPointer, _ r: Int, from start: Int, to end: Int) {
            var first = start
            var count = end - start
            // Padded where the row has room for it; otherwise the span is copied as it is.
            let padded = chunk > 0 ? (count + chunk - 1) / chunk * chunk : count
            if padded <= widthPx {
                count = padded
                first = min(start, widthPx - padded)
            }
            let bytes = count * bpp
            (data + encoded.dataBytes).copyMemory(from: row + first * bpp, byteCount: bytes)
            add(row: r, x: first, lengthPx: count, solid: false, value: UInt32(encoded.dataBytes))
            encoded.dataBytes += bytes
        }
        /// The first pixel from `start` on (before `end`) where `row` differs from `plain`: 4
        /// pixels a test at 4 bytes a pixel, 8 at 2 (most of a block is what lies under it).
        @inline(__always) func firstDifference(_ row: UnsafeRawPointer, _ plain: UnsafeRawPointer, from start: Int, to end: Int) -> Int {
            var x = start
            switch bpp {
            case 4:
                @inline(__always) func word(_ p: UnsafeRawPointer, _ i: Int) -> UInt32 { p.load(fromByteOffset: 4 * i, as: UInt32.self) }
                while end - x >= 4
                    && (word(row, x) ^ word(plain, x)) | (word(row, x + 1) ^ word(plain, x + 1))
                        | (word(row, x + 2) ^ word(plain, x + 2)) | (word(row, x + 3) ^ word(plain, x + 3)) == 0
                {
                    x += 4
                }
            case 2:
                @inline(__always) func half(_ p: UnsafeRawPointer, _ i: Int) -> UInt16 { p.load(fromByteOffset: 2 * i, as: UInt16.self) }
                while end - x >= 4
                    && (half(row, x) ^ half(plain, x)) | (half(row, x + 1) ^ half(plain, x + 1))
                        | (half(row, x + 2) ^ half(plain, x + 2)) | (half(row, x + 3) ^ half(plain, x + 3)) == 0
                {
                    x += 4
                }
            default:
                break
            }
            while x < end && pixel(row, x) == pixel(plain, x) { x += 1 }
            return x
        }
        for r in 0..<heightPx {
            let row = block + r * rowBytes
            let plain = under(r)
            var x = 0
            while x < widthPx {
                x = firstDifference(row, plain, from: x, to: widthPx)
                guard x < widthPx else { break }
                var start = x
                while x < widthPx {
                    let value = pixel(row, x)
                    if value == pixel(plain, x) {
                        let gapEnd = firstDifference(row, plain, from: x + 1, to: widthPx)
                        if gapEnd == widthPx || gapEnd - x >= shortestGapPx { break }
                        x = gapEnd
                        continue
                    }
                    var runEnd = x + 1
                    while runEnd < widthPx && pixel(row, runEnd) == value { runEnd += 1 }
                    if runEnd - x >= shortestSolid {
                        if x > start { stored(row, r, from: start, to: x) }
                        add(row: r, x: x, lengthPx: runEnd - x, solid: true, value: value)
                        start = runEnd
                    }
                    x = runEnd
                }
                if x > start { stored(row, r, from: start, to: x) }
            }
        }
        return encoded
    }
}
