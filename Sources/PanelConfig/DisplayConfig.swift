import TouchCore
/// `[display]`: the panel's size in pixels (button rects lie inside it), the framebuffer it
/// is drawn on, and how buttons look.
public struct DisplayConfig: Equatable, Sendable {
    /// The panel's size in its native orientation: the framebuffer's xres and yres, what a
    /// board preset knows. `rotation` turns it; button rects are given in the turned picture
    /// (`logicalWidth` x `logicalHeight`), so rotating a panel is one setting.
    public var width: Int32
    public var height: Int32
    /// The framebuffer device to draw on (`output = fbdev`, or `auto` without DRM).
    public var framebuffer: String
    /// DRM/KMS or fbdev: `auto` prefers DRM and falls back to fbdev, saying why.
    public var output: DisplayOutputChoice
    /// The DRM card; nil: the first /dev/dri/cardN with a connected connector.
    public var card: String?
    /// The DRM connector by its kernel name (HDMI-A-1, DSI-1); nil: the first connected one.
    public var connector: String?
    /// The DRM buffers' pixel format: both are offered by every Pi's primary plane.
    public var drmFormat: DRMPixelFormat
    /// How the panel's picture is turned on the framebuffer, clockwise (TouchCore's convention).
    public var rotation: DisplayRotation
    /// The TrueType/OpenType font labels are drawn in, and its size in pixels.
    public var font: String
    /// The fonts after `font` in `font = PATH, PATH...`: a character `font` lacks is drawn from
    /// the first of these that has it (Arabic, CJK, colour emoji).
    public var fallbackFonts: [String]
    /// `font` as written when it names a font by its file name (found in `FontFiles.folders`):
    /// what `check` prints back, since the paths found may not fit libinih's line. Nil: as the
    /// paths.
    public var fontsAsWritten: String?
    public var fontSize: Int
    /// `icon_font`: the font buttons' icons come from (nil: none; an `icon` needs one).
    public var iconFont: String?
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
    /// The most fonts one chain takes: each is a FreeType face held open.
    public static let fontChainLimit = 8

    /// `font` and the fonts after it, in the order a character is looked for in them.
    public var fonts: [String] { [font] + fallbackFonts }
    public static let defaultBorderPx = 2
    /// Where Debian's fonts-materialdesignicons-webfont puts its font.
    public static let materialDesignIconsFont = "/usr/share/fonts/truetype/materialdesignicons-webfont/materialdesignicons-webfont.ttf"

    public init(
        width: Int32, height: Int32, framebuffer: String = DisplayConfig.defaultFramebuffer,
        output: DisplayOutputChoice = .auto, card: String? = nil, connector: String? = nil,
        drmFormat: DRMPixelFormat = .xrgb8888,
        rotation: DisplayRotation = .degrees0, font: String = DisplayConfig.defaultFont, fallbackFonts: [String] = [],
        fontSize: Int = DisplayConfig.defaultFontSize, iconFont: String? = nil, colors: PanelColors = .defaults,
        borderPx: Int = DisplayConfig.defaultBorderPx, budgetUs: Int? = nil
    ) {
        self.width = width
        self.height = height
        self.framebuffer = framebuffer
        self.output = output
        self.card = card
        self.connector = connector
        self.drmFormat = drmFormat
        self.rotation = rotation
        self.font = font
        self.fallbackFonts = fallbackFonts
        fontsAsWritten = nil
        self.fontSize = fontSize
        self.iconFont = iconFont
        self.colors = colors
        self.borderPx = borderPx
        self.budgetUs = budgetUs
    }
}

/// `[display] output`: where the panel draws.
public enum DisplayOutputChoice: String, Equatable, Sendable {
    /// DRM/KMS when a card with a connected connector can be had, else fbdev (logged).
    case auto
    /// DRM/KMS only: page flips on vblank, no tearing.
    case drm
    /// The framebuffer device only (`framebuffer`): DRM's fbdev emulation, or a real fbdev.
    case fbdev
}

/// `[display] drm_format`: 32-bit XRGB8888 (the default: exact colours), or 16-bit RGB565
/// (half the memory and bandwidth; colours rounded to 5-6-5 bits).
public enum DRMPixelFormat: String, Equatable, Sendable {
    case xrgb8888
    case rgb565
}
