import TouchCore

/// An invisible zone: a button with `fill = none`, a touch area over its page's background
/// (a floor plan's rooms). At rest nothing of it is drawn but its label, when `label` is given,
/// and its outline, when `border_px` is not 0; in a state with a fill, that fill is laid over
/// the background with its alpha. A state's fill not given on the button is the panel's at
/// half opacity (`defaultAlpha`) for the states a user acts on or waits for (pressed, on,
/// pending), and none for disabled and unknown: a zone that takes no touch, or whose device
/// is away, leaves the picture alone.
public struct ZoneLook: Equatable, Sendable {
    /// The outline's width, in the button's `border` colour; 0: none.
    public var borderPx: Int
    public var pressedFill: TranslucentColor?
    public var onFill: TranslucentColor?
    public var pendingFill: TranslucentColor?
    public var disabledFill: TranslucentColor?
    public var unknownFill: TranslucentColor?

    /// The alpha of a zone's fills taken from `[display]` (whose colours are opaque).
    public static let defaultAlpha: UInt8 = 0x80

    public init(
        borderPx: Int, pressedFill: TranslucentColor? = nil, onFill: TranslucentColor? = nil, pendingFill: TranslucentColor? = nil,
        disabledFill: TranslucentColor? = nil, unknownFill: TranslucentColor? = nil
    ) {
        self.borderPx = borderPx
        self.pressedFill = pressedFill
        self.onFill = onFill
        self.pendingFill = pendingFill
        self.disabledFill = disabledFill
        self.unknownFill = unknownFill
    }

    /// The painter's style: `button`'s label colours and border colour, this zone's border
    /// width and fills.
    public func style(over button: ButtonStyle) -> ZoneStyle {
        var button = button
        button.borderWidth = Int32(borderPx)
        return ZoneStyle(
            button: button, normal: nil, pressed: pressedFill, disabled: disabledFill, on: onFill, pending: pendingFill,
            unknown: unknownFill)
    }
}

extension TranslucentColor {
    /// `#RRGGBBAA`, or `#RRGGBB` when opaque, as `effectiveText()` writes it.
    public var hexString: String {
        guard alpha < 255 else { return color.hexString }
        let digits: StaticString = "0123456789ABCDEF"
        var text = color.hexString
        text.unicodeScalars.append(Unicode.Scalar(digits.utf8Start[Int(alpha >> 4)]))
        text.unicodeScalars.append(Unicode.Scalar(digits.utf8Start[Int(alpha & 0x0F)]))
        return text
    }
}

extension ColorSettings {
    /// The zone these settings make (`fillNone`), with `palette` the button's colours (its own
    /// over the panel's) and `borderPx` its outline.
    func zoneLook(palette: ButtonPalette, borderPx: Int) -> ZoneLook {
        func own(_ key: ButtonColorKey, _ color: RGBColor?) -> TranslucentColor? {
            color.map { TranslucentColor($0, alpha: alphas[ButtonColorKey.allCases.firstIndex(of: key) ?? 0] ?? 255) }
        }
        let on = own(.onFill, onFill) ?? TranslucentColor(palette.onFill, alpha: ZoneLook.defaultAlpha)
        return ZoneLook(
            borderPx: borderPx,
            pressedFill: own(.pressedFill, pressedFill) ?? TranslucentColor(palette.pressedFill, alpha: ZoneLook.defaultAlpha),
            onFill: on,
            pendingFill: own(.pendingFill, pendingFill) ?? TranslucentColor(on.color.dimmed, alpha: on.alpha),
            disabledFill: own(.disabledFill, disabledFill), unknownFill: own(.unknownFill, unknownFill))
    }

    /// The keys given with alpha.
    var keysWithAlpha: [ButtonColorKey] {
        ButtonColorKey.allCases.indices.filter { alphas[$0] != nil }.map { ButtonColorKey.allCases[$0] }
    }
}
