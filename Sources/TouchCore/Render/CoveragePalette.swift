/// A label's text colour over its fill at each of the 256 coverages, as pixel values of one
/// format: blending a label through it is a lookup a pixel, without a test or arithmetic.
/// Working out all 256 costs more than the few dozen coverages of one label (which
/// `FramebufferPainter` otherwise works out as it meets them), so it pays where the same look
/// is painted again and again with new text: a text item, whose value changes and whose
/// colours do not. Fixed size (1 KiB of values), no allocation.
public struct CoveragePalette: Sendable {
    /// What the values were worked out for; nil before the first `use`.
    public private(set) var colors: ButtonStyle.Colors?
    public private(set) var format: PixelFormat?
    /// Read through `values.span` (as `FramebufferPainter` does): indexing the InlineArray of
    /// a borrowed palette copied all 1 KiB of it for each pixel.
    private(set) var values = InlineArray<256, UInt32>(repeating: 0)

    public init() {}

    /// Makes this the palette of `colors` in `format`, working the values out again only when
    /// either differs from the last time.
    public mutating func use(_ colors: ButtonStyle.Colors, in format: PixelFormat) {
        guard colors != self.colors || format != self.format else { return }
        // Coverage 0 is the fill and 255 the text colour, exactly (`RGBColor.blended`).
        for coverage in 0..<256 {
            values[coverage] = format.encode(colors.text.blended(over: colors.fill, alpha: UInt8(coverage)))
        }
        self.colors = colors
        self.format = format
    }

    /// The pixel value at this coverage.
    @inline(__always)
    public subscript(coverage: UInt8) -> UInt32 { values.span[Int(coverage)] }
}
