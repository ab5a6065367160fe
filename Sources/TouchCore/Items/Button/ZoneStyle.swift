/// A colour laid over what is already on the screen with `alpha` (0: not at all, 255: it alone):
/// an invisible zone's fills, which tint a page's background image instead of hiding it.
public struct TranslucentColor: Hashable, Sendable {
    public var color: RGBColor
    public var alpha: UInt8

    public init(_ color: RGBColor, alpha: UInt8) {
        self.color = color
        self.alpha = alpha
    }
}

/// How an invisible zone (a button with `fill = none`) is drawn: per visual state a fill laid
/// over the background, or none (the background shows as it is), and the button's own style
/// for its label colours, its border (opaque, drawn inside the rect) and its label's place.
public struct ZoneStyle: Hashable, Sendable {
    public var button: ButtonStyle
    public var normal: TranslucentColor?
    public var pressed: TranslucentColor?
    public var disabled: TranslucentColor?
    public var on: TranslucentColor?
    public var pending: TranslucentColor?
    public var unknown: TranslucentColor?

    public init(
        button: ButtonStyle, normal: TranslucentColor? = nil, pressed: TranslucentColor? = nil, disabled: TranslucentColor? = nil,
        on: TranslucentColor? = nil, pending: TranslucentColor? = nil, unknown: TranslucentColor? = nil
    ) {
        self.button = button
        self.normal = normal
        self.pressed = pressed
        self.disabled = disabled
        self.on = on
        self.pending = pending
        self.unknown = unknown
    }

    /// The fill laid over the background in `state`; nil: none.
    public func fill(for state: ButtonVisualState) -> TranslucentColor? {
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
