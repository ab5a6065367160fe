/// A button's look in one state, made once (`FramebufferPainter.prepare`) in the
/// framebuffer's pixel format and physical row order: its two kinds of row, and its label
/// already blended over the fill. Painting the button in that state then writes its rows
/// from these (as runs of their pixels, or copies) and copies the label's, instead of filling
/// and blending every pixel again. A borrowed view: the caller owns the memory and keeps it
/// alive while the view is used.
public struct PreparedButton {
    /// A physical row of the button's visible part that is all border.
    public let borderRow: UnsafeRawBufferPointer
    /// A physical row that crosses the inside: border, fill, border.
    public let middleRow: UnsafeRawBufferPointer
    /// The label's visible part; nil when the button has no label or none of it shows.
    public let label: BlendedLabel?

    public init(borderRow: UnsafeRawBufferPointer, middleRow: UnsafeRawBufferPointer, label: BlendedLabel?) {
        self.borderRow = borderRow
        self.middleRow = middleRow
        self.label = label
    }
}

/// A label blended over a state's fill: `height` rows of `width` pixels for the physical rect.
public struct BlendedLabel {
    public let physicalRect: Rect
    public let pixels: UnsafeRawBufferPointer

    public init(physicalRect: Rect, pixels: UnsafeRawBufferPointer) {
        self.physicalRect = physicalRect
        self.pixels = pixels
    }
}
