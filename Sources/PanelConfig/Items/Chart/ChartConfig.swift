import TouchCore

/// One `[chart NAME]` section: the history of one number (a topic's payload or its field, or
/// a Home Assistant entity's state) over `window_h` hours in `points` buckets, each with its
/// min, mean and max, drawn as a line (the mean over the shaded min-max band) or as bars.
/// It takes no touch.
public struct ChartConfig: Equatable, Sendable {
    public var name: String
    public var rect: Rect
    public var style: ChartStyle
    public var topic: String?
    /// With `topic`: the value's dotted path in a JSON payload; nil: the whole payload.
    public var field: [String]?
    public var entity: EntityID?
    public var windowHours: Int
    public var points: Int
    /// `min` and `max` in thousandths; nil: from the data.
    public var lowMilli: Int32?
    public var highMilli: Int32?
    /// How the newest value and the axis ends are written (`%d`, `%.1f °C`); `%.1f` without one.
    public var format: ValueFormat
    /// What its glyph table holds for the point: the locale's decimal separator (`[panel] locale`).
    public var decimalSeparator: Unicode.Scalar = "."
    public var lineColor: RGBColor
    /// The min-max band: `lineColor` dimmed towards the background unless `band` says.
    public var bandColor: RGBColor
    public var textColor: RGBColor
    public var background: RGBColor
    public var page: Int
    public var cell: GridCell?
    /// The section header's line.
    public var line: Int

    /// The most charts a panel has.
    public static let capacity = 8
    public static let defaultWindowHours = 24
    public static let defaultPoints = 288
    public static let windowHoursRange = 1...168
    public static let pointsRange = 2...1024
    public static let defaultFormat = ValueFormat(prefix: "", conversion: .decimals(1), suffix: "")

    public init(
        name: String, rect: Rect, style: ChartStyle = .line, topic: String? = nil, field: [String]? = nil, entity: EntityID? = nil,
        windowHours: Int = ChartConfig.defaultWindowHours, points: Int = ChartConfig.defaultPoints, lowMilli: Int32? = nil,
        highMilli: Int32? = nil, format: ValueFormat = ChartConfig.defaultFormat, lineColor: RGBColor, bandColor: RGBColor, textColor: RGBColor,
        background: RGBColor, page: Int = 0, cell: GridCell? = nil, line: Int
    ) {
        self.name = name
        self.rect = rect
        self.style = style
        self.topic = topic
        self.field = field
        self.entity = entity
        self.windowHours = windowHours
        self.points = points
        self.lowMilli = lowMilli
        self.highMilli = highMilli
        self.format = format
        self.lineColor = lineColor
        self.bandColor = bandColor
        self.textColor = textColor
        self.background = background
        self.page = page
        self.cell = cell
        self.line = line
    }

    /// A bucket's length: the window shared among the points, in whole milliseconds.
    public var bucketMs: Int64 { Int64(windowHours) * 3_600_000 / Int64(points) }

    /// The bytes its ring (and its history file) take.
    public var ringBytes: Int { ChartRing.byteCount(points: points) }

    /// Thousandths as the config writes a number: `21.5`, `-3`, `0.125`.
    public static func text(ofMilli milli: Int32) -> String {
        let magnitude = Int64(milli).magnitude
        var text = (milli < 0 ? "-" : "") + String(magnitude / 1_000)
        var fraction = magnitude % 1_000
        guard fraction != 0 else { return text }
        var digits = 3
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let written = String(fraction)
        text += "." + String(repeating: "0", count: digits - written.count) + written
        return text
    }

    /// The characters its texts are drawn from, in the order of its glyph table (a slider's:
    /// `SliderValueFormat`): the digits, minus and decimal separator, then the format's literals once each.
    public var glyphCharacters: [Unicode.Scalar] {
        var scalars = Array("0123456789-".unicodeScalars) + [decimalSeparator]
        for scalar in (format.prefix + format.suffix).unicodeScalars where !scalars[12...].contains(scalar) {
            scalars.append(scalar)
        }
        return scalars
    }

    /// Its values as glyphs: thousandths written with the format's decimals.
    public var valueFormat: SliderValueFormat {
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
        return SliderValueFormat(prefix: run(format.prefix), suffix: run(format.suffix), decimals: decimals, scaleDecimals: 3, minimum: 0, stepSize: 1)
    }

    /// What TouchCore draws it from, with the text line `textLinePx` tall.
    public func spec(textLinePx: Int32) -> ChartSpec {
        ChartSpec(
            rect: rect, style: style, fixedLowMilli: lowMilli, fixedHighMilli: highMilli, background: background, line: lineColor, band: bandColor,
            text: textColor, textLinePx: textLinePx)
    }
}
