import TouchCore

/// The keys of `[chart NAME]`: where the chart is, what it follows, over how long, and how it
/// looks.
enum ChartKey: String, SectionKey, CaseIterable {
    case rect
    case cell
    case page
    case topic
    case field
    case entity
    case style
    case windowH = "window_h"
    case points
    case min
    case max
    case format
    case color
    case band

    var doc: KeyDoc {
        switch self {
        case .rect, .cell, .page: ItemKey.doc(ItemKey(rawValue: rawValue)!)
        case .topic: .words("none", "a topic whose messages are the values (needs `[mqtt]`); give `topic` or `entity`")
        case .field: .words("the whole payload", "with `topic`: the value's dotted path in a JSON payload (`power`)")
        case .entity: .words("none", "a Home Assistant entity whose numeric state is the values (`sensor.power`; needs `[homeassistant]`)")
        case .style: .value("line", "`line`: the mean as a line over the shaded min-max band; `bars`: the mean as bars")
        case .windowH: .value("\(ChartConfig.defaultWindowHours)", "the hours shown, \(KeyDoc.span(ChartConfig.windowHoursRange))")
        case .points: .value("\(ChartConfig.defaultPoints)", "the buckets the window is cut into, \(KeyDoc.span(ChartConfig.pointsRange)); each keeps min, mean and max")
        case .min: .words("the lowest value in the history", "the value at the bottom (a decimal number, at most 3 decimals)")
        case .max: .words("the highest value in the history", "the value at the top; above `min`")
        case .format: .value("%.1f", "the newest value and the axis ends: `%d` (whole), `%.Nf` (N decimals), `%%`, with literal text: `%d W`")
        case .color: .words("`[theme]`'s `slider_fill`, else `on_fill`", "the line or the bars")
        case .band: .words("`color` a third of the way to the background", "the min-max band")
        }
    }
}

/// `[chart NAME]` while it is read.
struct ChartDraft: ItemDraft {
    static let noun = "chart"
    let name: String
    let header: SourceLine
    let counts: Bool
    var given = GivenKeys()
    var common = ItemCommonValues()
    var topic: String?
    var field: [String]?
    var style: ChartStyle?
    var windowHours: Int?
    var points: Int?
    var low: Int32?
    var high: Int32?
    var format: ValueFormat?
    var color: RGBColor?
    var band: RGBColor?

    init(name: String, header: SourceLine, counts: Bool) {
        self.name = name
        self.header = header
        self.counts = counts
    }

    var title: String { "chart \(name)" }

    mutating func set(_ key: ChartKey, from value: String) throws(ValueProblem) {
        switch key {
        case .rect, .cell, .page, .entity: try common.set(ItemKey(rawValue: key.rawValue)!, from: value)
        case .topic: topic = try ValueSyntax.topic(value)
        case .field: field = try ValueSyntax.jsonPath(value, example: "power")
        case .style:
            switch value {
            case "line": style = .line
            case "bars": style = .bars
            default: throw .expected("line or bars", found: value)
            }
        case .windowH: windowHours = try ValueSyntax.integer(value, in: ChartConfig.windowHoursRange, unit: " (hours)")
        case .points: points = try ValueSyntax.integer(value, in: ChartConfig.pointsRange, unit: " (buckets)")
        case .min: low = try ChartDraft.milli(value)
        case .max: high = try ChartDraft.milli(value)
        case .format:
            switch ValueFormat.parse(value) {
            case .success(let parsed):
                guard parsed.conversion != .text else { throw .expected("a number's format (%d or %.Nf), such as %d W", found: value) }
                guard parsed.prefix.unicodeScalars.count + parsed.suffix.unicodeScalars.count <= 16 else {
                    throw .expected("a format with at most 16 characters around the number", found: value)
                }
                format = parsed
            case .failure(let problem): throw .expected("a format with \(problem.why), such as %d W", found: value)
            }
        case .color: color = try ValueSyntax.color(value)
        case .band: band = try ValueSyntax.color(value)
        }
    }

    /// A number as thousandths, within what the ring holds (Int32).
    static func milli(_ value: String) throws(ValueProblem) -> Int32 {
        let number = try SliderNumber.parse(value)
        let scaled = number.scaled(to: 3)
        guard let milli = Int32(exactly: scaled) else {
            throw .expected("a number from -2147483.648 to 2147483.647", found: value)
        }
        return milli
    }

    /// The chart; nil (and why in `errors`) without a place inside the display, without
    /// exactly one of `topic` and `entity`, without the section it needs, or with `max` not
    /// above `min`.
    func finish(
        display: DisplayConfig?, hasMQTT: Bool, hasHomeAssistant: Bool, pageNames: [String] = [], pageGrids: [PageGrid?] = [],
        errors: inout ErrorCollector
    ) -> ChartConfig? {
        requirePlace(errors: &errors)
        var ok = true
        switch (topic, common.entity) {
        case (nil, nil):
            errors.add(at: header, section: title, "a chart needs the values it shows: give topic = ... or entity = ...")
            ok = false
        case (.some, .some):
            errors.add(at: place(.entity) ?? header, section: title, key: ChartKey.entity.rawValue,
                       "a chart follows a topic or an entity, not both: give one of them")
            ok = false
        case (.some, nil):
            if !hasMQTT {
                errors.add(at: place(.topic) ?? header, section: title, key: ChartKey.topic.rawValue,
                           "topic needs an [mqtt] section: the broker the values come from")
                ok = false
            }
        case (nil, .some):
            if !hasHomeAssistant {
                errors.add(at: place(.entity) ?? header, section: title, key: ChartKey.entity.rawValue, EntityID.needsSection)
                ok = false
            }
        }
        if field != nil, topic == nil, let fieldPlace = place(.field) {
            errors.add(at: fieldPlace, section: title, key: ChartKey.field.rawValue, "field belongs to topic: give topic = ...")
            ok = false
        }
        if let low, let high, high <= low {
            errors.add(at: place(.max) ?? header, section: title, key: ChartKey.max.rawValue, "max must be above min")
            ok = false
        }
        let page = resolvedPage(pageNames: pageNames, errors: &errors)
        guard ok, let page,
            let rect = resolvedRect(page: page, pageNames: pageNames, pageGrids: pageGrids, display: display, errors: &errors)
        else { return nil }
        let colors = display?.colors ?? .defaults
        let line = color ?? colors.sliderFill ?? colors.onFill
        return ChartConfig(
            name: name, rect: rect, style: style ?? .line, topic: topic, field: field, entity: common.entity,
            windowHours: windowHours ?? ChartConfig.defaultWindowHours, points: points ?? ChartConfig.defaultPoints, lowMilli: low,
            highMilli: high, format: format ?? ChartConfig.defaultFormat, lineColor: line,
            bandColor: band ?? ChartSpec.dimmed(line, over: colors.background), textColor: colors.text, background: colors.background,
            page: page, cell: common.cell, line: header.line)
    }
}
