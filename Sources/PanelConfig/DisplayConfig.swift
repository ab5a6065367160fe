import TouchCore
/// `[display]`: the panel's size in pixels (button rects lie inside it), the framebuffer it
/// is drawn on, and how buttons look.
public struct DisplayConfig: Equatable, Sendable {
    /// The size of the panel as the user sees it, the space button rects are given in.
    /// With a rotation of 90 or 270 the framebuffer is `height` pixels wide and `width` high.
    public var width: Int32
    public var height: Int32
    /// The framebuffer device to draw on.
    public var framebuffer: String
    /// How the panel's picture is turned on the framebuffer, clockwise (TouchCore's convention).
    public var rotation: DisplayRotation
    /// The TrueType/OpenType font button labels are drawn in, and its size in pixels.
    public var font: String
    public var fontSize: Int
    /// The background, and the colours every button starts from.
    public var colors: PanelColors
    /// The width of every button's border in pixels; 0 draws none.
    public var borderPx: Int
    /// `budget_us`: every frame whose INT edge to pixels took longer is logged; nil: none is.
    public var budgetUs: Int?

    public static let defaultFramebuffer = "/dev/fb0"
    public static let defaultFont = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    public static let defaultFontSize = 24
    public static let defaultBorderPx = 2

    public init(
        width: Int32, height: Int32, framebuffer: String = DisplayConfig.defaultFramebuffer,
        rotation: DisplayRotation = .degrees0, font: String = DisplayConfig.defaultFont,
        fontSize: Int = DisplayConfig.defaultFontSize, colors: PanelColors = .defaults,
        borderPx: Int = DisplayConfig.defaultBorderPx, budgetUs: Int? = nil
    ) {
        self.width = width
        self.height = height
        self.framebuffer = framebuffer
        self.rotation = rotation
        self.font = font
        self.fontSize = fontSize
        self.colors = colors
        self.borderPx = borderPx
        self.budgetUs = budgetUs
    }
}
