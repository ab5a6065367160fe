import TouchCore

/// One `[slider NAME]` section, validated: a value the user drags (a dimmer, a volume, a
/// setpoint) or, read-only, a level bar. DESIGN.md rule 12.
public struct SliderConfig: Equatable, Sendable {
    /// When its value is sent: once at the lift, or also while dragged.
    public enum Send: Equatable, Sendable {
        case release
        case drag
    }

    public var name: String
    public var rect: Rect
    public var orientation: SliderOrientation
    /// Its values as steps: min, step, the step count, the decimals they are written with.
    public var scale: SliderScale
    /// The step it shows at start (`value`, else `min`).
    public var startStep: Int32
    public var readOnly: Bool
    /// `enabled = no`: drawn in its disabled colours and takes no touch until `ctl enable`.
    public var enabled: Bool
    public var send: Send
    public var sendInterval: MonotonicDuration
    public var settleTime: MonotonicDuration
    /// Runs at each send with the value (`$VALUE`).
    public var onChange: ButtonAction?
    /// Its colours at rest, while a finger is on it, and while disabled.
    public var colors: SliderColors
    public var pressedColors: SliderColors
    public var disabledColors: SliderColors
    /// `label`: a name drawn on the slider (at its start, or at the bottom of a vertical one).
    public var label: String?
    /// `format`: how its value is drawn on it (`%d %%`, at its end, or the top of a vertical
    /// one); nil: no value text.
    public var format: ValueFormat?
    /// What its glyph table holds for the point: the locale's decimal separator (`[panel] locale`).
    public var decimalSeparator: Unicode.Scalar = "."
    /// The label's and value's size in pixels (`font_size`); nil: the largest up to
    /// `fittedFontSizeLimit` at which both fit.
    public var fontSize: Int?
    public var fittedFontSizeLimit: Int
    /// Their colours (disabled: `disabledTextColor`).
    public var textColor: RGBColor
    public var disabledTextColor: RGBColor
    /// `value_topic`: a device's topic whose messages set the value from outside (rule 12:
    /// held back while a finger is on the slider and for `settle_ms` after a send).
    public var valueTopic: String?
    /// `value_field`: the value's dotted path in a JSON payload; nil: the whole payload.
    public var valueField: [String]?
    /// `value_scale`: the device's number for `max` (254 for a Zigbee brightness shown as
    /// 0-100); its numbers are scaled to min..max. Nil: taken as they are.
    public var valueScale: SliderNumber?
    /// `entity`: the Home Assistant entity whose level it shows and sets, and the attribute
    /// read (nil: the state).
    public var entity: EntityID?
    public var entityAttribute: String?
    /// With `entity` and none of `min`, `max` and `step`: where the entity states its own range.
    public var entityRange: EntityRange?
    /// Bound to an entity and given no `label`: the label is the entity's `friendly_name` once
    /// Home Assistant states it (none before).
    public var labelFromEntity = false
    /// `feedback = no`: its press plays no `[feedback]` pulse.
    public var feedback = true
    /// Its name in Home Assistant; nil: its name.
    public var title: String?
    /// The page it is on, by place in file order, or `PageLayout.allPages` (0 without pages).
    public var page: Int
    public var cell: GridCell?
    /// The section header's line.
    public var line: Int
    /// What shows around a dial's arc: the panel's background.
    public var background: RGBColor = PanelColors.defaults.background

    /// A dial (rule 14): a slider whose track is an arc, from a `[dial NAME]` section.
    public var isDial: Bool {
        if case .arc = orientation { return true }
        return false
    }

    /// What it is called in messages, section headers and event lines: `slider` or `dial`.
    public var noun: String { isDial ? "dial" : "slider" }

    public init(
        name: String, rect: Rect, orientation: SliderOrientation = .horizontal,
        scale: SliderScale = SliderScale(decimals: 0, minimum: 0, step: 1, stepCount: 100), startStep: Int32 = 0,
        readOnly: Bool = false, enabled: Bool = true, send: Send = .release, sendInterval: MonotonicDuration = .milliseconds(250), settleTime: MonotonicDuration = .milliseconds(1000),
        onChange: ButtonAction? = nil, colors: SliderColors = SliderConfig.defaultColors(from: .defaults),
        pressedColors: SliderColors = SliderConfig.defaultPressedColors(from: .defaults),
        disabledColors: SliderColors = SliderConfig.defaultDisabledColors(from: .defaults), label: String? = nil,
        format: ValueFormat? = nil, fontSize: Int? = nil, fittedFontSizeLimit: Int = DisplayConfig.defaultFontSize, textColor: RGBColor = PanelColors.defaults.text,
        disabledTextColor: RGBColor = PanelColors.defaults.disabledText, valueTopic: String? = nil, valueField: [String]? = nil,
        valueScale: SliderNumber? = nil, title: String? = nil, page: Int = 0, cell: GridCell? = nil, line: Int
    ) {
        self.name = name
        self.rect = rect
        self.orientation = orientation
        self.scale = scale
        self.startStep = startStep
        self.readOnly = readOnly
        self.enabled = enabled
        self.send = send
        self.sendInterval = sendInterval
        self.settleTime = settleTime
        self.onChange = onChange
        self.colors = colors
        self.pressedColors = pressedColors
        self.disabledColors = disabledColors
        self.label = label
        self.format = format
        self.fontSize = fontSize
        self.fittedFontSizeLimit = fittedFontSizeLimit
        self.textColor = textColor
        self.disabledTextColor = disabledTextColor
        self.valueTopic = valueTopic
        self.valueField = valueField
        self.valueScale = valueScale
        self.title = title
        self.page = page
        self.cell = cell
        self.line = line
    }

    /// A slider's colours unless its section gives them: `[display]`'s `slider_track`,
    /// `slider_fill` and `slider_knob`, else its button colours: the track as a button's fill,
    /// the part up to the value as a latched button's, the knob as its text.
    public static func defaultColors(from panel: PanelColors) -> SliderColors {
        SliderColors(track: panel.sliderTrack ?? panel.fill, fill: panel.sliderFill ?? panel.onFill, knob: panel.sliderKnob ?? panel.text)
    }

    /// While a finger is on it: the track as a pressed button's fill, the knob as its text.
    public static func defaultPressedColors(from panel: PanelColors) -> SliderColors {
        SliderColors(track: panel.pressedFill, fill: panel.sliderFill ?? panel.onFill, knob: panel.pressedText ?? panel.sliderKnob ?? panel.text)
    }

    /// While disabled: the track as a disabled button's fill, the value's part dimmed, the
    /// knob as a disabled button's text.
    public static func defaultDisabledColors(from panel: PanelColors) -> SliderColors {
        SliderColors(track: panel.disabledFill, fill: (panel.sliderFill ?? panel.onFill).dimmed, knob: panel.disabledText)
    }

    /// The most characters a value text may have (a run holds more, so a longer one is seen).
    public static let longestValueText = 24

    /// Its name in Home Assistant.
    public var displayTitle: String { title ?? name }

    /// The step a device's number stands for (`value_scale` applied), and whether it lay
    /// outside min..max; nil when `text` is no number.
    public func step(ofDeviceText text: String) -> (step: Int32, clamped: Bool)? {
        guard let valueScale else { return scale.step(ofText: text) }
        // device * (max - min) / value_scale + min, in the scale's decimals: exact in integers.
        let decimals = max(scale.decimals, valueScale.decimals)
        guard let parsed = SliderScale.parse(text, decimals: decimals) else { return nil }
        let unit = SliderScale.power(decimals - scale.decimals)
        let span = Int64(scale.stepCount) * scale.step * unit   // max - min in 10^-decimals
        let full = valueScale.scaled(to: decimals)
        // Past twice the device's range either way the slider is at an end already; held
        // there, the product and quotient below stay within 128 and 64 bits.
        let device = Swift.max(-2 * full, Swift.min(parsed, 2 * full))
        let product = device.multipliedFullWidth(by: span)
        let (quotient, remainder) = full.dividingFullWidth(product)
        // Half away from zero, as the values' text is rounded.
        let halfOrMore = remainder.magnitude >= UInt64(full - full / 2)
        let rounded = quotient + (halfOrMore ? (device < 0 ? -1 : 1) : 0)
        let scaled = scale.minimum * unit + rounded
        return scale.step(ofText: SliderScale.decimalText(scaled, decimals: decimals))
    }

    /// How it looks at step `step`: in its pressed colours and wider-knobbed while `pressed`,
    /// in its disabled colours while not `enabled` (and not pressed: a touch under way when it
    /// was disabled ends as it would, rule 1).
    public func look(step: Int32, pressed: Bool = false, enabled: Bool = true) -> SliderLook {
        let shown = pressed ? pressedColors : enabled ? colors : disabledColors
        return SliderLook(
            rect: rect, orientation: orientation, fillPixels: spec.fillPixels(for: step), track: shown.track, fill: shown.fill,
            knob: shown.knob, pressed: pressed, text: pressed || enabled ? textColor : disabledTextColor,
            valueText: valueFormat?.glyphs(ofStep: step) ?? SliderGlyphRun(), background: background)
    }

    /// The characters its text is drawn from, in the order of its glyph table
    /// (`SliderValueFormat`): the digits, minus and decimal separator, then each character of its format's
    /// literal text once. Empty without a format.
    public var glyphCharacters: [Unicode.Scalar] {
        guard let format else { return [] }
        var scalars = Array("0123456789-".unicodeScalars) + [decimalSeparator]
        for scalar in (format.prefix + format.suffix).unicodeScalars where !scalars[12...].contains(scalar) {
            scalars.append(scalar)
        }
        return scalars
    }

    /// Its value as glyphs (`SliderValueFormat`); nil without a format.
    public var valueFormat: SliderValueFormat? {
        guard let format else { return nil }
        let table = glyphCharacters
        func run(_ text: String) -> SliderGlyphRun {
            var run = SliderGlyphRun()
            for scalar in text.unicodeScalars {
                if let index = table[12...].firstIndex(of: scalar) { run.append(UInt8(index)) }
            }
            return run
        }
        let decimals: Int32
        switch format.conversion {
        case .decimals(let count): decimals = Int32(count)
        case .integer, .text: decimals = 0
        }
        return SliderValueFormat(
            prefix: run(format.prefix), suffix: run(format.suffix), decimals: decimals, scaleDecimals: Int32(scale.decimals),
            minimum: scale.minimum, stepSize: scale.step)
    }

    /// What the classifier needs (rule 12).
    public var spec: SliderSpec {
        SliderSpec(
            rect: rect, orientation: orientation, stepCount: scale.stepCount, readOnly: readOnly,
            enabled: enabled, sendsWhileDragging: send == .drag, sendMs: Int32(sendInterval.wholeMilliseconds), settleMs: Int32(settleTime.wholeMilliseconds), page: page,
            startStep: startStep)
    }
}
