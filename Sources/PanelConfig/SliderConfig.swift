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
    public var send: Send
    public var sendMs: Int
    public var settleMs: Int
    /// Runs at each send with the value (`$VALUE`).
    public var onChange: ButtonAction?
    /// The track, the part of it up to the value, and the knob at the value.
    public var track: RGBColor
    public var fill: RGBColor
    public var knob: RGBColor
    /// `value_topic`: a device's topic whose messages set the value from outside (rule 12:
    /// held back while a finger is on the slider and for `settle_ms` after a send).
    public var valueTopic: String?
    /// `value_field`: the value's dotted path in a JSON payload; nil: the whole payload.
    public var valueField: [String]?
    /// `value_scale`: the device's number for `max` (254 for a Zigbee brightness shown as
    /// 0-100); its numbers are scaled to min..max. Nil: taken as they are.
    public var valueScale: SliderNumber?
    /// Its name in Home Assistant; nil: its name.
    public var title: String?
    /// The page it is on, by place in file order, or `PageLayout.allPages` (0 without pages).
    public var page: Int
    public var cell: GridCell?
    /// The section header's line.
    public var line: Int

    public init(
        name: String, rect: Rect, orientation: SliderOrientation = .horizontal,
        scale: SliderScale = SliderScale(decimals: 0, minimum: 0, step: 1, stepCount: 100), startStep: Int32 = 0,
        readOnly: Bool = false, send: Send = .release, sendMs: Int = 250, settleMs: Int = 1000, onChange: ButtonAction? = nil,
        track: RGBColor = SliderConfig.defaultTrack, fill: RGBColor = PanelColors.defaults.onFill,
        knob: RGBColor = PanelColors.defaults.text, valueTopic: String? = nil, valueField: [String]? = nil,
        valueScale: SliderNumber? = nil, title: String? = nil, page: Int = 0, cell: GridCell? = nil, line: Int
    ) {
        self.name = name
        self.rect = rect
        self.orientation = orientation
        self.scale = scale
        self.startStep = startStep
        self.readOnly = readOnly
        self.send = send
        self.sendMs = sendMs
        self.settleMs = settleMs
        self.onChange = onChange
        self.track = track
        self.fill = fill
        self.knob = knob
        self.valueTopic = valueTopic
        self.valueField = valueField
        self.valueScale = valueScale
        self.title = title
        self.page = page
        self.cell = cell
        self.line = line
    }

    /// The track's colour unless `track` is given: the buttons' fill.
    public static let defaultTrack = PanelColors.defaults.fill

    /// Its name in Home Assistant.
    public var displayTitle: String { title ?? name }

    /// The step a device's number stands for (`value_scale` applied), and whether it lay
    /// outside min..max; nil when `text` is no number.
    public func step(ofDeviceText text: String) -> (step: Int32, clamped: Bool)? {
        guard let valueScale else { return scale.step(ofText: text) }
        // device * (max - min) / value_scale + min, in the scale's decimals: exact in integers.
        let decimals = max(scale.decimals, valueScale.decimals)
        guard let device = SliderScale.parse(text, decimals: decimals) else { return nil }
        let unit = SliderScale.power(decimals - scale.decimals)
        let span = Int64(scale.stepCount) * scale.step * unit   // max - min in 10^-decimals
        let full = valueScale.scaled(to: decimals)
        let (product, overflow) = device.multipliedReportingOverflow(by: span)
        guard !overflow else { return nil }
        let scaled = scale.minimum * unit + (product + (product >= 0 ? full / 2 : -full / 2)) / full
        return scale.step(ofText: SliderScale.decimalText(scaled, decimals: decimals))
    }

    /// How it looks at step `step`, wider-knobbed while `pressed`.
    public func look(step: Int32, pressed: Bool = false) -> SliderLook {
        SliderLook(
            rect: rect, orientation: orientation, fillPixels: spec.fillPixels(for: step), track: track, fill: fill, knob: knob,
            pressed: pressed)
    }

    /// What the classifier needs (rule 12).
    public var spec: SliderSpec {
        SliderSpec(
            rect: rect, orientation: orientation, stepCount: scale.stepCount, readOnly: readOnly,
            sendsWhileDragging: send == .drag, sendMs: Int32(sendMs), settleMs: Int32(settleMs), page: page,
            startStep: startStep)
    }
}
