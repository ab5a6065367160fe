/// A slider's three colours in one state (normal, pressed or disabled): the track, the part
/// of it up to the value, and the knob at the value.
public struct SliderColors: Equatable, Sendable {
    public var track: RGBColor
    public var fill: RGBColor
    public var knob: RGBColor

    public init(track: RGBColor, fill: RGBColor, knob: RGBColor) {
        self.track = track
        self.fill = fill
        self.knob = knob
    }
}
