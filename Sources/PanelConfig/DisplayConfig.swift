import TouchCore
/// `[display]`: the panel's size in pixels (button rects lie inside it), the framebuffer it
/// is drawn on, and how buttons look.
public struct DisplayConfig: Equatable, Sendable {
    /// The panel's size in its native orientation: the framebuffer's xres and yres, what a
    /// board preset knows. `rotation` turns it; button rects are given in the turned picture
    /// (`logicalWidth` x `logicalHeight`), so rotating a panel is one setting.
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

    /// The picture as the user sees it, the space button rects are given in.
    public var logicalWidth: Int32 { rotation.swapsAxes ? height : width }
    public var logicalHeight: Int32 { rotation.swapsAxes ? width : height }

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
