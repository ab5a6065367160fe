/// What a slider looks like now: its track, the part of it up to the value in `fill`, and a
/// knob across the track at the value (wider while a finger is on it).
public struct SliderLook: Equatable, Sendable {
    public var rect: Rect
    public var orientation: SliderOrientation
    /// Where the value is, in pixels along the track from its start (0...length).
    public var fillPixels: Int32
    public var track: RGBColor
    public var fill: RGBColor
    public var knob: RGBColor
    public var pressed: Bool

    public init(
        rect: Rect, orientation: SliderOrientation, fillPixels: Int32, track: RGBColor, fill: RGBColor, knob: RGBColor,
        pressed: Bool = false
    ) {
        self.rect = rect
        self.orientation = orientation
        self.fillPixels = fillPixels
        self.track = track
        self.fill = fill
        self.knob = knob
        self.pressed = pressed
    }

    /// The track's length in pixels.
    public var length: Int32 { orientation == .horizontal ? rect.width : rect.height }

    /// The knob's thickness along the track: 6 pixels, 10 while pressed, never more than the track.
    public var knobPixels: Int32 { min(pressed ? 10 : 6, length) }

    /// The knob's span along the track: centred on the value, kept inside the track.
    public var knobSpan: Range<Int32> {
        let start = min(max(fillPixels - knobPixels / 2, 0), length - knobPixels)
        return start..<(start + knobPixels)
    }

    /// Whether `other` differs only in where the value is: then only the span between the two
    /// needs painting.
    public func differsOnlyInValue(from other: SliderLook) -> Bool {
        rect == other.rect && orientation == other.orientation && track == other.track && fill == other.fill
            && knob == other.knob && pressed == other.pressed
    }

    /// The rect of the part `span` of the track (along it, from its start).
    public func rect(along span: Range<Int32>) -> Rect {
        switch orientation {
        case .horizontal:
            return Rect(x: rect.x + span.lowerBound, y: rect.y, width: span.upperBound - span.lowerBound, height: rect.height)
        case .vertical:
            // The track starts at the bottom.
            return Rect(
                x: rect.x, y: rect.y + rect.height - span.upperBound, width: rect.width, height: span.upperBound - span.lowerBound)
        }
    }
}
