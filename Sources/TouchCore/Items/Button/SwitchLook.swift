/// `look = switch`: a latch or bound button drawn as a toggle switch, a rounded track with a
/// round knob at the left of its rect, its label beside it. The tile under them keeps its
/// resting fill, so a state shows in the switch, not in the whole button: off (normal) has the
/// knob at the left on a track in the `border` colour, on and pressed the knob at the right on
/// a track in that state's fill, pending and unknown the knob in the middle (the device has not
/// said). Disabled and unknown take their look's fill for the tile too, as a button does. The
/// knob is the state's label colour. Worked out once from the button's rect and colours.
public struct SwitchLook: Equatable, Sendable {
    /// Where the knob sits along the track.
    public enum KnobPlace: Equatable, Sendable {
        case left
        case middle
        case right
    }

    /// The button's own colours (`ButtonStyle`), each state's as configured.
    public let colors: ButtonStyle
    /// The track: a rect whose short sides are half circles; its height is even. Empty (width
    /// 0) on a button too small to hold one: only the tile and the label are drawn then.
    public let track: Rect
    /// The knob's diameter: the track's height less `knobInsetPx` on both sides.
    public let knobPx: Int32
    /// The gap between the knob and the track's edge.
    public let knobInsetPx: Int32
    /// Where the label's column starts, from the inside of the border: past the track and a
    /// gap as wide as the one before it.
    public let labelInsetPx: Int32
    /// How wide the label may be: from its column to the inside of the border.
    public let labelWidthPx: Int32

    /// The smallest track height drawn, in pixels: below it a knob would be a dot.
    public static let smallestTrackPx: Int32 = 4

    /// The switch in button `rect` drawn with `colors` (its `borderWidth` is inside `rect`).
    /// The track is half the inside's height, twice as long as high, and at most a third of
    /// the inside's width, so the label keeps the rest.
    public init(rect: Rect, colors: ButtonStyle) {
        self.colors = colors
        let borderPx = max(0, colors.borderWidth)
        let innerWidth = max(0, rect.width - 2 * borderPx), innerHeight = max(0, rect.height - 2 * borderPx)
        var trackHeightPx = min(innerHeight / 2, innerWidth / 6)
        trackHeightPx -= trackHeightPx & 1
        guard trackHeightPx >= SwitchLook.smallestTrackPx else {
            track = Rect(x: rect.x + borderPx, y: rect.y + borderPx, width: 0, height: 0)
            knobPx = 0
            knobInsetPx = 0
            labelInsetPx = 0
            labelWidthPx = innerWidth
            return
        }
        let gapPx = trackHeightPx / 2
        track = Rect(
            x: rect.x + borderPx + gapPx, y: rect.y + borderPx + (innerHeight - trackHeightPx) / 2,
            width: 2 * trackHeightPx, height: trackHeightPx)
        knobInsetPx = max(1, trackHeightPx / 8)
        knobPx = trackHeightPx - 2 * knobInsetPx
        labelInsetPx = gapPx + track.width + gapPx
        labelWidthPx = max(0, innerWidth - labelInsetPx)
    }

    /// Whether there is a switch to draw (the button holds one).
    public var hasTrack: Bool { track.width > 0 }

    /// The tile's fill in `state`: the resting fill, except disabled and unknown.
    public func tileFill(for state: ButtonVisualState) -> RGBColor {
        switch state {
        case .disabled, .unknown: colors.colors(for: state).fill
        case .normal, .pressed, .on, .pending: colors.normal.fill
        }
    }

    /// The track's colour in `state`: the state's fill where it is on or on its way, else the
    /// border colour (the off colour).
    public func trackColor(for state: ButtonVisualState) -> RGBColor {
        switch state {
        case .on, .pressed, .pending: colors.colors(for: state).fill
        case .normal, .disabled, .unknown: colors.border
        }
    }

    /// The knob's colour in `state`: that look's label colour.
    public func knobColor(for state: ButtonVisualState) -> RGBColor {
        colors.colors(for: state).text
    }

    /// Where the knob sits in `state`.
    public static func knobPlace(for state: ButtonVisualState) -> KnobPlace {
        switch state {
        case .on, .pressed: .right
        case .pending, .unknown: .middle
        case .normal, .disabled: .left
        }
    }

    /// The knob's square in `state`.
    public func knobRect(for state: ButtonVisualState) -> Rect {
        let x: Int32 =
            switch SwitchLook.knobPlace(for: state) {
            case .left: track.x + knobInsetPx
            case .middle: track.x + (track.width - knobPx) / 2
            case .right: track.x + track.width - knobInsetPx - knobPx
            }
        return Rect(x: x, y: track.y + knobInsetPx, width: knobPx, height: knobPx)
    }

    /// The style the button's tile and label are painted with (the switch goes over it): each
    /// state's fill the tile's, the label at the left past the switch, vertically centred.
    public var tileStyle: ButtonStyle {
        var style = colors
        style.normal.fill = tileFill(for: .normal)
        style.pressed.fill = tileFill(for: .pressed)
        style.disabled.fill = tileFill(for: .disabled)
        style.on.fill = tileFill(for: .on)
        style.pending.fill = tileFill(for: .pending)
        style.unknown.fill = tileFill(for: .unknown)
        style.alignment = .left
        style.labelInsetPx = labelInsetPx
        return style
    }
}
