import TouchCore

/// The keys of `[dial NAME]`: a slider's (rule 14: a dial is a slider whose track is an arc),
/// without `orientation` and `label`, with the arc's `band_px` and `arc_degrees`.
enum DialKey: String, SectionKey, CaseIterable {
    case rect
    case cell
    case page
    case min
    case max
    case step
    case value
    case bandPx = "band_px"
    case arcDegrees = "arc_degrees"
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

    static let bandPxRange = 2...200

    /// The slider's key of the same name (every key but the arc's own).
    var sliderKey: SliderKey? { SliderKey(rawValue: rawValue) }

    var doc: KeyDoc {
        switch self {
        case .min: .value("0", "the value at the arc's start (lower left by default; a decimal number, at most 3 decimals)")
        case .max: .value("100", "the value at the arc's end (lower right); above `min`")
        case .bandPx: .value("\(DialShape.defaultBandPx)", "the arc's thickness, \(KeyDoc.span(DialKey.bandPxRange)) pixels, along the edge of the largest circle the rect holds")
        case .arcDegrees:
            .value("\(DialShape.defaultArcDegrees)", "how far the arc goes round, \(DialShape.arcDegreesRange.lowerBound)-\(DialShape.arcDegreesRange.upperBound) degrees, open at the bottom: clockwise from 12 o'clock it runs from minus half of it (min) to half of it (max)")
        case .readonly: .value("no", "yes: a gauge that shows its value and takes no touch")
        case .format: .words("none", "the value drawn in the middle of the ring: `%d` (whole), `%.Nf` (N decimals), `%%`, with literal text: `%.1f °C`")
        case .fontSize: .words("the largest that fits inside the ring, up to a quarter of its inside", "the value's size, \(KeyDoc.span(DisplayDraft.fontSizeRange)) pixels")
        case .knob: .words("`[theme]`'s `slider_knob`", "the bar across the arc at the value")
        default: sliderKey!.doc
        }
    }
}

/// `[dial NAME]` while it is read: a slider's draft and the arc's keys.
struct DialDraft: ItemDraft {
    static let noun = "dial"
    private(set) var slider: SliderDraft
    var bandPx: Int?
    var arcDegrees: Int?

    init(name: String, header: SourceLine, counts: Bool) {
        slider = SliderDraft(name: name, header: header, counts: counts)
        slider.sectionNoun = DialDraft.noun
    }

    var name: String { slider.name }
    var counts: Bool { slider.counts }
    var title: String { slider.title }
    var header: SourceLine { slider.header }
    var given: GivenKeys {
        get { slider.given }
        set { slider.given = newValue }
    }
    var common: ItemCommonValues {
        get { slider.common }
        set { slider.common = newValue }
    }

    mutating func set(_ key: DialKey, from value: String) throws(ValueProblem) {
        switch key {
        case .bandPx: bandPx = try ValueSyntax.integer(value, in: DialKey.bandPxRange, unit: " (pixels)")
        case .arcDegrees:
            let range = Int(DialShape.arcDegreesRange.lowerBound)...Int(DialShape.arcDegreesRange.upperBound)
            arcDegrees = try ValueSyntax.integer(value, in: range, unit: " (degrees)")
        default: try slider.set(key.sliderKey!, from: value)
        }
    }

    /// The dial: the slider with its track an arc; nil (and why in `errors`) as for a slider,
    /// or with a band too thick for its rect.
    func finish(
        display: DisplayConfig?, outputs: [OutputConfig], controller: ControllerConfig?, hasMQTT: Bool = false,
        hasHomeAssistant: Bool = false, pageNames: [String] = [], pageGrids: [PageGrid?] = [], errors: inout ErrorCollector
    ) -> SliderConfig? {
        guard var dial = slider.finish(
            display: display, outputs: outputs, controller: controller, hasMQTT: hasMQTT, hasHomeAssistant: hasHomeAssistant,
            pageNames: pageNames, pageGrids: pageGrids, errors: &errors)
        else { return nil }
        let shape = DialShape(bandPx: Int32(bandPx ?? Int(DialShape.defaultBandPx)), arcDegrees: Int32(arcDegrees ?? Int(DialShape.defaultArcDegrees)))
        let diameter = Swift.min(dial.rect.width, dial.rect.height)
        guard shape.bandPx * 2 < diameter else {
            errors.add(at: place(.bandPx) ?? header, section: title, key: DialKey.bandPx.rawValue,
                       "band_px \(shape.bandPx) leaves no ring inside the \(dial.rect.width)x\(dial.rect.height) rect: at most \((diameter - 1) / 2)")
            return nil
        }
        dial.orientation = .arc(shape)
        // The value a quarter of the ring's inside tall: large enough to read across a room,
        // small enough that a turn redraws a digit's few thousand pixels, not tens of thousands.
        dial.fittedFontSizeLimit = Swift.max(DisplayDraft.fontSizeRange.lowerBound, Swift.min(DisplayDraft.fontSizeRange.upperBound, Int(diameter - 2 * shape.bandPx) / 4))
        dial.labelFromEntity = false
        dial.background = display?.colors.background ?? PanelColors.defaults.background
        return dial
    }
}
