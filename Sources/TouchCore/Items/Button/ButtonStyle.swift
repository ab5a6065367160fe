/// How a button is drawn: colours per visual state, a border of `borderWidth` pixels drawn
/// inside the rect (so a button never paints outside its configured rect), and corners rounded
/// by `radiusPx` (what the corners cut off shows what is behind: `ButtonLayers`).
public struct ButtonStyle: Hashable, Sendable {
    /// The fill and label colours of one visual state. Nested, because PanelConfig has a
    /// `ButtonColors` of its own (the configured colours) and both are imported together.
    public struct Colors: Hashable, Sendable {
        public var fill: RGBColor
        public var text: RGBColor
        /// The second line's colour (`ButtonLayers.sublabel`).
        public var subtext: RGBColor

        public init(fill: RGBColor, text: RGBColor, subtext: RGBColor? = nil) {
            self.fill = fill
            self.text = text
            self.subtext = subtext ?? text
        }
    }

    public var normal: Colors
    public var pressed: Colors
    public var disabled: Colors
    public var on: Colors
    /// A bound button waiting for its device (`ButtonVisualState.pending`).
    public var pending: Colors
    /// A bound button whose device's state is not known.
    public var unknown: Colors
    public var border: RGBColor
    /// 0 means no border.
    public var borderWidth: Int32
    /// Where the label sits across the rect; left and right keep `labelInsetPx` from the
    /// inside of the border.
    public var alignment: LabelAlignment = .center
    public var labelInsetPx: Int32 = 0
    /// The corners' radius in pixels; 0 is square. Drawn at most half the rect's smaller side.
    public var radiusPx: Int32 = 0

    public init(
        normal: Colors, pressed: Colors, disabled: Colors, on: Colors, pending: Colors, unknown: Colors,
        border: RGBColor, borderWidth: Int32
    ) {
        self.normal = normal
        self.pressed = pressed
        self.disabled = disabled
        self.on = on
        self.pending = pending
        self.unknown = unknown
        self.border = border
        self.borderWidth = borderWidth
    }

    /// A readable default: light text on dark grey, pressed inverted to near white so a touch
    /// shows at once, disabled dimmed, on in green.
    public static let standard = ButtonStyle(
        normal: Colors(fill: RGBColor(r: 0x30, g: 0x30, b: 0x30), text: .white),
        pressed: Colors(fill: RGBColor(r: 0xE0, g: 0xE0, b: 0xE0), text: .black),
        disabled: Colors(fill: RGBColor(r: 0x20, g: 0x20, b: 0x20), text: RGBColor(r: 0x70, g: 0x70, b: 0x70)),
        on: Colors(fill: RGBColor(r: 0x20, g: 0x80, b: 0x40), text: .white),
        pending: Colors(fill: RGBColor(r: 0x13, g: 0x4D, b: 0x26), text: .white),
        unknown: Colors(fill: RGBColor(r: 0x20, g: 0x20, b: 0x20), text: RGBColor(r: 0x70, g: 0x70, b: 0x70)),
        border: RGBColor(r: 0x80, g: 0x80, b: 0x80), borderWidth: 2)

    public func colors(for state: ButtonVisualState) -> Colors {
        switch state {
        case .normal: normal
        case .pressed: pressed
        case .disabled: disabled
        case .on: on
        case .pending: pending
        case .unknown: unknown
        }
    }
}
