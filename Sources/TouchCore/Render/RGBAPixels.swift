/// A borrowed view of a picture in 8-bit RGBA (red, green, blue, alpha; alpha straight, not
/// premultiplied), row by row: a PNG icon decoded once at start-up. The caller keeps the
/// memory alive while the view is used.
public struct RGBAPixels {
    public let width: Int32
    public let height: Int32
    /// Bytes from one row to the next; at least `4 * width`.
    public let stride: Int
    public let pixels: UnsafeRawBufferPointer

    /// Nil when the sizes are negative or the rows do not fit in `pixels`: the painter then
    /// never reads outside the memory it was given.
    public init?(width: Int32, height: Int32, stride: Int, pixels: UnsafeRawBufferPointer) {
        guard width >= 0, height >= 0, stride >= 4 * Int(width) else { return nil }
        if width > 0 && height > 0 {
            let rows = stride.multipliedReportingOverflow(by: Int(height) - 1)
            guard !rows.overflow, rows.partialValue <= pixels.count - 4 * Int(width) else { return nil }
        }
        self.width = width
        self.height = height
        self.stride = stride
        self.pixels = pixels
    }
}
