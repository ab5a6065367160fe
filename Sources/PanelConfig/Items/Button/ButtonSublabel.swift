import TouchCore

/// `sublabel`: a second, smaller line of text under a button's label (a state, a unit, a
/// reading), with its size and colour.
public struct ButtonSublabel: Equatable, Sendable {
    /// One line: a line break in it is refused.
    public var text: String
    /// `sublabel_size`, in pixels: the size it is drawn at, made smaller only where it does
    /// not fit the button's width.
    public var sizePx: Int
    /// `sublabel_color`: its colour at rest; nil: the label's.
    public var color: RGBColor?

    public init(text: String, sizePx: Int = ThemeConfig.defaultSublabelSizePx, color: RGBColor? = nil) {
        self.text = text
        self.sizePx = sizePx
        self.color = color
    }

    /// Its colour in `state`: `sublabel_color` at rest, and in every other look that look's
    /// label colour. A dim second line at rest (the usual wish) would be lost on a bright on or
    /// pressed fill, and read as live on a disabled button; each look's label colour was chosen
    /// to read on its fill, and to say what the look says.
    public func color(in state: ButtonVisualState, palette: ButtonPalette) -> RGBColor {
        switch state {
        case .normal: color ?? palette.text
        case .pressed: palette.resolvedPressedText
        case .on: palette.resolvedOnText
        case .disabled: palette.disabledText
        case .pending: palette.resolvedPendingText
        case .unknown: palette.unknownText
        }
    }
}
