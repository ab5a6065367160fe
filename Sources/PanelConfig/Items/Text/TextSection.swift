import LinuxSystem
import TouchCore

/// The keys of `[text NAME]`: where the text is, where its value comes from, how it is
/// written and how it looks.
enum TextKey: String, SectionKey, CaseIterable {
    case rect
    case cell
    case page
    case topic
    case field
    case time
    case entity
    case attribute
    case format
    case staleAfterS = "stale_after_s"
    case title
    case fill
    case text
    case staleText = "stale_text"
    case fontSize = "font_size"
    case align

    static let staleAfterRange = 0...86_400

    var doc: KeyDoc {
        switch self {
        case .rect, .cell, .page, .title: ItemKey.doc(ItemKey(rawValue: rawValue)!, titleDefault: "its name", titleWhat: "its name in Home Assistant, where it is a sensor")
        case .topic: .words("none", "the topic whose messages it shows (needs `[mqtt]`); give `topic` or `time`")
        case .field: .words("the whole payload", "the value's dotted path in a JSON payload (`temperature`, `update.state`)")
        case .entity: .words("none", "shows a Home Assistant entity's state (`sensor.hall_temperature`), with its unit unless `format` is given (needs `[homeassistant]`); give `topic`, `time` or `entity`")
        case .attribute: .words("the state", "with `entity`: the attribute shown instead of the state (`current_temperature`)")
        case .time: .words("none", "shows the local time as strftime writes it (`%H:%M`, `%a %d %b`), every minute, or every second when it shows seconds")
        case .format:
            .value("%s", "how the value is written: literal text around one `%s` (as received), `%d` (rounded) or `%.Nf` (N decimals, 0..6); `%%` is %")
        case .staleAfterS:
            .value("0", "drawn `--`, dimmed, when the topic has been quiet this long, \(KeyDoc.span(TextKey.staleAfterRange)) s; 0: never")
        case .fill: .words("`[theme]`'s background", "the rect's colour")
        case .text: .words("`[theme]`'s `text`", "the text's colour")
        case .staleText: .words("`[theme]`'s `disabled_text`", "the colour of `--` while stale or unknown")
        case .fontSize: .words("`[theme]`'s `font_size`, else \(DisplayConfig.defaultFontSize)", "the text's size, \(KeyDoc.span(DisplayDraft.fontSizeRange)) pixels; a longer text is made smaller to fit")
        case .align:
            .value("center", "`left`, `center` or `right`; or `start` or `end`: the edge the value's own direction starts or ends at "
                   + "(`start` is the left for English, the right for Hebrew or Arabic)")
        }
    }
}

/// `[text NAME]` while it is read.
struct TextDraft: ItemDraft {
    static let noun = "text"
    let name: String
    let header: SourceLine
    let counts: Bool
    var given = GivenKeys()
    var common = ItemCommonValues()
    var topic: String?
    var field: [String]?
    var time: String?
    var attribute: String?
    var format: ValueFormat?
    var staleAfterS: Int?
    var fill: RGBColor?
    var textColor: RGBColor?
    var staleText: RGBColor?
    var fontSize: Int?
    var alignment: LabelAlignment?

    init(name: String, header: SourceLine, counts: Bool) {
        self.name = name
        self.header = header
        self.counts = counts
    }

    var title: String { "text \(name)" }

    mutating func set(_ key: TextKey, from value: String) throws(ValueProblem) {
        switch key {
        case .rect, .cell, .page, .title, .entity: try common.set(ItemKey(rawValue: key.rawValue)!, from: value)
        case .attribute: attribute = try EntityID.attributeName(value, example: "current_temperature")
        case .topic: topic = try ValueSyntax.topic(value)
        case .field: field = try ValueSyntax.jsonPath(value, example: "temperature")
        case .time:
            guard !value.isEmpty, value.utf8.count <= 64 else { throw .expected("a strftime format such as %H:%M", found: value) }
            let written = LocalTime.text(value, epochSeconds: TextItemConfig.sampleEpochSeconds).unicodeScalars.count
            guard written <= TextItemConfig.maxCharacters else {
                throw .expected("a strftime format whose text has at most \(TextItemConfig.maxCharacters) characters (this one writes \(written))",
                                found: value)
            }
            time = value
        case .format:
            switch ValueFormat.parse(value) {
            case .success(let parsed): format = parsed
            case .failure(let problem): throw .expected("a format with \(problem.why), such as %.1f °C", found: value)
            }
        case .staleAfterS: staleAfterS = try ValueSyntax.integer(value, in: TextKey.staleAfterRange, unit: " (s, 0 for never)")
        case .fill: fill = try ValueSyntax.color(value)
        case .text: textColor = try ValueSyntax.color(value)
        case .staleText: staleText = try ValueSyntax.color(value)
        case .fontSize: fontSize = try ValueSyntax.integer(value, in: DisplayDraft.fontSizeRange, unit: " (pixels)")
        case .align:
            switch value {
            case "left": alignment = .left
            case "center": alignment = .center
            case "right": alignment = .right
            case "start": alignment = .start
            case "end": alignment = .end
            default: throw .expected("start, end, left, center or right", found: value)
            }
        }
    }

    /// The text item; nil (and why in `errors`) without a rect inside the display, or without
    /// exactly one of `topic` and `time`.
    func finish(
        display: DisplayConfig?, hasMQTT: Bool, hasHomeAssistant: Bool = false, pageNames: [String] = [], pageGrids: [PageGrid?] = [], errors: inout ErrorCollector
    ) -> TextItemConfig? {
        requirePlace(errors: &errors)
        let page = resolvedPage(pageNames: pageNames, errors: &errors)
        let source: TextItemConfig.Source
        if attribute != nil, common.entity == nil {
            errors.add(at: place(.attribute) ?? header, section: title, key: TextKey.attribute.rawValue,
                       EntityID.attributeNeedsEntity)
            return nil
        }
        if let entity = common.entity {
            if let other = [TextKey.topic, .time, .field].first(where: { place($0) != nil }) {
                errors.add(at: place(other) ?? header, section: title, key: other.rawValue,
                           "a text shows a topic, the time or an entity: give one of them (\(other.rawValue) with entity)")
                return nil
            }
            guard hasHomeAssistant else {
                errors.add(at: place(.entity) ?? header, section: title, key: TextKey.entity.rawValue,
                           EntityID.needsSection)
                return nil
            }
            source = .entity(entity, attribute: attribute)
        } else {
        switch (topic, time) {
        case (let topic?, nil):
            guard hasMQTT else {
                errors.add(at: place(.topic) ?? header, section: title, key: TextKey.topic.rawValue,
                           "topic needs an [mqtt] section: the broker the value comes from")
                return nil
            }
            source = .topic(topic, field: field)
        case (nil, let time?):
            if let place = place(.field) ?? place(.staleAfterS) {
                errors.add(at: place, section: title, key: place == self.place(.field) ? TextKey.field.rawValue : TextKey.staleAfterS.rawValue,
                           "a time text has no topic: field and stale_after_s belong to topic")
                return nil
            }
            source = .time(format: time)
        case (nil, nil):
            errors.add(at: header, section: title, "a text shows a topic, the time or an entity: give topic = ..., time = %H:%M or entity = ...")
            return nil
        case (.some, .some):
            errors.add(at: place(.time) ?? header, section: title, key: TextKey.time.rawValue,
                       "a text shows a topic or the time, not both: give one of topic and time")
            return nil
        }
        }
        guard let page,
            let rect = resolvedRect(page: page, pageNames: pageNames, pageGrids: pageGrids, display: display, errors: &errors)
        else { return nil }
        let colors = display?.colors ?? .defaults
        var text = TextItemConfig(
            name: name, rect: rect, source: source, format: format ?? .plain, staleAfter: .seconds(orNever: staleAfterS),
            fill: fill ?? colors.background, text: textColor ?? colors.text, staleText: staleText ?? colors.disabledText,
            fontSize: fontSize ?? display?.fontSize ?? DisplayConfig.defaultFontSize, alignment: alignment ?? .center,
            title: common.entityTitle, page: page, cell: common.cell, line: header.line)
        text.formatGiven = format != nil
        return text
    }
}

extension LabelAlignment {
    /// As `align` takes it.
    var written: String {
        switch self {
        case .center: "center"
        case .left: "left"
        case .right: "right"
        case .start: "start"
        case .end: "end"
        }
    }
}
