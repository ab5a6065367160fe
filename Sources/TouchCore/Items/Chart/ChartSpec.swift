/// Where and how a chart is drawn: its rect split into a line of text at the top (the upper
/// axis end at the left, the newest value at the right), the plot, and a line at the bottom
/// (the lower axis end), with its colours and its fixed ends, if any.
public struct ChartSpec: Equatable, Sendable {
    public var rect: Rect
    public var style: ChartStyle
    /// `min`/`max` in thousandths; nil: from the data.
    public var fixedLowMilli: Int32?
    public var fixedHighMilli: Int32?
    public var background: RGBColor
    public var line: RGBColor
    /// The min-max band: the line's colour dimmed towards the background.
    public var band: RGBColor
    public var text: RGBColor
    /// The height of a line of text (0: no text, the plot takes the whole rect).
    public var textLinePx: Int32

    public init(
        rect: Rect, style: ChartStyle, fixedLowMilli: Int32?, fixedHighMilli: Int32?, background: RGBColor, line: RGBColor, band: RGBColor,
        text: RGBColor, textLinePx: Int32
    ) {
        self.rect = rect
        self.style = style
        self.fixedLowMilli = fixedLowMilli
        self.fixedHighMilli = fixedHighMilli
        self.background = background
        self.line = line
        self.band = band
        self.text = text
        self.textLinePx = textLinePx
    }

    /// The plot: the rect less a text line at the top and at the bottom.
    public var plot: Rect {
        let inset = min(textLinePx, rect.height / 4)
        return Rect(x: rect.x, y: rect.y + inset, width: rect.width, height: max(1, rect.height - 2 * inset))
    }

    /// The band's colour: `line` a third of the way from `background`.
    public static func dimmed(_ line: RGBColor, over background: RGBColor) -> RGBColor {
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Int(a) + 2 * Int(b)) / 3) }
        return RGBColor(r: mix(line.r, background.r), g: mix(line.g, background.g), b: mix(line.b, background.b))
    }

    /// The values at the plot's bottom and top: the fixed ends, else the lowest and highest
    /// of the ring's buckets (a range of 1 around a flat history, 0...1 for an empty one).
    public func range(of ring: ChartRing) -> (low: Int32, high: Int32) {
        var low = fixedLowMilli ?? Int32.max, high = fixedHighMilli ?? Int32.min
        if fixedLowMilli == nil || fixedHighMilli == nil, let extremes = ring.extremes {
            if fixedLowMilli == nil { low = extremes.low }
            if fixedHighMilli == nil { high = extremes.high }
        }
        if low == Int32.max { low = high == Int32.min ? 0 : high &- 1_000 }
        if high == Int32.min { high = low &+ 1_000 }
        if high <= low { high = low &+ 1_000 }
        return (low, high)
    }
}
