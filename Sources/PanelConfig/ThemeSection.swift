import TouchCore

/// The keys of `[theme]`: every look an item inherits, set in one place. Those `[display]`
/// took before `[theme]` existed keep their names here (`DisplayKey` spells them alike).
enum ThemeKey: SectionKey {
    case fontSize
    case fontSizeMax
    case background
    case color(ButtonColorKey)
    case borderPx
    case radius
    case sublabelSize
    case sublabelColor
    case iconSize
    case iconPosition
    case sliderTrack
    case sliderFill
    case sliderKnob

    static let allCases: [ThemeKey] =
        [.fontSize, .fontSizeMax, .background] + ButtonColorKey.allCases.map(ThemeKey.color)
        + [.borderPx, .radius, .sublabelSize, .sublabelColor, .iconSize, .iconPosition, .sliderTrack, .sliderFill, .sliderKnob]

    init?(rawValue: String) {
        guard let key = ThemeKey.named(rawValue) else { return nil }
        self = key
    }

    var rawValue: String {
        switch self {
        case .fontSize: DisplayKey.fontSize.rawValue
        case .fontSizeMax: "font_size_max"
        case .background: DisplayKey.background.rawValue
        case .color(let key): key.rawValue
        case .borderPx: DisplayKey.borderPx.rawValue
        case .radius: "radius"
        case .sublabelSize: "sublabel_size"
        case .sublabelColor: "sublabel_color"
        case .iconSize: "icon_size"
        case .iconPosition: "icon_position"
        case .sliderTrack: DisplayKey.sliderTrack.rawValue
        case .sliderFill: DisplayKey.sliderFill.rawValue
        case .sliderKnob: DisplayKey.sliderKnob.rawValue
        }
    }

    /// The same key of `[display]`, for the keys both sections take.
    var displayKey: DisplayKey? { DisplayKey(rawValue: rawValue) }

    var doc: KeyDoc {
        let sizes = KeyDoc.span(DisplayDraft.fontSizeRange)
        return switch self {
        case .fontSize:
            .words("none", "the size every label starts from, \(sizes) pixels, made smaller where a label does not fit; "
                   + "without it buttons take the largest size that fits, up to `font_size_max`, and texts and sliders \(DisplayConfig.defaultFontSize)")
        case .fontSizeMax:
            .value("\(ThemeConfig.defaultFontSizeMax)",
                   "without a `font_size`: the largest size a button's label is fitted to, \(sizes) pixels; not with `font_size`")
        case .background: DisplayKey.background.doc
        case .color(let key): key.displayDoc
        case .borderPx: DisplayKey.borderPx.doc
        case .radius:
            .value("\(ThemeConfig.defaultRadiusPx)",
                   "every button's corner radius in pixels, 0 (square) to \(ThemeConfig.radiusRange.upperBound); "
                   + "a radius over half a button's smaller side is drawn as that half (a pill, or a circle of a square)")
        case .sublabelSize: .value("\(ThemeConfig.defaultSublabelSizePx)", "a button's `sublabel` size, \(sizes) pixels")
        case .sublabelColor: .words("the label's", "a button's `sublabel` colour at rest; in every other look it takes that look's label colour")
        case .iconSize: .words("fitted to the button", "every icon's size, \(KeyDoc.span(ButtonIcons.sizeRange)) pixels")
        case .iconPosition: .value(IconPosition.top.rawValue, "where every icon goes: `top`, `left` or `center`")
        case .sliderTrack: DisplayKey.sliderTrack.doc
        case .sliderFill: DisplayKey.sliderFill.doc
        case .sliderKnob: DisplayKey.sliderKnob.doc
        }
    }
}

/// `[theme]` while it is read, and how it goes over `[display]`'s looks.
///
/// A key given both here and in `[display]` of the same file is an error naming both lines:
/// neither can be said to win without surprising the one who wrote the other, and `check`
/// stops it before a reload would run it. `[display]` keeps its look keys for the configs
/// written before `[theme]`; a board preset's `[display]` is put under the panel config's
/// `[theme]` as under its `[display]`, key by key (presets give no looks today).
struct ThemeDraft: SectionDraft {
    let title = "theme"

    let header: SourceLine
    var given = GivenKeys()
    var fontSize: Int?
    var fontSizeMax: Int?
    var background: RGBColor?
    var colors = ColorSettings()
    var borderPx: Int?
    var radiusPx: Int?
    var sublabelSizePx: Int?
    var sublabelColor: RGBColor?
    var iconSizePx: Int?
    var iconPosition: IconPosition?
    var sliderTrack: RGBColor?
    var sliderFill: RGBColor?
    var sliderKnob: RGBColor?

    init(header: SourceLine) {
        self.header = header
    }

    mutating func set(_ key: ThemeKey, from value: String) throws(ValueProblem) {
        switch key {
        case .fontSize: fontSize = try ValueSyntax.integer(value, in: DisplayDraft.fontSizeRange, unit: " (pixels)")
        case .fontSizeMax: fontSizeMax = try ValueSyntax.integer(value, in: DisplayDraft.fontSizeRange, unit: " (pixels)")
        case .background: background = try ValueSyntax.color(value)
        case .color(let key): try colors.set(key, from: value)
        case .borderPx: borderPx = try ValueSyntax.integer(value, in: DisplayDraft.borderRange, unit: " (pixels)")
        case .radius: radiusPx = try ValueSyntax.integer(value, in: ThemeConfig.radiusRange, unit: " (pixels)")
        case .sublabelSize: sublabelSizePx = try ValueSyntax.integer(value, in: DisplayDraft.fontSizeRange, unit: " (pixels)")
        case .sublabelColor: sublabelColor = try ValueSyntax.color(value)
        case .iconSize: iconSizePx = try ValueSyntax.integer(value, in: ButtonIcons.sizeRange, unit: " (pixels)")
        case .iconPosition: iconPosition = try IconPosition.parse(value)
        case .sliderTrack: sliderTrack = try ValueSyntax.color(value)
        case .sliderFill: sliderFill = try ValueSyntax.color(value)
        case .sliderKnob: sliderKnob = try ValueSyntax.color(value)
        }
    }

    static func advice(forUnknownKey name: String) -> String? {
        switch DisplayKey(rawValue: name) {
        case .font?, .iconFont?:
            "\(name) is a file the panel opens with its display; set it in [display]"
        case .some:
            "\(name) describes the display, not a look; set it in [display]"
        case nil:
            nil
        }
    }

    /// The theme, with the looks both sections take put over `display`'s; `display` nil
    /// (none, or a bad one) takes only the checks. Records a key given in both sections of
    /// the panel config (with the files it includes; the board preset's `[display]`, in
    /// `presetFile`, is replaced without a word), and a `font_size_max` beside a `font_size`.
    func finish(display: inout DisplayConfig?, displayDraft: DisplayDraft?, presetFile: String?, errors: inout ErrorCollector) -> ThemeConfig {
        var ok = true
        for key in ThemeKey.allCases {
            guard let mine = place(key), let displayKey = key.displayKey, let theirs = displayDraft?.place(displayKey),
                theirs.file != presetFile
            else { continue }
            errors.add(at: mine, section: title, key: key.rawValue,
                       "\(key.rawValue) is given in [display] too, on \(theirs.named(from: mine)); give it once, in [theme] "
                       + "([display] takes its looks only for configs written before [theme])")
            ok = false
        }
        // A font size the panel gives: in this file's [theme] or [display], or in its preset's.
        let panelFontSize = place(.fontSize) ?? displayDraft?.place(.fontSize)
        if let maxPlace = place(.fontSizeMax), let sizePlace = panelFontSize, sizePlace.file != presetFile {
            let section = sizePlace == place(.fontSize) ? "[theme]" : "[display]"
            errors.add(at: maxPlace, section: title, key: ThemeKey.fontSizeMax.rawValue,
                       "font_size_max caps the size labels are fitted to when no font_size is given; "
                       + "\(section) font_size on \(sizePlace.named(from: maxPlace)) gives one: keep one of the two")
            ok = false
        }
        let fitted = fontSize == nil && (fontSizeMax != nil || panelFontSize == nil)
        let theme = ThemeConfig(
            fontSizeMax: fitted ? fontSizeMax ?? ThemeConfig.defaultFontSizeMax : nil,
            radiusPx: radiusPx ?? ThemeConfig.defaultRadiusPx, sublabelSizePx: sublabelSizePx ?? ThemeConfig.defaultSublabelSizePx,
            sublabelColor: sublabelColor, iconSizePx: iconSizePx, iconPosition: iconPosition ?? .top)
        guard ok, var looks = display else { return theme }
        if let fontSize { looks.fontSize = fontSize }
        if let borderPx { looks.borderPx = borderPx }
        var panel = looks.colors
        if let background { panel.background = background }
        let buttons = colors.applied(to: panel.buttons)
        panel.fill = buttons.fill
        panel.pressedFill = buttons.pressedFill
        panel.disabledFill = buttons.disabledFill
        panel.onFill = buttons.onFill
        panel.border = buttons.border
        panel.text = buttons.text
        panel.pressedText = buttons.pressedText
        panel.onText = buttons.onText
        panel.disabledText = buttons.disabledText
        panel.pendingFill = buttons.pendingFill
        panel.pendingText = buttons.pendingText
        panel.unknownFill = buttons.unknownFill
        panel.unknownText = buttons.unknownText
        panel.sliderTrack = sliderTrack ?? panel.sliderTrack
        panel.sliderFill = sliderFill ?? panel.sliderFill
        panel.sliderKnob = sliderKnob ?? panel.sliderKnob
        looks.colors = panel
        display = looks
        return theme
    }
}

extension IconPosition {
    /// `top`, `left` or `center`, as `icon_position` takes it in `[theme]` and `[button NAME]`.
    static func parse(_ text: String) throws(ValueProblem) -> IconPosition {
        guard let position = IconPosition(rawValue: text) else { throw .expected("top, left or center", found: text) }
        return position
    }
}
