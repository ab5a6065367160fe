/// A button's look in one state, made once (`FramebufferPainter.prepare`) in the
/// framebuffer's pixel format and physical row order: its two kinds of plain row (all border;
/// border, fill, border), and what lies over them (its label, its icon) as spans of the pixels
/// that differ from the fill (`InkSpans`). Painting the button in that state writes its rows as
/// runs of their pixels, then the spans, instead of filling and blending every pixel again;
/// only the ink is kept, so a large icon costs its edges, not its area.
///
/// The rows of rounded corners are kept apart from the spans, as `edges`: their first and last
/// `edgeBytes` (whole 16-byte chunks), copied over each such row after it is filled. A
/// corner row would otherwise take two spans, and a span costs more than its pixels.
///
/// The look is one block of bytes, laid out by `prepare` and read back by `init(look:)`, so
/// that its owner can move it (`PreparedButtons` keeps looks together in one slab):
/// a header of twelve `UInt32`s (row bytes, the spans' physical rect, their count, the data's
/// bytes, the whole look's bytes, the edge rows and their bytes, whether the spans are
/// `chunked` (bit 0) and whether the rows are `runs` (bit 1), one unused), the border row,
/// the middle row (as runs: four `UInt32`s, the border row's pixel, then the middle row's
/// first, fill and last pixels), then (16-byte aligned) the edges and a byte for each edge row (its chunks
/// that differ from the plain row), then (4-byte aligned) the spans, then
/// (16-byte aligned) the spans' pixels. The look starts 16-byte aligned, so that stored
/// pixels are read 16 bytes a load.
public struct PreparedButton {
    /// A physical row of the button's visible part that is all border.
    public let borderRow: UnsafeRawBufferPointer
    /// A physical row that crosses the inside: border, fill, border.
    public let middleRow: UnsafeRawBufferPointer
    /// Instead of the two rows (both empty then), their pixels: the border row's, and the
    /// middle row's first, fill and last. A look whose rows a repaint writes as such runs (2 or
    /// 4 bytes a pixel, ends of at most 16 bytes) keeps only these, which makes a look of a
    /// 200-pixel button 1,584 bytes smaller (at 4 bytes a pixel): more looks fit the same
    /// memory.
    public let runs: (border: UInt32, left: UInt32, fill: UInt32, right: UInt32)?
    /// The bytes of a physical row of the button's visible part.
    public let rowBytes: Int
    /// The pixels over the fill; nil when the button has no label or none of it shows.
    public let ink: InkSpans?
    /// How many rows at the top of the button, and as many at its bottom, have edges.
    public let edgeRows: Int
    /// The bytes of each edge: a multiple of 16, at most half a row and `mostEdgeBytes`.
    public let edgeBytes: Int
    /// For each edge row counted from the top and then the same row counted from the bottom:
    /// its left edge, then its right edge (`4 * edgeRows * edgeBytes` bytes).
    public let edges: UnsafeRawBufferPointer
    /// For each edge row, how many 16-byte chunks of its ends differ from the plain row
    /// (counted from the row's ends; `edgeRows` bytes): a corner narrows row by row, and a
    /// repaint copies only those chunks.
    public let edgeChunks: UnsafeBufferPointer<UInt8>
    /// The bytes of the whole look, from its start.
    public let byteCount: Int

    static let headerBytes = 48
    /// The bytes of the rows kept as runs.
    static let runsBytes = 16
    static let runsFlag: UInt32 = 2
    /// The most bytes of an edge (8 chunks: a radius of 32 pixels at 4 bytes, 64 at 2): a
    /// repaint copies a row's edges in one jump into a run of at most 8 copies of each.
    static let mostEdgeBytes = 128

    /// The look `prepare` wrote at the start of `look` (which may since have moved); nil when
    /// its header does not describe bytes inside `look`. The spans themselves are checked as
    /// they are painted.
    public init?(look: UnsafeRawBufferPointer) {
        guard look.count >= PreparedButton.headerBytes, let start = look.baseAddress,
            Int(bitPattern: start) & 15 == 0
        else { return nil }
        let header = start.assumingMemoryBound(to: UInt32.self)
        let rowBytes = Int(header[0])
        let rect = Rect(
            x: Int32(truncatingIfNeeded: header[1]), y: Int32(truncatingIfNeeded: header[2]),
            width: Int32(truncatingIfNeeded: header[3]), height: Int32(truncatingIfNeeded: header[4]))
        let spanCount = Int(header[5])
        let dataBytes = Int(header[6])
        let byteCount = Int(header[7])
        let edgeRows = Int(header[8])
        let edgeBytes = Int(header[9])
        let asRuns = header[10] & PreparedButton.runsFlag != 0
        let rowsEnd = PreparedButton.headerBytes + (asRuns ? PreparedButton.runsBytes : 2 * rowBytes)
        guard byteCount <= look.count, rowsEnd <= byteCount, edgeBytes & 15 == 0, edgeBytes <= rowBytes / 2,
            edgeBytes <= PreparedButton.mostEdgeBytes,
            edgeRows <= byteCount / 4, edgeRows == 0 || edgeBytes > 0
        else { return nil }
        let edgesAt = edgeRows > 0 ? PreparedButton.aligned16(rowsEnd) : rowsEnd
        let chunksAt = edgesAt + 4 * edgeRows * edgeBytes
        let edgesEnd = chunksAt + edgeRows
        guard edgesEnd <= byteCount else { return nil }
        self.rowBytes = rowBytes
        if asRuns {
            let values = (start + PreparedButton.headerBytes).assumingMemoryBound(to: UInt32.self)
            runs = (values[0], values[1], values[2], values[3])
            borderRow = UnsafeRawBufferPointer(start: start + PreparedButton.headerBytes, count: 0)
            middleRow = borderRow
        } else {
            runs = nil
            borderRow = UnsafeRawBufferPointer(start: start + PreparedButton.headerBytes, count: rowBytes)
            middleRow = UnsafeRawBufferPointer(start: start + PreparedButton.headerBytes + rowBytes, count: rowBytes)
        }
        self.edgeRows = edgeRows
        self.edgeBytes = edgeBytes
        edges = UnsafeRawBufferPointer(start: start + edgesAt, count: chunksAt - edgesAt)
        edgeChunks = UnsafeBufferPointer(start: (start + chunksAt).assumingMemoryBound(to: UInt8.self), count: edgeRows)
        self.byteCount = byteCount
        guard rect.width > 0, rect.height > 0 else {
            ink = nil
            return
        }
        let spansAt = PreparedButton.aligned(edgesEnd)
        guard spanCount <= byteCount / InkSpans.spanBytes else { return nil }
        let dataStart = PreparedButton.aligned16(spansAt + InkSpans.spanBytes * spanCount)
        guard dataStart + dataBytes <= byteCount else { return nil }
        ink = InkSpans(
            physicalRect: rect, data: UnsafeRawBufferPointer(start: start + dataStart, count: dataBytes),
            spans: (start + spansAt).assumingMemoryBound(to: UInt32.self), spanCount: spanCount, chunked: header[10] & 1 != 0)
    }

    /// `offset` rounded up to a multiple of 4.
    @inline(__always)
    static func aligned(_ offset: Int) -> Int { (offset + 3) & ~3 }

    /// `offset` rounded up to a multiple of 16.
    @inline(__always)
    static func aligned16(_ offset: Int) -> Int { (offset + 15) & ~15 }
}
