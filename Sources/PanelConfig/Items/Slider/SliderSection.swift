import TouchCore

/// The keys of `[slider NAME]`: where the slider is, its values, when it sends them, what it
/// runs and how it looks.
enum SliderKey: String, SectionKey, CaseIterable {
    case rect
    case cell
    case page
    case min
    case max
    case step
    case value
    case orientation
    case readonly
    case enabled
    case send
    case sendMs = "send_ms"
    case settleMs = "settle_ms"
    case onChange = "on_change"
    case valueTopic = "value_topic"
    case valueField = "value_field"
    case valueScale = "value_scale"
    case entity
    case attribute
    case feedback
    case title
    case label
    case format
    case fontSize = "font_size"
    case text
    case disabledText = "disabled_text"
    case track
    case fill
    case knob
    case pressedTrack = "pressed_track"
    case pressedFill = "pressed_fill"
    case pressedKnob = "pressed_knob"
    case disabledTrack = "disabled_track"
    case disabledFill = "disabled_fill"
    case disabledKnob = "disabled_knob"

    static let timeRange = 0...60_000

    var doc: KeyDoc {
        switch self {
        case .feedback: ItemKey.doc(.feedback)
        case .rect, .cell, .page, .title: ItemKey.doc(ItemKey(rawValue: rawValue)!, titleDefault: "its name", titleWhat: "its name in Home Assistant")
        case .min: .value("0", "the value at the start of the track (a decimal number, at most 3 decimals)")
        case .max: .value("100", "the value at its end; above `min`")
        case .step: .value("1", "the values between are min + k * step; at most \(SliderSpec.maxStepCount) steps")
        case .value: .words("`min`", "the value shown at start, until one comes from a touch, `ctl value` or the broker")
        case .orientation: .value("auto", "`horizontal` (min at the left), `vertical` (min at the bottom) or `auto`: along the longer side")
        case .readonly: .value("no", "yes: a level bar that shows its value and takes no touch")
        case .enabled: .value("yes", "`no`: drawn in its disabled colours, takes no touch until `ctl enable`")
        case .send: .value("release", "`release`: `on_change` runs once, at the lift, with the final value; `drag`: also while dragged, at most every `send_ms`")
        case .sendMs: .value("250", "with `send = drag`: the least time between two sends, \(KeyDoc.span(SliderKey.timeRange)) ms")
        case .settleMs: .value("1000", "after a send, a value from outside is drawn only if it equals what was sent, this long, \(KeyDoc.span(SliderKey.timeRange)) ms")
        case .onChange: .words("none", "the action each send runs: `exec` and `mqtt` get the value as `$VALUE` (exec also as TOUCHPANEL_VALUE); `gpio` is refused")
        case .valueTopic: .words("none", "a device's topic whose messages set the value, as `ctl value` does (needs `[mqtt]`): held back while a finger is on the slider and for `settle_ms` after a send")
        case .valueField: .words("the whole payload", "with `value_topic`: the value's dotted path in a JSON payload (`brightness`)")
        case .valueScale: .words("none", "with `value_topic`: the device's number for `max` (254 for a Zigbee brightness on a 0-100 slider); its numbers are scaled to min..max")
        case .entity:
            .words("none", "a Home Assistant entity whose level it shows and sets (needs `[homeassistant]`): a light's brightness in %, a cover's position, a climate's temperature, a fan's percentage, a media player's volume, a number's value, each with its own range and service unless `min`, `max`, `step`, `attribute` or `on_change` say otherwise")
        case .attribute: .words("the domain's (`brightness`, `current_position`, `temperature`, ...)", "with `entity`: the attribute that is the level; `state`: the entity's state")
        case .label: .words("none; with `entity`, the entity's friendly name once Home Assistant states it", "a name drawn on the slider: at its start, or at the bottom of a vertical slider")
        case .format: .words("none", "the value drawn on the slider, at its end or the top of a vertical slider: `%d` (whole), `%.Nf` (N decimals), `%%`, with literal text: `%d %%`")
        case .fontSize: .words("the largest that fits, up to `[theme]`'s `font_size` (\(DisplayConfig.defaultFontSize) without one) and 3/5 of the slider's thickness", "the label's and value's size, \(KeyDoc.span(DisplayDraft.fontSizeRange)) pixels")
        case .text: .words("`[theme]`'s `text`", "the label's and value's colour")
        case .disabledText: .words("`[theme]`'s `disabled_text`", "the label's and value's colour while disabled")
        case .track: .words("`[theme]`'s `slider_track`", "the track's colour")
        case .fill: .words("`[theme]`'s `slider_fill`", "the track up to the value")
        case .knob: .words("`[theme]`'s `slider_knob`", "the bar across the track at the value")
        case .pressedTrack: .words("`[theme]`'s `pressed_fill`", "the track while a finger is on the slider")
        case .pressedFill: .words("`fill`", "the track up to the value while a finger is on the slider")
        case .pressedKnob: .words("`[theme]`'s `pressed_text`, else `knob`'s default", "the knob while a finger is on the slider (it is also wider)")
        case .disabledTrack: .words("`[theme]`'s `disabled_fill`", "the track while disabled")
        case .disabledFill: .words("`[theme]`'s `slider_fill` dimmed", "the track up to the value while disabled")
        case .disabledKnob: .words("`[theme]`'s `disabled_text`", "the knob while disabled")
        }
    }
}

/// `[slider NAME]` while it is read.
struct SliderDraft: ItemDraft {
    static let noun = "slider"
    let name: String
    let header: SourceLine
    let counts: Bool
    var given = GivenKeys()
    var common = ItemCommonValues()
    var minimum: SliderNumber?
    var maximum: SliderNumber?
    var step: SliderNumber?
    var value: SliderNumber?
    var orientation: SliderOrientation?
    var readOnly: Bool?
    var enabled: Bool?
    var send: SliderConfig.Send?
    var sendMs: Int?
    var settleMs: Int?
    var onChange: ActionDraft?
    var valueTopic: String?
    var valueField: [String]?
    var valueScale: SliderNumber?
    var attribute: String?
    var label: String?
    var format: ValueFormat?
    var fontSize: Int?
    var textColor: RGBColor?
    var disabledText: RGBColor?
    var track: RGBColor?
    var fill: RGBColor?
    var knob: RGBColor?
    var pressedTrack: RGBColor?
    var pressedFill: RGBColor?
    var pressedKnob: RGBColor?
    var disabledTrack: RGBColor?
    var disabledFill: RGBColor?
    var disabledKnob: RGBColor?

    /// What its section is called: `slider`, or `dial` when a `DialDraft` holds it.
    var sectionNoun = SliderDraft.noun

    init(name: String, header: SourceLine, counts: Bool) {
        self.name = name
        self.header = header
        self.counts = counts
    }

    var title: String { "\(sectionNoun) \(name)" }

    mutating func set(_ key: SliderKey, from value: String) throws(ValueProblem) {
        switch key {
        case .rect, .cell, .page, .title, .entity, .feedback: try common.set(ItemKey(rawValue: key.rawValue)!, from: value)
        case .attribute: attribute = try EntityID.attributeName(value, example: "brightness, or state")
        case .min: minimum = try SliderNumber.parse(value)
        case .max: maximum = try SliderNumber.parse(value)
        case .step:
            let parsed = try SliderNumber.parse(value)
            guard parsed.scaled > 0 else { throw .expected("a step above 0", found: value) }
            step = parsed
        case .value: self.value = try SliderNumber.parse(value)
        case .orientation:
            switch value {
            case "auto": orientation = nil
            case "horizontal": orientation = .horizontal
            case "vertical": orientation = .vertical
            default: throw .expected("auto, horizontal or vertical", found: value)
            }
        case .readonly: readOnly = try ValueSyntax.boolean(value)
        case .enabled: enabled = try ValueSyntax.boolean(value)
        case .send:
            switch value {
            case "release": send = .release
            case "drag": send = .drag
            default: throw .expected("release or drag", found: value)
            }
        case .sendMs: sendMs = try ValueSyntax.integer(value, in: SliderKey.timeRange, unit: " (ms)")
        case .settleMs: settleMs = try ValueSyntax.integer(value, in: SliderKey.timeRange, unit: " (ms)")
        case .onChange: onChange = try ActionDraft(parsing: value)
        case .valueTopic: valueTopic = try ValueSyntax.topic(value)
        case .valueField: valueField = try ValueSyntax.jsonPath(value, example: "brightness")
        case .valueScale:
            let parsed = try SliderNumber.parse(value)
            guard parsed.scaled > 0 else { throw .expected("a number above 0", found: value) }
            valueScale = parsed
        case .label: label = LabelText.unescaped(value)
        case .format:
            switch ValueFormat.parse(value) {
            case .success(let parsed):
                guard parsed.conversion != .text else { throw .expected("a number's format (%d or %.Nf), such as %d %%", found: value) }
                format = parsed
            case .failure(let problem): throw .expected("a format with \(problem.why), such as %d %%", found: value)
            }
        case .fontSize: fontSize = try ValueSyntax.integer(value, in: DisplayDraft.fontSizeRange, unit: " (pixels)")
        case .text: textColor = try ValueSyntax.color(value)
        case .disabledText: disabledText = try ValueSyntax.color(value)
        case .track: track = try ValueSyntax.color(value)
        case .fill: fill = try ValueSyntax.color(value)
        case .knob: knob = try ValueSyntax.color(value)
        case .pressedTrack: pressedTrack = try ValueSyntax.color(value)
        case .pressedFill: pressedFill = try ValueSyntax.color(value)
        case .pressedKnob: pressedKnob = try ValueSyntax.color(value)
        case .disabledTrack: disabledTrack = try ValueSyntax.color(value)
        case .disabledFill: disabledFill = try ValueSyntax.color(value)
        case .disabledKnob: disabledKnob = try ValueSyntax.color(value)
        }
    }

    /// The slider; nil (and why in `errors`) without a place inside the display, with `max`
    /// not above `min`, too many steps, a `value` outside min..max, or a `gpio` action.
    func finish(
        display: DisplayConfig?, outputs: [OutputConfig], controller: ControllerConfig?, hasMQTT: Bool = false,
        hasHomeAssistant: Bool = false, pageNames: [String] = [], pageGrids: [PageGrid?] = [], errors: inout ErrorCollector
    ) -> SliderConfig? {
        requirePlace(errors: &errors)
        var ok = true
        let page = resolvedPage(pageNames: pageNames, errors: &errors)
        let level = entityLevel(hasHomeAssistant: hasHomeAssistant, ok: &ok, errors: &errors)
        let scale = self.scale(level: level, errors: &errors)
        var startStep: Int32 = 0
        if let scale, let value {
            let scaled = value.scaled(to: scale.decimals)
            let top = scale.minimum + Int64(scale.stepCount) * scale.step
            if scaled < scale.minimum || scaled > top {
                errors.add(at: place(.value) ?? header, section: title, key: SliderKey.value.rawValue,
                           "value \(value.text) is outside \(scale.text(ofStep: 0))..\(scale.text(ofStep: scale.stepCount))")
                ok = false
            } else {
                startStep = scale.step(ofText: value.text)?.step ?? 0
            }
        }
        var action: ButtonAction? = onChange == nil ? level.map { .service($0.service) } : nil
        if let onChange {
            action = onChange.resolve(
                at: place(.onChange) ?? header, section: title, key: SliderKey.onChange.rawValue, outputs: outputs,
                controller: controller, pageNames: pageNames, ok: &ok, errors: &errors)
            if case .gpio = action {
                errors.add(at: place(.onChange) ?? header, section: title, key: SliderKey.onChange.rawValue,
                           "a slider's value is no GPIO level: use exec or mqtt with $VALUE")
                ok = false
            }
        }
        if valueTopic != nil, !hasMQTT {
            errors.add(at: place(.valueTopic) ?? header, section: title, key: SliderKey.valueTopic.rawValue,
                       "value_topic needs an [mqtt] section: the broker the value comes from")
            ok = false
        }
        if valueTopic == nil, common.entity == nil, let key = [SliderKey.valueField, .valueScale].first(where: { place($0) != nil }),
           let keyPlace = place(key) {
            errors.add(at: keyPlace, section: title, key: key.rawValue, "\(key.rawValue) belongs to value_topic: give value_topic = ...")
            ok = false
        }
        if let format, let scale {
            // The longest value text: at min or at max (the most digits, a sign).
            let probe = SliderConfig(name: name, rect: Rect(x: 0, y: 0, width: 1, height: 1), scale: scale, format: format, line: 0)
            let table = probe.glyphCharacters
            let longest = max(probe.valueFormat!.glyphs(ofStep: 0).count, probe.valueFormat!.glyphs(ofStep: scale.stepCount).count)
            if table.count > SliderTextLook.glyphCapacity || longest > SliderConfig.longestValueText {
                errors.add(at: place(.format) ?? header, section: title, key: SliderKey.format.rawValue,
                           "the value text is too long: at most \(SliderConfig.longestValueText) characters, \(SliderTextLook.glyphCapacity - 12) different ones around the number")
                ok = false
            }
        }
        if send != .drag, let place = place(.sendMs) {
            errors.add(at: place, section: title, key: SliderKey.sendMs.rawValue, "send_ms belongs to send = drag")
            ok = false
        }
        guard ok, let scale, let page,
            let rect = resolvedRect(page: page, pageNames: pageNames, pageGrids: pageGrids, display: display, errors: &errors)
        else { return nil }
        let panel = display?.colors ?? .defaults
        let thickness = orientation == .vertical || (orientation == nil && rect.height > rect.width) ? rect.width : rect.height
        let fittedSize = min(display?.fontSize ?? DisplayConfig.defaultFontSize, max(DisplayDraft.fontSizeRange.lowerBound, Int(thickness) * 3 / 5))
        let normal = SliderConfig.defaultColors(from: panel)
        let pressed = SliderConfig.defaultPressedColors(from: panel)
        let disabled = SliderConfig.defaultDisabledColors(from: panel)
        // An entity's own number for max (a light's 255) unless value_scale says, and only
        // for the domain's own attribute.
        var entityScale = valueScale
        if entityScale == nil, let level, level.attribute == effectiveAttribute(level), let device = level.deviceMaximum {
            entityScale = try? SliderNumber.parse(device)
        }
        var slider = SliderConfig(
            name: name, rect: rect, orientation: orientation ?? (rect.height > rect.width ? .vertical : .horizontal),
            scale: scale, startStep: startStep, readOnly: readOnly ?? false, enabled: enabled ?? true, send: send ?? .release,
            sendInterval: .milliseconds(Int64(sendMs ?? 250)), settleTime: .milliseconds(Int64(settleMs ?? 1000)), onChange: action,
            colors: SliderColors(track: track ?? normal.track, fill: fill ?? normal.fill, knob: knob ?? normal.knob),
            pressedColors: SliderColors(
                track: pressedTrack ?? pressed.track, fill: pressedFill ?? fill ?? pressed.fill, knob: pressedKnob ?? pressed.knob),
            disabledColors: SliderColors(
                track: disabledTrack ?? disabled.track, fill: disabledFill ?? disabled.fill, knob: disabledKnob ?? disabled.knob),
            label: label, format: format, fontSize: fontSize, fittedFontSizeLimit: fittedSize, textColor: textColor ?? panel.text,
            disabledTextColor: disabledText ?? panel.disabledText, valueTopic: valueTopic, valueField: valueField,
            valueScale: common.entity != nil ? entityScale : valueScale, title: common.entityTitle,
            page: page, cell: common.cell, line: header.line)
        slider.entity = common.entity
        slider.labelFromEntity = common.entity != nil && label == nil
        slider.feedback = common.feedback ?? true
        if minimum == nil, maximum == nil, step == nil, let level, level.attribute == effectiveAttribute(level) { slider.entityRange = level.range }
        slider.entityAttribute = level.flatMap { effectiveAttribute($0) } ?? (attribute == "state" ? nil : attribute)
        return slider
    }

    /// The attribute read: `attribute`, `state` (nil), or the domain's.
    private func effectiveAttribute(_ level: EntityLevel) -> String? {
        guard let attribute else { return level.attribute }
        return attribute == "state" ? nil : attribute
    }

    /// The entity's domain defaults; nil without `entity`. Not ok (why in `errors`) without
    /// `[homeassistant]`, with `value_topic` or `value_field`, or for a domain the slider
    /// cannot set on its own without `on_change` and `attribute`.
    private func entityLevel(hasHomeAssistant: Bool, ok: inout Bool, errors: inout ErrorCollector) -> EntityLevel? {
        guard let entity = common.entity else {
            if let place = place(.attribute) {
                errors.add(at: place, section: title, key: SliderKey.attribute.rawValue, EntityID.attributeNeedsEntity)
                ok = false
            }
            return nil
        }
        if !hasHomeAssistant {
            errors.add(at: place(.entity) ?? header, section: title, key: SliderKey.entity.rawValue,
                       EntityID.needsSection)
            ok = false
        }
        if let key = [SliderKey.valueTopic, .valueField].first(where: { place($0) != nil }) {
            errors.add(at: place(key) ?? header, section: title, key: key.rawValue,
                       "\(key.rawValue) with entity: the entity is where the value comes from; give one of them")
            ok = false
        }
        if let level = EntityLevel.defaults(domain: entity.domain) { return level }
        guard onChange != nil, attribute != nil else {
            errors.add(at: place(.entity) ?? header, section: title, key: SliderKey.entity.rawValue,
                       "a slider sets \(EntityLevel.domains.joined(separator: ", ")) entities on its own; for \(entity.domain), "
                       + "give attribute = ... (or state) and on_change = service ...")
            ok = false
            return nil
        }
        return nil
    }

    /// min, max and step as one scale; nil (and why) when max is not above min or there are
    /// too many steps.
    private func scale(level: EntityLevel?, errors: inout ErrorCollector) -> SliderScale? {
        let minimum = self.minimum ?? level.flatMap { try? SliderNumber.parse($0.minimum) } ?? SliderNumber(scaled: 0, decimals: 0, text: "0")
        let maximum = self.maximum ?? level.flatMap { try? SliderNumber.parse($0.maximum) } ?? SliderNumber(scaled: 100, decimals: 0, text: "100")
        let step = self.step ?? level.flatMap { try? SliderNumber.parse($0.step) } ?? SliderNumber(scaled: 1, decimals: 0, text: "1")
        let decimals = Swift.max(minimum.decimals, maximum.decimals, step.decimals, value?.decimals ?? 0)
        let low = minimum.scaled(to: decimals), high = maximum.scaled(to: decimals), unit = step.scaled(to: decimals)
        guard high > low else {
            errors.add(at: place(.max) ?? place(.min) ?? header, section: title, key: place(.max) != nil ? SliderKey.max.rawValue : SliderKey.min.rawValue,
                       "max \(maximum.text) must be above min \(minimum.text)")
            return nil
        }
        let count = (high - low) / unit
        guard count >= 1, count <= Int64(SliderSpec.maxStepCount) else {
            errors.add(at: place(.step) ?? header, section: title, key: SliderKey.step.rawValue,
                       count < 1
                       ? "step \(step.text) is wider than min..max (\(minimum.text)..\(maximum.text))"
                       : "step \(step.text) makes \(count) steps of \(minimum.text)..\(maximum.text); at most \(SliderSpec.maxStepCount)")
            return nil
        }
        return SliderScale(decimals: decimals, minimum: low, step: unit, stepCount: Int32(count))
    }
}

/// A number as a slider key gives it: `16`, `0.5`, `-2.25`, at most 3 decimals.
public struct SliderNumber: Equatable, Sendable {
    /// The number in units of 10^-decimals.
    public var scaled: Int64
    public var decimals: Int
    /// As written, for messages.
    public var text: String

    public init(scaled: Int64, decimals: Int, text: String) {
        self.scaled = scaled
        self.decimals = decimals
        self.text = text
    }

    static func parse(_ text: String) throws(ValueProblem) -> SliderNumber {
        var fractionDigits = 0
        if let point = text.utf8.firstIndex(of: UInt8(ascii: ".")) {
            fractionDigits = text.utf8.distance(from: point, to: text.utf8.endIndex) - 1
        }
        guard fractionDigits <= SliderScale.decimalsRange.upperBound,
            let scaled = SliderScale.parse(text, decimals: fractionDigits),
            (scaled < 0 ? -scaled : scaled) < 1_000_000_000
        else { throw .expected("a decimal number such as 50, 0.5 or -10 (at most 3 decimals)", found: text) }
        return SliderNumber(scaled: scaled, decimals: fractionDigits, text: text)
    }

    public func scaled(to decimals: Int) -> Int64 {
        scaled * SliderScale.power(decimals - self.decimals)
    }
}
