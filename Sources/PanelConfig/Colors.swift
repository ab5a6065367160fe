import TouchCore

/// Colours are TouchCore's `RGBColor`, written `#RRGGBB` in the config.
extension RGBColor {
    /// Five eighths of each channel: the pending look's default, the on colour half-way out.
    public var dimmed: RGBColor {
        RGBColor(r: UInt8(UInt16(r) * 5 / 8), g: UInt8(UInt16(g) * 5 / 8), b: UInt8(UInt16(b) * 5 / 8))
    }

    /// `#RRGGBB` with upper-case digits, as `effectiveText()` writes it.
    public var hexString: String {
        let digits: StaticString = "0123456789ABCDEF"
        var text = "#"
        for channel in [r, g, b] {
            text.unicodeScalars.append(Unicode.Scalar(digits.utf8Start[Int(channel >> 4)]))
            text.unicodeScalars.append(Unicode.Scalar(digits.utf8Start[Int(channel & 0x0F)]))
        }
        return text
    }
}

/// The colours of one button: its own `[button NAME]` overrides over the panel's `[display]`
/// colours. Which fill is drawn follows the button's state: `pressedFill` while a touch holds
/// it, `disabledFill` when `enabled = no`, `onFill` for a latched button that is on, `fill`
/// otherwise.
public struct ButtonPalette: Equatable, Sendable {
    public var fill: RGBColor
    public var pressedFill: RGBColor
    public var disabledFill: RGBColor
    public var onFill: RGBColor
    public var border: RGBColor
    public var text: RGBColor
    /// The label's colour while pressed and while latched on; nil: `text`.
    public var pressedText: RGBColor?
    public var onText: RGBColor?
    /// The label's colour while disabled: dimmed by default, so a disabled button reads as one.
    public var disabledText: RGBColor
    /// A bound button waiting for its device after a tap; nil: `onFill` dimmed, and the label
    /// as `onText`.
    public var pendingFill: RGBColor?
    public var pendingText: RGBColor?
    /// A bound button whose device's state is not known (the broker is away).
    public var unknownFill: RGBColor
    public var unknownText: RGBColor

    public init(
        fill: RGBColor = PanelColors.defaults.fill, pressedFill: RGBColor = PanelColors.defaults.pressedFill,
        disabledFill: RGBColor = PanelColors.defaults.disabledFill, onFill: RGBColor = PanelColors.defaults.onFill,
        border: RGBColor = PanelColors.defaults.border, text: RGBColor = PanelColors.defaults.text,
        pressedText: RGBColor? = nil, onText: RGBColor? = nil, disabledText: RGBColor = PanelColors.defaults.disabledText,
        pendingFill: RGBColor? = nil, pendingText: RGBColor? = nil,
        unknownFill: RGBColor = PanelColors.defaults.unknownFill, unknownText: RGBColor = PanelColors.defaults.unknownText
    ) {
        self.fill = fill
        self.pressedFill = pressedFill
        self.disabledFill = disabledFill
        self.onFill = onFill
        self.border = border
        self.text = text
        self.pressedText = pressedText
        self.onText = onText
        self.disabledText = disabledText
        self.pendingFill = pendingFill
        self.pendingText = pendingText
        self.unknownFill = unknownFill
        self.unknownText = unknownText
    }

    /// The colours of the states whose defaults follow other keys.
    public var resolvedPressedText: RGBColor { pressedText ?? text }
    public var resolvedOnText: RGBColor { onText ?? text }
    public var resolvedPendingFill: RGBColor { pendingFill ?? onFill.dimmed }
    public var resolvedPendingText: RGBColor { pendingText ?? resolvedOnText }

    /// Every button's colours when the config sets none.
    public static let defaults = ButtonPalette()
}

/// The colours of `[display]`: the background, and the button colours every button starts
/// from. The defaults are a dark theme, readable in a dim room and not glaring at night; the
/// `[display]` key table of boards/README.md lists them (`ButtonColorKey.displayDoc`).
public struct PanelColors: Equatable, Sendable {
    public var background: RGBColor
    public var fill: RGBColor
    public var pressedFill: RGBColor
    public var disabledFill: RGBColor
    public var onFill: RGBColor
    public var border: RGBColor
    public var text: RGBColor
    public var pressedText: RGBColor?
    public var onText: RGBColor?
    public var disabledText: RGBColor
    public var pendingFill: RGBColor?
    public var pendingText: RGBColor?
    public var unknownFill: RGBColor
    public var unknownText: RGBColor
    /// Every slider's track, fill and knob unless its section says (`slider_track`, ...); nil:
    /// the buttons' `fill`, `on_fill` and `text`.
    public var sliderTrack: RGBColor?
    public var sliderFill: RGBColor?
    public var sliderKnob: RGBColor?

    public init(
        background: RGBColor = RGBColor(r: 0x10, g: 0x12, b: 0x14),
        fill: RGBColor = RGBColor(r: 0x2A, g: 0x2E, b: 0x33),
        pressedFill: RGBColor = RGBColor(r: 0x4A, g: 0x6F, b: 0xA5),
        disabledFill: RGBColor = RGBColor(r: 0x1A, g: 0x1C, b: 0x1F),
        onFill: RGBColor = RGBColor(r: 0x2E, g: 0x7D, b: 0x32),
        border: RGBColor = RGBColor(r: 0x5A, g: 0x60, b: 0x68),
        text: RGBColor = RGBColor(r: 0xF2, g: 0xF2, b: 0xF2),
        pressedText: RGBColor? = nil, onText: RGBColor? = nil,
        disabledText: RGBColor = RGBColor(r: 0x6B, g: 0x70, b: 0x78),
        pendingFill: RGBColor? = nil, pendingText: RGBColor? = nil,
        unknownFill: RGBColor = RGBColor(r: 0x22, g: 0x24, b: 0x28),
        unknownText: RGBColor = RGBColor(r: 0x8A, g: 0x8F, b: 0x96),
        sliderTrack: RGBColor? = nil, sliderFill: RGBColor? = nil, sliderKnob: RGBColor? = nil
    ) {
        self.background = background
        self.fill = fill
        self.pressedFill = pressedFill
        self.disabledFill = disabledFill
        self.onFill = onFill
        self.border = border
        self.text = text
        self.pressedText = pressedText
        self.onText = onText
        self.disabledText = disabledText
        self.pendingFill = pendingFill
        self.pendingText = pendingText
        self.unknownFill = unknownFill
        self.unknownText = unknownText
        self.sliderTrack = sliderTrack
        self.sliderFill = sliderFill
        self.sliderKnob = sliderKnob
    }

    public static let defaults = PanelColors()

    /// The button colours these panel colours give a button without overrides.
    public var buttons: ButtonPalette {
        ButtonPalette(fill: fill, pressedFill: pressedFill, disabledFill: disabledFill, onFill: onFill,
                     border: border, text: text, pressedText: pressedText, onText: onText, disabledText: disabledText,
                     pendingFill: pendingFill, pendingText: pendingText, unknownFill: unknownFill, unknownText: unknownText)
    }
}

/// The button colour keys, which `[display]` sets for the panel and `[button NAME]` may
/// override for itself: one table that both sections' keys take in (`DisplayKey.color`,
/// `ButtonKey.color`).
enum ButtonColorKey: String, CaseIterable, Sendable {
    case fill
    case pressedFill = "pressed_fill"
    case disabledFill = "disabled_fill"
    case onFill = "on_fill"
    case border
    case text
    case pressedText = "pressed_text"
    case onText = "on_text"
    case disabledText = "disabled_text"
    case pendingFill = "pending_fill"
    case pendingText = "pending_text"
    case unknownFill = "unknown_fill"
    case unknownText = "unknown_text"

    /// The fills an invisible zone lays over the page's background, which may be given with
    /// alpha (`#RRGGBBAA`): nowhere else does anything show through a colour.
    var takesAlpha: Bool {
        switch self {
        case .pressedFill, .disabledFill, .onFill, .pendingFill, .unknownFill: true
        default: false
        }
    }

    /// What the colour is of, in the config reference's key tables (docs/config-reference.md).
    var what: String {
        switch self {
        case .fill: "a button at rest"
        case .pressedFill: "a button while touched"
        case .disabledFill: "a button with `enabled = no`"
        case .onFill: "a `latch` button that is on"
        case .border: "every button's border"
        case .text: "the label"
        case .pressedText: "the label while pressed"
        case .onText: "the label of a `latch` button that is on"
        case .disabledText: "the label of a disabled button, dimmed so that it reads as disabled"
        case .pendingFill: "a bound button (`state_topic`) after a tap, until its device reports"
        case .pendingText: "the label of a bound button waiting for its device"
        case .unknownFill: "a bound button whose device's state is not known (nothing reported, the broker away)"
        case .unknownText: "the label of a bound button whose state is not known"
        }
    }

    /// The key's row in `[display]`'s table: the panel's default, and what it looks like.
    var displayDoc: KeyDoc {
        let defaults = PanelColors.defaults.buttons
        return switch self {
        case .fill: .value(defaults.fill.hexString, "\(what): dark grey")
        case .pressedFill: .value(defaults.pressedFill.hexString, "\(what): muted blue")
        case .disabledFill: .value(defaults.disabledFill.hexString, "\(what): barely off the background")
        case .onFill: .value(defaults.onFill.hexString, "\(what): green")
        case .border: .value(defaults.border.hexString, "\(what): mid grey")
        case .text: .value(defaults.text.hexString, "\(what): off white")
        case .pressedText, .onText: .words("as `\(ButtonColorKey.text.rawValue)`", what)
        case .disabledText: .value(defaults.disabledText.hexString, what)
        case .pendingFill: .words("`\(ButtonColorKey.onFill.rawValue)` dimmed", what)
        case .pendingText: .words("as `\(ButtonColorKey.onText.rawValue)`", what)
        case .unknownFill: .value(defaults.unknownFill.hexString, "\(what): grey")
        case .unknownText: .value(defaults.unknownText.hexString, what)
        }
    }
}

/// The button colours one section gave; absent ones come from the panel (for a button) or
/// the defaults (for `[display]`).
struct ColorSettings: Equatable, Sendable {
    var fill: RGBColor?
    var pressedFill: RGBColor?
    var disabledFill: RGBColor?
    var onFill: RGBColor?
    var border: RGBColor?
    var text: RGBColor?
    var pressedText: RGBColor?
    var onText: RGBColor?
    var disabledText: RGBColor?
    var pendingFill: RGBColor?
    var pendingText: RGBColor?
    var unknownFill: RGBColor?
    var unknownText: RGBColor?
    /// `fill = none` (a button's only): an invisible zone over the page's background.
    var fillNone = false
    /// The alpha of each colour given as `#RRGGBBAA`, by place in `ButtonColorKey.allCases`;
    /// nil: as written without one. Only `takesAlpha` keys of a button have one.
    var alphas = [UInt8?](repeating: nil, count: ButtonColorKey.allCases.count)

    /// `zone`: a button's keys, where `fill = none` and alpha on the zone fills are taken
    /// (whether the button is a zone is checked when it is finished, since `fill` may come
    /// after); `[display]`'s colours are opaque.
    mutating func set(_ key: ButtonColorKey, from text: String, zone: Bool = false) throws(ValueProblem) {
        if zone && key == .fill && text == "none" {
            fillNone = true
            fill = nil
            return
        }
        if zone && key.takesAlpha && text.utf8.count == 9 {
            let translucent = try ValueSyntax.translucentColor(text)
            alphas[ButtonColorKey.allCases.firstIndex(of: key) ?? 0] = translucent.alpha
            try set(key, from: String(decoding: text.utf8.prefix(7), as: UTF8.self))
            return
        }
        let color = try ValueSyntax.color(text)
        if key == .fill { fillNone = false }
        switch key {
        case .fill: fill = color
        case .pressedFill: pressedFill = color
        case .disabledFill: disabledFill = color
        case .onFill: onFill = color
        case .border: border = color
        case .text: self.text = color
        case .pressedText: pressedText = color
        case .onText: onText = color
        case .disabledText: disabledText = color
        case .pendingFill: pendingFill = color
        case .pendingText: pendingText = color
        case .unknownFill: unknownFill = color
        case .unknownText: unknownText = color
        }
    }

    /// `base` with the colours given here put over it.
    func applied(to base: ButtonPalette) -> ButtonPalette {
        ButtonPalette(
            fill: fill ?? base.fill, pressedFill: pressedFill ?? base.pressedFill,
            disabledFill: disabledFill ?? base.disabledFill, onFill: onFill ?? base.onFill,
            border: border ?? base.border, text: text ?? base.text,
            pressedText: pressedText ?? base.pressedText, onText: onText ?? base.onText,
            disabledText: disabledText ?? base.disabledText,
            pendingFill: pendingFill ?? base.pendingFill, pendingText: pendingText ?? base.pendingText,
            unknownFill: unknownFill ?? base.unknownFill, unknownText: unknownText ?? base.unknownText)
    }
}
