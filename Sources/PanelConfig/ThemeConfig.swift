import TouchCore

/// The looks of `[theme]` that `[display]` never had: what every button inherits unless its
/// own section says otherwise. The looks `[display]` has always taken (colours, `border_px`,
/// `font_size`, the slider colours) are resolved into `DisplayConfig`, where the drawing side
/// has always read them, whichever of the two sections gave them.
public struct ThemeConfig: Equatable, Sendable {
    /// `font_size_max`: a button whose `font_size` is given nowhere (itself, `[theme]`,
    /// `[display]`) takes the largest size up to this at which its label fits. Nil when the
    /// panel gives a `font_size`: every button then starts from that (`DisplayConfig.fontSize`).
    public var fontSizeMax: Int?
    /// `radius`: every button's corner radius in pixels before it is clamped to its own rect.
    public var radiusPx: Int
    /// `sublabel_size`: the second line's size in pixels.
    public var sublabelSizePx: Int
    /// `sublabel_color`; nil: the label's colour in each state.
    public var sublabelColor: RGBColor?
    /// `icon_size`; nil: fitted to the button.
    public var iconSizePx: Int?
    /// `icon_position`.
    public var iconPosition: IconPosition

    /// Large enough to read across a room, small enough that a label of two short words still
    /// fits a quarter of a 7" display (185x145) on one line.
    public static let defaultFontSizeMax = 48
    /// Two thirds of the label size buttons had before labels were fitted (24): a second line
    /// that reads as secondary.
    public static let defaultSublabelSizePx = 16
    /// Square corners, as before `radius` existed.
    public static let defaultRadiusPx = 0
    /// A radius never needs more than half the largest display side; larger is clamped anyway.
    static let radiusRange: ClosedRange<Int> = 0...4096

    public init(
        fontSizeMax: Int? = ThemeConfig.defaultFontSizeMax, radiusPx: Int = ThemeConfig.defaultRadiusPx,
        sublabelSizePx: Int = ThemeConfig.defaultSublabelSizePx, sublabelColor: RGBColor? = nil,
        iconSizePx: Int? = nil, iconPosition: IconPosition = .top
    ) {
        self.fontSizeMax = fontSizeMax
        self.radiusPx = radiusPx
        self.sublabelSizePx = sublabelSizePx
        self.sublabelColor = sublabelColor
        self.iconSizePx = iconSizePx
        self.iconPosition = iconPosition
    }

    /// A panel without `[theme]` and without a `font_size`.
    public static let defaults = ThemeConfig()

    /// `radiusPx` as drawn on a `width` x `height` rect: at most half its smaller side, so a
    /// large radius (`radius = 999`) makes a pill, or a circle of a square.
    public static func clampedRadiusPx(_ radiusPx: Int, width: Int32, height: Int32) -> Int {
        max(0, min(radiusPx, Int(min(width, height)) / 2))
    }
}
