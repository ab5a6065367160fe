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
    /// What shows around a dial's arc (its rect's corners, inside the ring, the gap).
    public var background: RGBColor

    public init(
        rect: Rect, orientation: SliderOrientation, fillPixels: Int32, track: RGBColor, fill: RGBColor, knob: RGBColor,
        pressed: Bool = false, text: RGBColor = .white, valueText: SliderGlyphRun = SliderGlyphRun(),
        background: RGBColor = .black
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
        self.background = background
    }

    /// A dial's arc on the screen; nil for a straight slider.
    public var dial: DialGeometry? {
        guard case .arc(let shape) = orientation else { return nil }
        return DialGeometry(rect: rect, shape: shape)
    }

    /// The track's length in pixels (a dial's in hundredths of a degree along its arc).
    public var length: Int32 {
        switch orientation {
        case .horizontal: rect.width
        case .vertical: rect.height
        case .arc(let shape): shape.arcCentidegrees
        }
    }

    /// The knob's thickness along the track: 6 pixels, 10 while pressed, never more than the
    /// track (on a dial, as much of its arc at the band's middle).
    public var knobPixels: Int32 {
        let pixels: Int32 = pressed ? 10 : 6
        if let dial { return dial.centidegrees(ofPixels: pixels) }
        return min(pixels, length)
    }

    /// The knob's span along the track: centred on the value, kept inside the track.
    public var knobSpan: Range<Int32> {
        let start = min(max(fillPixels - knobPixels / 2, 0), length - knobPixels)
        return start..<(start + knobPixels)
    }

    /// Whether `other` differs only in where the value is (and so in its text): then only the
    /// span between the two, and the text, need painting.
    public func differsOnlyInValue(from other: SliderLook) -> Bool {
        rect == other.rect && orientation == other.orientation && track == other.track && fill == other.fill
            && knob == other.knob && pressed == other.pressed && text == other.text && background == other.background
    }

    /// The rect of the part `span` of the track (along it, from its start); on a dial, the
    /// box around that part of its band.
    public func rect(along span: Range<Int32>) -> Rect {
        switch orientation {
        case .arc:
            return dial!.bounds(of: span)
        case .horizontal:
            return Rect(x: rect.x + span.lowerBound, y: rect.y, width: span.upperBound - span.lowerBound, height: rect.height)
        case .vertical:
            // The track starts at the bottom.
            return Rect(
                x: rect.x, y: rect.y + rect.height - span.upperBound, width: rect.width, height: span.upperBound - span.lowerBound)
        }
    }
}
