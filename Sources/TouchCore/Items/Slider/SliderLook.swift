/// What a slider looks like now: its track, the part of it up to the value in `fill`, and a
/// knob across the track at the value (wider while a finger is on it); with a label or a
/// value format, the value's text (drawn from the glyphs its surface prepared) in `text`.
public struct SliderLook: Equatable, Sendable {
    public var rect: Rect
    public var orientation: SliderOrientation
    /// Where the value is, in pixels along the track from its start (0...length).
    public var fillPixels: Int32
    public var track: RGBColor
    public var fill: RGBColor
    public var knob: RGBColor
    public var pressed: Bool
    /// The colour of its label and value text.
    public var text: RGBColor
    /// The value as its format writes it; empty without a format.
    public var valueText: SliderGlyphRun

    public init(
        rect: Rect, orientation: SliderOrientation, fillPixels: Int32, track: RGBColor, fill: RGBColor, knob: RGBColor,
        pressed: Bool = false, text: RGBColor = .white, valueText: SliderGlyphRun = SliderGlyphRun()
    ) {
        self.rect = rect
        self.orientation = orientation
        self.fillPixels = fillPixels
        self.track = track
        self.fill = fill
        self.knob = knob
        self.pressed = pressed
        self.text = text
        self.valueText = valueText
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

    /// Whether `other` differs only in where the value is (and so in its text): then only the
    /// span between the two, and the text, need painting.
    public func differsOnlyInValue(from other: SliderLook) -> Bool {
        rect == other.rect && orientation == other.orientation && track == other.track && fill == other.fill
            && knob == other.knob && pressed == other.pressed && text == other.text
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
