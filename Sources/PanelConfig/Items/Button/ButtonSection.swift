import TouchCore

/// The keys of `[button NAME]`: where the button is, what it shows, what its gestures do, and
/// its own overrides of the `[touch]` timings and of the `[theme]` look.
enum ButtonKey: SectionKey {
    case rect
    case cell
    case page
    case label
    case title
    case enabled
    case latch
    case interlock
    case entity
    case stateTopic
    case stateField
    case stateOn
    case stateOff
    case pendingMs
    case onTap
    case onDoubleTap
    case onTripleTap
    case onLongPress
    case onRepeat
    case onPress
    case onRelease
    case execLimit
    case execTimeoutMs
    case swipe
    case feedback
    case timing(TimingKey)
    case fontSize
    case fontSizeMax
    case icon
    case onIcon
    case pressedIcon
    case disabledIcon
    case iconSize
    case iconPosition
    case radius
    case sublabel
    case sublabelSize
    case sublabelColor
    case borderPx
    case look
    case color(ButtonColorKey)

    static let allCases: [ButtonKey] =
        [.rect, .cell, .page, .label, .title, .enabled, .latch, .interlock, .entity, .stateTopic, .stateField, .stateOn, .stateOff, .pendingMs, .onTap, .onDoubleTap, .onTripleTap, .onLongPress, .onRepeat, .onPress, .onRelease,
         .execLimit, .execTimeoutMs, .swipe, .feedback]
        + TimingKey.allCases.map(ButtonKey.timing)
        + [.fontSize, .fontSizeMax, .icon, .onIcon, .pressedIcon, .disabledIcon, .iconSize, .iconPosition, .radius, .sublabel, .sublabelSize,
           .sublabelColor, .borderPx, .look]
        + ButtonColorKey.allCases.map(ButtonKey.color)

    /// The keys that take an action.
    static let actionKeys: [ButtonKey] = [.onTap, .onDoubleTap, .onTripleTap, .onLongPress, .onRepeat, .onPress, .onRelease]

    init?(rawValue: String) {
        guard let key = ButtonKey.named(rawValue) else { return nil }
        self = key
    }

    var rawValue: String {
        switch self {
        case .rect: "rect"
        case .cell: "cell"
        case .page: "page"
        case .label: "label"
        case .title: "title"
        case .enabled: "enabled"
        case .latch: "latch"
        case .interlock: "interlock"
        case .entity: "entity"
        case .stateTopic: "state_topic"
        case .stateField: "state_field"
        case .stateOn: "state_on"
        case .stateOff: "state_off"
        case .pendingMs: "pending_ms"
        case .onTap: "on_tap"
        case .onDoubleTap: "on_double_tap"
        case .onTripleTap: "on_triple_tap"
        case .onLongPress: "on_long_press"
        case .onRepeat: "on_repeat"
        case .onPress: "on_press"
        case .onRelease: "on_release"
        case .execLimit: "exec_limit"
        case .execTimeoutMs: "exec_timeout_ms"
        case .swipe: "swipe"
        case .feedback: "feedback"
        case .timing(let key): key.rawValue
        case .fontSize: ThemeKey.fontSize.rawValue
        case .fontSizeMax: ThemeKey.fontSizeMax.rawValue
        case .icon: "icon"
        case .onIcon: "on_icon"
        case .pressedIcon: "pressed_icon"
        case .disabledIcon: "disabled_icon"
        case .iconSize: ThemeKey.iconSize.rawValue
        case .iconPosition: ThemeKey.iconPosition.rawValue
        case .radius: ThemeKey.radius.rawValue
        case .sublabel: "sublabel"
        case .sublabelSize: ThemeKey.sublabelSize.rawValue
        case .sublabelColor: ThemeKey.sublabelColor.rawValue
        case .borderPx: DisplayKey.borderPx.rawValue
        case .look: "look"
        case .color(let key): key.rawValue
        }
    }

    var doc: KeyDoc {
        let action = "the action of"
        return switch self {
        case .entity:
            .words("none", "binds the button to a Home Assistant entity (`light.hall`): drawn on, off, pending or unknown as it reports; a tap toggles it unless `on_tap` says otherwise (needs `[homeassistant]`; not with `latch` or `state_topic`)")
        case .feedback: ItemKey.doc(.feedback)
        case .rect, .cell, .page, .title: ItemKey.doc(ItemKey(rawValue: rawValue)!, titleDefault: "the label", titleWhat: "the button's name in Home Assistant (`Living room lamp`)")
        case .label: .words("the button's name", "the text; `\\n` breaks the line")
        case .enabled: .value("yes", "`no`: drawn disabled, takes no touch")
        case .latch: .value("no", "`yes`: a toggle, each single tap flips it on or off")
        case .interlock: .words("none", "a group name: while a button of the group is held or runs a command, the others take no touch")
        case .stateTopic:
            .words("none", "binds the button to a device: drawn on, off, pending or unknown as this topic reports (needs `[mqtt]`; not with `latch`)")
        case .stateField: .words("the whole payload", "the value's dotted path in a JSON payload (`state`, `update.state`)")
        case .stateOn: .value(StateBinding.defaultOn, "the value that means on")
        case .stateOff: .value(StateBinding.defaultOff, "the value that means off")
        case .pendingMs:
            .value("\(StateBinding.defaultPendingMs)",
                   "after a tap, how long the pending look waits for the device before the last reported state shows again, \(KeyDoc.span(StateBinding.pendingMsRange)) ms")
        case .onTap:
            .words("none", "\(action) a single tap: `emit`, `exec COMMAND`, `gpio OUTPUT on|off|toggle|pulse MS`, `mqtt TOPIC PAYLOAD`, `page NAME|next|prev|back`")
        case .onDoubleTap: .words("none", "\(action) a double tap")
        case .onTripleTap: .words("none", "\(action) a triple tap")
        case .onLongPress: .words("none", "\(action) a long press")
        case .onRepeat: .words("none", "\(action) each repeat while a long press is held")
        case .onPress: .words("none", "\(action) the touch going down (hold-to-run)")
        case .onRelease: .words("none", "\(action) the end of that press, however it ends")
        case .execLimit:
            .value("\(ExecLimits.defaults.maxRunning)",
                   "at most this many of the button's commands run at once, \(KeyDoc.span(ExecLimits.maxRunningRange))")
        case .execTimeoutMs:
            .value("\((ExecLimits.defaults.timeout?.nanoseconds ?? 0) / 1_000_000)",
                   "a command still running this long gets SIGTERM, and SIGKILL \(ExecLimits.killGraceMs) ms later; "
                   + "\(KeyDoc.span(ExecLimits.timeoutMsRange)) ms, 0: none")
        case .swipe:
            .words("yes; no with `on_press`, `on_release` or `on_repeat`",
                   "`yes`: a touch on it that moves `swipe_px` becomes the page's swipe (the press ends `cancelled`); "
                   + "hold-to-run and repeat buttons never yield")
        case .timing(let key): .words("`[touch]`'s", key.what)
        case .fontSize:
            .words("`[theme]`'s; none: fitted",
                   "the label's size, \(KeyDoc.span(DisplayDraft.fontSizeRange)) pixels, made smaller where the label does not fit; "
                   + "without it anywhere the label takes the largest size that fits, up to `font_size_max`")
        case .fontSizeMax:
            .words("`[theme]`'s (`\(ThemeConfig.defaultFontSizeMax)`)",
                   "without a `font_size`: the largest size the label is fitted to, \(KeyDoc.span(DisplayDraft.fontSizeRange)) pixels; not with `font_size`")
        case .icon:
            .words("none", "a glyph of `[display] icon_font` drawn in the label's colour: `mdi:NAME` (`mdi:lightbulb`) or a code point `U+F335`; or a PNG file (`lamp.png`, relative to the config file) drawn in its own colours")
        case .onIcon: .words("`icon`", "the icon while the button is on (latched, or its device reports on)")
        case .pressedIcon: .words("`icon`", "the icon while it is held")
        case .disabledIcon: .words("`icon`", "the icon while it is disabled")
        case .iconSize: .words("`[theme]`'s; none: fitted to the button", "the icon's size, \(KeyDoc.span(ButtonIcons.sizeRange)) pixels")
        case .iconPosition:
            .words("`[theme]`'s (`\(IconPosition.top.rawValue)`)", "`top` (above the label), `left` (before it) or `center` (the icon alone, no label drawn)")
        case .radius:
            .words("`[theme]`'s (`\(ThemeConfig.defaultRadiusPx)`)",
                   "the corners' radius in pixels, 0 (square) to \(ThemeConfig.radiusRange.upperBound); over half the smaller side of `rect` it is drawn as that half")
        case .sublabel: .words("none", "a second, smaller line under the label: a state, a unit (`\\n` is refused: one line)")
        case .sublabelSize: .words("`[theme]`'s (`\(ThemeConfig.defaultSublabelSizePx)`)", "the sublabel's size, \(KeyDoc.span(DisplayDraft.fontSizeRange)) pixels")
        case .sublabelColor:
            .words("`[theme]`'s; none: the label's",
                   "the sublabel's colour at rest; held, on, disabled, pending and unknown it takes that look's label colour")
        case .borderPx:
            .words("`[theme]`'s", "with `fill = none` only: the outline of an invisible zone, in `border`, "
                   + "\(KeyDoc.span(DisplayDraft.borderRange)) pixels; 0: none")
        case .look:
            .value(ButtonLookKind.button.rawValue,
                   "`switch`: a toggle switch, its knob at the left when off and at the right when on, the label beside it "
                   + "(needs `latch = yes`, `state_topic` or `entity`; not with `icon`, `sublabel` or `fill = none`)")
        case .color(.fill): .words("`[theme]`'s", "\(ButtonColorKey.fill.what); `none`: an invisible zone over the page's `image` (see Invisible zones)")
        case .color(let key) where key.takesAlpha: .words("`[theme]`'s", "\(key.what); with `fill = none` also `#RRGGBBAA`, laid over the background")
        case .color(let key): .words("`[theme]`'s", key.what)
        }
    }
}

/// `[button NAME]` while it is read.
struct ButtonDraft: ItemDraft {
    static let noun = "button"
    let name: String
    let header: SourceLine
    /// False for a button that cannot be part of the panel (a bad or repeated name, one too
    /// many): its keys are still checked, so that one run reports everything.
    let counts: Bool
    var given = GivenKeys()
    var common = ItemCommonValues()
    var swipe: Bool?
    var label: String?
    var enabled: Bool?
    var latch: Bool?
    var interlock: String?
    var stateTopic: String?
    var stateField: [String]?
    var stateOn: String?
    var stateOff: String?
    var pendingMs: Int?
    var onTap: ActionDraft?
    var onDoubleTap: ActionDraft?
    var onTripleTap: ActionDraft?
    var onLongPress: ActionDraft?
    var onRepeat: ActionDraft?
    var onPress: ActionDraft?
    var onRelease: ActionDraft?
    var execLimits = ExecLimits.defaults
    var timings = TimingSettings()
    var fontSize: Int?
    var icon: IconGlyph?
    var onIcon: IconGlyph?
    var pressedIcon: IconGlyph?
    var disabledIcon: IconGlyph?
    var iconSize: Int?
    var iconPosition: IconPosition?
    var fontSizeMax: Int?
    var radiusPx: Int?
    var sublabel: String?
    var sublabelSizePx: Int?
    var sublabelColor: RGBColor?
    var borderPx: Int?
    var look: ButtonLookKind?
    var colors = ColorSettings()

    init(name: String, header: SourceLine, counts: Bool) {
        self.name = name
        self.header = header
        self.counts = counts
    }

    /// An exec command cut short by what libinih took for a comment.
    func warning(key: String, value: String, cutComment: String) -> String? {
        guard value.utf8.starts(with: "exec ".utf8) else { return nil }
        return "warning: the exec command ends before \"\(cutComment)\": libinih reads \" ;\" as the start of a comment; "
            + "write \\; for a ; the shell should see, or put the comment on a line of its own"
    }

    var title: String { "button \(name)" }


    mutating func set(_ key: ButtonKey, from value: String) throws(ValueProblem) {
        switch key {
        case .rect, .cell, .page, .title, .entity, .feedback: try common.set(ItemKey(rawValue: key.rawValue)!, from: value)
        case .swipe: swipe = try ValueSyntax.boolean(value)
        case .label: label = LabelText.unescaped(value)
        case .enabled: enabled = try ValueSyntax.boolean(value)
        case .latch: latch = try ValueSyntax.boolean(value)
        case .interlock: interlock = try ValueSyntax.groupName(value)
        case .stateTopic: stateTopic = try ValueSyntax.topic(value)
        case .stateField: stateField = try ValueSyntax.jsonPath(value, example: "state")
        case .stateOn: stateOn = try ButtonDraft.stateValue(value)
        case .stateOff: stateOff = try ButtonDraft.stateValue(value)
        case .pendingMs: pendingMs = try ValueSyntax.integer(value, in: StateBinding.pendingMsRange, unit: " (ms)")
        case .onTap: onTap = try ActionDraft(parsing: value)
        case .onDoubleTap: onDoubleTap = try ActionDraft(parsing: value)
        case .onTripleTap: onTripleTap = try ActionDraft(parsing: value)
        case .onLongPress: onLongPress = try ActionDraft(parsing: value)
        case .onRepeat: onRepeat = try ActionDraft(parsing: value)
        case .onPress: onPress = try ActionDraft(parsing: value)
        case .onRelease: onRelease = try ActionDraft(parsing: value)
        case .execLimit:
            execLimits.maxRunning = try ValueSyntax.integer(value, in: ExecLimits.maxRunningRange, unit: " (commands at once)")
        case .execTimeoutMs:
            let ms = try ValueSyntax.integer(value, in: ExecLimits.timeoutMsRange, unit: " (ms, 0 for none)")
            execLimits.timeout = ms > 0 ? .milliseconds(Int64(ms)) : nil
        case .timing(let key): try timings.set(key, from: value)
        case .fontSize: fontSize = try ValueSyntax.integer(value, in: DisplayDraft.fontSizeRange, unit: " (pixels)")
        case .icon: icon = try IconGlyph.parse(value)
        case .onIcon: onIcon = try IconGlyph.parse(value)
        case .pressedIcon: pressedIcon = try IconGlyph.parse(value)
        case .disabledIcon: disabledIcon = try IconGlyph.parse(value)
        case .iconSize: iconSize = try ValueSyntax.integer(value, in: ButtonIcons.sizeRange, unit: " (pixels)")
        case .iconPosition: iconPosition = try IconPosition.parse(value)
        case .fontSizeMax: fontSizeMax = try ValueSyntax.integer(value, in: DisplayDraft.fontSizeRange, unit: " (pixels)")
        case .radius: radiusPx = try ValueSyntax.integer(value, in: ThemeConfig.radiusRange, unit: " (pixels)")
        case .sublabel: sublabel = try ButtonDraft.sublabelText(value)
        case .sublabelSize: sublabelSizePx = try ValueSyntax.integer(value, in: DisplayDraft.fontSizeRange, unit: " (pixels)")
        case .sublabelColor: sublabelColor = try ValueSyntax.color(value)
        case .borderPx: borderPx = try ValueSyntax.integer(value, in: DisplayDraft.borderRange, unit: " (pixels)")
        case .look: look = try ButtonLookKind.parse(value)
        case .color(let key): try colors.set(key, from: value, zone: true)
        }
    }

    /// The button's icons, nil without `icon`; not ok (the reason in `errors`) when an icon
    /// key comes without `icon`, or `icon` without `[display] icon_font`.
    private func icons(display: DisplayConfig?, theme: ThemeConfig, errors: inout ErrorCollector) -> (icons: ButtonIcons?, ok: Bool) {
        guard let icon else {
            for key: ButtonKey in [.onIcon, .pressedIcon, .disabledIcon, .iconSize, .iconPosition] where place(key) != nil {
                errors.add(at: place(key) ?? header, section: title, key: key.rawValue,
                           "\(key.rawValue) needs icon: the icon the button shows at rest")
                return (nil, false)
            }
            return (nil, true)
        }
        if let display, display.iconFont == nil,
            let (key, glyph) = iconKeys.first(where: { $0.1?.isGlyph ?? false }), let glyph
        {
            errors.add(at: place(key) ?? header, section: title, key: key.rawValue,
                       "\(key.rawValue) = \(glyph.written) needs [display] icon_font = PATH, an icon font such as "
                       + "\(DisplayConfig.materialDesignIconsFont) (Debian's fonts-materialdesignicons-webfont)")
            return (nil, false)
        }
        return (ButtonIcons(
            normal: resolved(icon, .icon), on: onIcon.map { resolved($0, .onIcon) }, pressed: pressedIcon.map { resolved($0, .pressedIcon) },
            disabled: disabledIcon.map { resolved($0, .disabledIcon) }, sizePx: iconSize ?? theme.iconSizePx,
            position: iconPosition ?? theme.iconPosition,
            lines: (place(.icon)?.line ?? 0, place(.onIcon)?.line ?? 0, place(.pressedIcon)?.line ?? 0, place(.disabledIcon)?.line ?? 0)),
            true)
    }

    /// A picture's path taken from the folder of the config file `key` is written in when it is
    /// relative, so that a config and its pictures move together; a glyph as it is.
    private func resolved(_ glyph: IconGlyph, _ key: ButtonKey) -> IconGlyph {
        guard case .picture(let path) = glyph, let place = place(key) else { return glyph }
        return .picture(place.resolving(path))
    }

    /// Each icon key with its glyph as read (nil: not given).
    private var iconKeys: [(ButtonKey, IconGlyph?)] {
        [(.icon, icon), (.onIcon, onIcon), (.pressedIcon, pressedIcon), (.disabledIcon, disabledIcon)]
    }

    /// The PNG files its icon keys name, each with its key's line: the panel reads them at start.
    func pictureFiles() -> [NamedFile] {
        iconKeys.compactMap { key, glyph in
            guard let glyph, case .picture(let path) = resolved(glyph, key), let place = place(key) else { return nil }
            return NamedFile(section: title, key: key.rawValue, path: path, file: place.file, line: place.line)
        }
    }

    /// The action `key` was given, as read.
    func actionDraft(_ key: ButtonKey) -> ActionDraft? {
        switch key {
        case .onTap: onTap
        case .onDoubleTap: onDoubleTap
        case .onTripleTap: onTripleTap
        case .onLongPress: onLongPress
        case .onRepeat: onRepeat
        case .onPress: onPress
        case .onRelease: onRelease
        default: nil
        }
    }

    /// A value a device reports: one to 64 bytes.
    static func stateValue(_ value: String) throws(ValueProblem) -> String {
        guard !value.isEmpty, value.utf8.count <= 64 else { throw .expected("a value of 1 to 64 bytes, such as ON", found: value) }
        return value
    }

    static func advice(forUnknownKey name: String) -> String? {
        switch name {
        case TouchKey.lostMs.rawValue:
            "lost_ms applies to the whole controller, not to one button; set it in [touch]"
        case DisplayKey.background.rawValue:
            "\(name) applies to the whole display, not to one button; set it in [theme]"
        case DisplayKey.font.rawValue:
            "\(name) applies to the whole display, not to one button; set it in [display]"
        default:
            nil
        }
    }

    /// The button, with the panel's timings under its own overrides; nil (and the reasons in
    /// `errors`) when its rect is missing or does not fit `display`, an action names an
    /// output no `[output NAME]` declares, or drives one of the controller's own lines.
    /// Without a display the fit cannot be checked; the missing display is reported on its own.
    func finish(
        display: DisplayConfig?, theme: ThemeConfig = .defaults, panelTimings: GestureTimings, outputs: [OutputConfig],
        controller: ControllerConfig?, pageNames: [String] = [], pageGrids: [PageGrid?] = [], errors: inout ErrorCollector
    ) -> ButtonConfig? {
        requirePlace(errors: &errors)
        var actionsOK = true
        func action(_ key: ButtonKey, _ draft: ActionDraft?) -> ButtonAction? {
            draft?.resolve(
                at: place(key) ?? header, section: title, key: key.rawValue, outputs: outputs, controller: controller,
                pageNames: pageNames, ok: &actionsOK, errors: &errors)
        }
        var tap = action(.onTap, onTap)
        let doubleTap = action(.onDoubleTap, onDoubleTap)
        // A button bound to an entity toggles it unless it says otherwise (a hold-to-run
        // button's press is its own).
        if tap == nil, onTap == nil, common.entity != nil, onPress == nil, onRelease == nil { tap = .service(.toggle) }
        let tripleTap = action(.onTripleTap, onTripleTap), longPress = action(.onLongPress, onLongPress)
        let repeated = action(.onRepeat, onRepeat), press = action(.onPress, onPress)
        let release = action(.onRelease, onRelease)
        let binding = self.binding(errors: &errors)
        let icons = self.icons(display: display, theme: theme, errors: &errors)
        let looks = self.looks(display: display, theme: theme, errors: &errors)
        let page = resolvedPage(pageNames: pageNames, errors: &errors)
        // Rule 11: a press that runs a machine until its release, or repeats while held, never
        // turns into a swipe.
        let holds = onPress != nil || onRelease != nil || onRepeat != nil
        if swipe == true && holds {
            errors.add(at: place(.swipe) ?? header, section: title, key: ButtonKey.swipe.rawValue,
                       "a button with on_press, on_release or on_repeat never yields to a swipe: its press runs until its release; "
                       + "delete swipe = yes")
            return nil
        }
        let zone = self.zone(errors: &errors)
        let switchOK = checkSwitch(bound: binding.binding != nil, isZone: zone.isZone, errors: &errors)
        guard actionsOK, binding.ok, icons.ok, looks.ok, zone.ok, switchOK, let page,
            let rect = resolvedRect(page: page, pageNames: pageNames, pageGrids: pageGrids, display: display, errors: &errors)
        else { return nil }
        let palette = colors.applied(to: (display?.colors ?? .defaults).buttons)
        var button = ButtonConfig(
            name: name, label: label ?? (zone.isZone ? "" : name), rect: rect, enabled: enabled ?? true,
            timings: timings.applied(to: panelTimings),
            onTap: tap, onDoubleTap: doubleTap, onTripleTap: tripleTap,
            onLongPress: longPress, onRepeat: repeated,
            onPress: press, onRelease: release, line: header.line,
            colors: palette,
            fontSize: looks.fontSize, fontSizeFitted: looks.fitted,
            latch: latch ?? false, execLimits: execLimits, interlock: interlock, title: common.entityTitle, binding: binding.binding,
            page: page, swipe: swipe ?? !holds, cell: common.cell, icons: icons.icons,
            radiusPx: ThemeConfig.clampedRadiusPx(radiusPx ?? theme.radiusPx, width: rect.width, height: rect.height),
            sublabel: looks.sublabel,
            zone: zone.isZone ? colors.zoneLook(palette: palette, borderPx: borderPx ?? display?.borderPx ?? DisplayConfig.defaultBorderPx) : nil)
        button.labelFromEntity = common.entity != nil && label == nil && !zone.isZone
        button.look = look ?? .button
        button.feedback = common.feedback ?? true
        return button
    }

    /// Whether `look = switch`, when given, is on a button that has an on/off state to show
    /// (a latch, or `bound` to a device) and draws nothing it would hide (an icon, a
    /// sublabel, an invisible zone's fills); not ok (the reason in `errors`) otherwise.
    private func checkSwitch(bound: Bool, isZone: Bool, errors: inout ErrorCollector) -> Bool {
        guard look == .switch, let lookPlace = place(.look) else { return true }
        let key = ButtonKey.look.rawValue
        if latch != true && !bound && place(.stateTopic) == nil && common.entity == nil {
            errors.add(at: lookPlace, section: title, key: key,
                       "look = switch shows an on/off state, and this button has none: give it latch = yes, state_topic or entity, "
                       + "or delete look = switch")
            return false
        }
        for other: ButtonKey in [.icon, .sublabel] where place(other) != nil {
            errors.add(at: lookPlace, section: title, key: key,
                       "look = switch draws the label beside the switch and no \(other.rawValue): delete one of them")
            return false
        }
        if isZone {
            errors.add(at: lookPlace, section: title, key: key,
                       "look = switch draws a switch on the button's fill; fill = none makes an invisible zone: delete one of them")
            return false
        }
        return true
    }

    /// The label's size (the largest it is fitted to when no `font_size` is given, nor in
    /// `[theme]` or `[display]`) and the sublabel; not ok (the reason in `errors`) with both
    /// `font_size` and `font_size_max`, or a sublabel key without `sublabel`.
    private func looks(display: DisplayConfig?, theme: ThemeConfig, errors: inout ErrorCollector)
        -> (fontSize: Int, fitted: Bool, sublabel: ButtonSublabel?, ok: Bool)
    {
        var ok = true
        if let maxPlace = place(.fontSizeMax), let sizePlace = place(.fontSize) {
            errors.add(at: maxPlace, section: title, key: ButtonKey.fontSizeMax.rawValue,
                       "font_size_max caps the size the label is fitted to when no font_size is given; "
                       + "font_size on \(sizePlace.named(from: maxPlace)) gives one: keep one of the two")
            ok = false
        }
        if sublabel == nil, let key = [ButtonKey.sublabelSize, .sublabelColor].first(where: { place($0) != nil }) {
            errors.add(at: place(key) ?? header, section: title, key: key.rawValue,
                       "\(key.rawValue) needs sublabel: the second line it is the look of")
            ok = false
        }
        let size: (Int, Bool) =
            if let fontSize { (fontSize, false) }
            else if let fontSizeMax { (fontSizeMax, true) }
            else if let themeMax = theme.fontSizeMax { (themeMax, true) }
            else { (display?.fontSize ?? DisplayConfig.defaultFontSize, false) }
        let line = sublabel.map {
            ButtonSublabel(text: $0, sizePx: sublabelSizePx ?? theme.sublabelSizePx, color: sublabelColor ?? theme.sublabelColor)
        }
        return (size.0, size.1, line, ok)
    }

    /// A sublabel: one line of 1 to 256 bytes (`\n` is a line break, refused).
    static func sublabelText(_ value: String) throws(ValueProblem) -> String {
        let text = LabelText.unescaped(value)
        guard !text.isEmpty, text.utf8.count <= 256, !text.utf8.contains(0x0A) else {
            throw .expected("one line of text, 1 to 256 bytes, such as 21.5 °C or Off", found: value)
        }
        return text
    }

    /// Whether the button is an invisible zone (`fill = none`); not
    /// ok (the reason in `errors`) when alpha or `border_px` comes without `fill = none`.
    private func zone(errors: inout ErrorCollector) -> (isZone: Bool, ok: Bool) {
        if colors.fillNone { return (true, true) }
        for key in colors.keysWithAlpha {
            errors.add(at: place(.color(key)) ?? header, section: title, key: key.rawValue,
                       "a colour with alpha (#RRGGBBAA) needs fill = none: only an invisible zone shows the background through its fills")
            return (false, false)
        }
        if let place = place(.borderPx) {
            errors.add(at: place, section: title, key: ButtonKey.borderPx.rawValue,
                       "border_px on a button is the outline of an invisible zone (fill = none); other buttons take [theme] border_px")
            return (false, false)
        }
        return (false, true)
    }

    /// The button's `state_topic` binding, nil without one; not ok (the reason in `errors`)
    /// when its keys come without `state_topic`, or with `latch = yes`.
    private func binding(errors: inout ErrorCollector) -> (binding: StateBinding?, ok: Bool) {
        if let entity = common.entity {
            return entityBinding(entity, errors: &errors)
        }
        guard let stateTopic else {
            let stray: [ButtonKey] = [.stateField, .stateOn, .stateOff, .pendingMs]
            for key in stray where place(key) != nil {
                errors.add(at: place(key) ?? header, section: title, key: key.rawValue,
                           "\(key.rawValue) needs state_topic: the topic whose state the button shows")
                return (nil, false)
            }
            return (nil, true)
        }
        if latch == true {
            errors.add(at: place(.latch) ?? header, section: title, key: ButtonKey.latch.rawValue,
                       "a button with state_topic shows its device's state; latch = yes would guess it: give one of them")
            return (nil, false)
        }
        let on = stateOn ?? StateBinding.defaultOn, off = stateOff ?? StateBinding.defaultOff
        if on == off {
            errors.add(at: place(.stateOff) ?? place(.stateOn) ?? header, section: title, key: ButtonKey.stateOff.rawValue,
                       "state_on and state_off are both \"\(on)\"")
            return (nil, false)
        }
        return (StateBinding(topic: stateTopic, field: stateField, on: on, off: off, pending: .milliseconds(Int64(pendingMs ?? StateBinding.defaultPendingMs))), true)
    }

    /// The button's `entity` binding: on and off as the entity's domain reports them unless
    /// `state_on` and `state_off` say otherwise; not ok with `state_topic`, `state_field` or
    /// `latch = yes`.
    private func entityBinding(_ entity: EntityID, errors: inout ErrorCollector) -> (binding: StateBinding?, ok: Bool) {
        for key in [ButtonKey.stateTopic, .stateField] where place(key) != nil {
            let why = key == .stateTopic ? "the entity is the state it shows: give one of them"
                : "an entity's state is one word, not a JSON payload"
            errors.add(at: place(key) ?? header, section: title, key: key.rawValue, "\(key.rawValue) with entity: \(why)")
            return (nil, false)
        }
        if latch == true {
            errors.add(at: place(.latch) ?? header, section: title, key: ButtonKey.latch.rawValue,
                       "a button with entity shows the entity's state; latch = yes would guess it: give one of them")
            return (nil, false)
        }
        let states = StateBinding.entityStates(domain: entity.domain)
        let on = stateOn ?? states.on, off = stateOff ?? states.off
        if on == off {
            errors.add(at: place(.stateOff) ?? place(.stateOn) ?? header, section: title, key: ButtonKey.stateOff.rawValue,
                       "state_on and state_off are both \"\(on)\"")
            return (nil, false)
        }
        return (StateBinding(source: .entity(entity), on: on, off: off,
                             pending: .milliseconds(Int64(pendingMs ?? StateBinding.defaultPendingMs))), true)
    }
}
