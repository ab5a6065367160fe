/// A borrowed view of 8-bit coverage (0 = transparent, 255 = solid), row by row: a label that
/// FreeType rasterised once at start-up, so that painting it is plain integer blending.
/// The caller keeps the memory alive while the view is used.
public struct AlphaBitmap {
    public let width: Int32
    public let height: Int32
    /// Bytes from one row to the next; at least `width`.
    public let stride: Int
    public let pixels: UnsafeRawBufferPointer
    /// A label is placed by its line, not its ink: `lineHeight` rows tall, of which the bitmap
    /// is rows `top..<top + height` (those above and below are empty and not stored, so a label
    /// holds only its ink's rows). A bitmap that is its whole line: top 0, lineHeight = height.
    public let top: Int32
    public let lineHeight: Int32
    /// The label reads right to left (Hebrew, Arabic): `align = start` puts it at the right.
    public var rightToLeft = false
    /// Its colour glyphs (emoji), the same size: blended over the label where their alpha is not
    /// 0 (the label's coverage there is that alpha, so under them is the fill).
    public var colour: RGBAPixels?

    /// Nil when the sizes are negative, the rows do not fit in `pixels`, or the rows do not lie
    /// inside the line: the painter then never reads outside the memory it was given.
    public init?(width: Int32, height: Int32, stride: Int, pixels: UnsafeRawBufferPointer, top: Int32 = 0, lineHeight: Int32? = nil) {
        let line = lineHeight ?? height
        guard width >= 0, height >= 0, stride >= Int(width), top >= 0, line >= height, top <= line - height else { return nil }
        if width > 0 && height > 0 {
            let rows = stride.multipliedReportingOverflow(by: Int(height) - 1)
            guard !rows.overflow, rows.partialValue <= pixels.count - Int(width) else { return nil }
        }
        self.width = width
        self.height = height
        self.stride = stride
        self.pixels = pixels
        self.top = top
        self.lineHeight = line
    }

    /// The coverage at (x, y); both must be inside the bitmap.
    @inline(__always)
    public func coverage(x: Int32, y: Int32) -> UInt8 {
        pixels[Int(y) * stride + Int(x)]
    }
}
