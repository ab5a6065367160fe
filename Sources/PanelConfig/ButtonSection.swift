import TouchCore

/// The keys of `[button NAME]`: where the button is, what it shows, what its gestures do, and
/// its own overrides of the `[touch]` timings.
enum ButtonKey: String, SectionKey {
    case rect
    case label
    case enabled
    case onTap = "on_tap"
    case onDoubleTap = "on_double_tap"
    case onTripleTap = "on_triple_tap"
    case onLongPress = "on_long_press"
    case onRepeat = "on_repeat"
    case multiTapMs = "multi_tap_ms"
    case longPressMs = "long_press_ms"
    case repeatMs = "repeat_ms"
    case slopPx = "slop_px"
    case multiTapSlopPx = "multi_tap_slop_px"
}

/// `[button NAME]` while it is read.
struct ButtonDraft: SectionDraft {
    let name: String
    let headerLine: Int
    /// False for a button that cannot be part of the panel (a bad or repeated name, one too
    /// many): its keys are still checked, so that one run reports everything.
    let counts: Bool
    var keyLines: [ButtonKey: Int] = [:]
    var rect: Rect?
    /// The rect as written, to quote when it turns out not to fit the display.
    var rectText = ""
    var label: String?
    var enabled: Bool?
    var onTap: ButtonAction?
    var onDoubleTap: ButtonAction?
    var onTripleTap: ButtonAction?
    var onLongPress: ButtonAction?
    var onRepeat: ButtonAction?
    var timings = TimingSettings()

    init(name: String, headerLine: Int, counts: Bool) {
        self.name = name
        self.headerLine = headerLine
        self.counts = counts
    }

    var title: String { "button \(name)" }

    mutating func set(_ key: ButtonKey, from value: String) throws(ValueProblem) {
        switch key {
        case .rect:
            rectText = value
            rect = try ValueSyntax.rect(value)
        case .label: label = value
        case .enabled: enabled = try ValueSyntax.boolean(value)
        case .onTap: onTap = try ButtonAction(parsing: value)
        case .onDoubleTap: onDoubleTap = try ButtonAction(parsing: value)
        case .onTripleTap: onTripleTap = try ButtonAction(parsing: value)
        case .onLongPress: onLongPress = try ButtonAction(parsing: value)
        case .onRepeat: onRepeat = try ButtonAction(parsing: value)
        case .multiTapMs: try timings.set(.multiTapMs, from: value)
        case .longPressMs: try timings.set(.longPressMs, from: value)
        case .repeatMs: try timings.set(.repeatMs, from: value)
        case .slopPx: try timings.set(.slopPx, from: value)
        case .multiTapSlopPx: try timings.set(.multiTapSlopPx, from: value)
        }
    }

    static func advice(forUnknownKey name: String) -> String? {
        guard name == TouchKey.lostMs.rawValue else { return nil }
        return "lost_ms applies to the whole controller, not to one button; set it in [touch]"
    }

    /// The button, with the panel's timings under its own overrides; nil (and the reasons in
    /// `errors`) when its rect is missing or does not fit `display`. Without a display the fit
    /// cannot be checked; the missing display is reported on its own.
    func finish(display: DisplayConfig?, panelTimings: GestureTimings, errors: inout ErrorCollector) -> ButtonConfig? {
        requireKey(.rect, "the button's place as rect = x, y, width, height in display pixels", errors: &errors)
        guard let rect else { return nil }
        if let display, !ButtonDraft.rect(rect, fits: display) {
            errors.add(line: keyLines[.rect] ?? headerLine, section: title, key: ButtonKey.rect.rawValue,
                       ValueProblem.expected("a rect inside the \(display.width)x\(display.height) display", found: rectText).message)
            return nil
        }
        return ButtonConfig(
            name: name, label: label ?? name, rect: rect, enabled: enabled ?? true,
            timings: timings.applied(to: panelTimings),
            onTap: onTap, onDoubleTap: onDoubleTap, onTripleTap: onTripleTap,
            onLongPress: onLongPress, onRepeat: onRepeat, line: headerLine)
    }

    /// Written so that nothing can overflow: sizes are at most 8192 and at least 1.
    static func rect(_ rect: Rect, fits display: DisplayConfig) -> Bool {
        rect.x >= 0 && rect.y >= 0
            && rect.width <= display.width && rect.height <= display.height
            && rect.x <= display.width - rect.width && rect.y <= display.height - rect.height
    }
}
