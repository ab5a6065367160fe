/// What a button shows besides its frame and its label, and what shows through the corners its
/// radius cuts off. The sublabel and the picture are placed from the label's line: its first
/// column and the top of its line (`FramebufferPainter.lineOrigin`), so the one who composed
/// them (the drivers' label layout) decides where each goes, and the painter centres the
/// label's line as it always has. Nothing here is drawn without a label to place it by.
public struct ButtonLayers {
    /// A second line of text, blended in the state's `subtext` colour.
    public var sublabel: AlphaBitmap?
    /// Where the sublabel's line starts, from the label's line origin.
    public var sublabelX: Int32 = 0
    public var sublabelY: Int32 = 0
    /// A picture in colour (a PNG icon), blended over the fill by its alpha.
    public var picture: RGBAPixels?
    /// Where the picture's top-left pixel goes, from the label's line origin.
    public var pictureX: Int32 = 0
    public var pictureY: Int32 = 0
    /// Behind the rounded corners: `backdrop` (the page's picture, laid out as the screen:
    /// `FramebufferLayout.bufferSize` bytes) where there is one, else `behind` (the page's
    /// colour). Read only for the corners' pixels, and only from this memory, never from the
    /// framebuffer.
    public var behind: RGBColor
    public var backdrop: UnsafeRawBufferPointer?

    public init(behind: RGBColor = .black, backdrop: UnsafeRawBufferPointer? = nil) {
        self.behind = behind
        self.backdrop = backdrop
    }

    /// Nothing but the label, square corners over black.
    public static var none: ButtonLayers { ButtonLayers() }

    /// Whether a sublabel or a picture is given.
    var hasContent: Bool { sublabel != nil || picture != nil }
}
