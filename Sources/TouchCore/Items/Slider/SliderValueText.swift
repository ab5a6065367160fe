/// A short run of glyphs by their place in a slider's glyph table (`SliderValueFormat`): the
/// value text drawn on a slider, made per report without a String (no allocation).
public struct SliderGlyphRun: Equatable, Sendable {
    public static let capacity = 32

    private var storage = InlineArray<32, UInt8>(repeating: 0)
    public private(set) var count = 0

    public init() {}

    /// Adds a glyph; false (adding nothing) when the run is full.
    @discardableResult
    public mutating func append(_ glyph: UInt8) -> Bool {
        guard count < SliderGlyphRun.capacity else { return false }
        storage[count] = glyph
        count += 1
        return true
    }

    public subscript(index: Int) -> UInt8 {
        precondition(index >= 0 && index < count, "SliderGlyphRun index out of range")
        return storage.span[index]
    }

    public var isEmpty: Bool { count == 0 }

    public static func == (a: SliderGlyphRun, b: SliderGlyphRun) -> Bool {
        guard a.count == b.count else { return false }
        for index in 0..<a.count where a.storage.span[index] != b.storage.span[index] { return false }
        return true
    }
}

/// How a slider writes its value (`format = %d %%`, `%.1f °C`): literal glyphs before and
/// after the number, and the number's decimals. Glyphs are places in the slider's glyph
/// table: 0-9 the digits, `minus` and `point`, then the literal characters (from
/// `firstLiteral` on) in the order the config gives them. The value is exact (steps of an
/// integer scale), rounded half away from zero where the format has fewer decimals.
public struct SliderValueFormat: Equatable, Sendable {
    public static let minus: UInt8 = 10
    public static let point: UInt8 = 11
    public static let firstLiteral: UInt8 = 12

    public var prefix: SliderGlyphRun
    public var suffix: SliderGlyphRun
    /// The decimals written (0: a whole number).
    public var decimals: Int32
    /// The slider's scale: value = minimum + step * stepSize, in units of 10^-scaleDecimals.
    public var scaleDecimals: Int32
    public var minimum: Int64
    public var stepSize: Int64

    public init(prefix: SliderGlyphRun, suffix: SliderGlyphRun, decimals: Int32, scaleDecimals: Int32, minimum: Int64, stepSize: Int64) {
        self.prefix = prefix
        self.suffix = suffix
        self.decimals = decimals
        self.scaleDecimals = scaleDecimals
        self.minimum = minimum
        self.stepSize = stepSize
    }

    /// The text of step `step`; cut at `SliderGlyphRun.capacity` glyphs.
    public func glyphs(ofStep step: Int32) -> SliderGlyphRun {
        var run = prefix
        var value = minimum &+ widen(step) &* stepSize
        // To `decimals` decimals: exact when there are more, else rounded half away from zero.
        if decimals >= scaleDecimals {
            for _ in 0..<(decimals - scaleDecimals) { value = value &* 10 }
        } else {
            var divisor: Int64 = 1
            for _ in 0..<(scaleDecimals - decimals) { divisor = divisor &* 10 }
            let half = divisor / 2
            value = value >= 0 ? (value + half) / divisor : -((-value + half) / divisor)
        }
        if value < 0 { run.append(SliderValueFormat.minus) }
        let magnitude = UInt64(bitPattern: value < 0 ? -value : value)
        // The digits from the most significant on: at least one before the point.
        var digitCount = 1
        var unit: UInt64 = 1
        while digitCount <= Int(decimals) || magnitude / unit >= 10 {
            unit *= 10
            digitCount += 1
        }
        while digitCount > 0 {
            if digitCount == Int(decimals) { run.append(SliderValueFormat.point) }
            run.append(UInt8(truncatingIfNeeded: magnitude / unit % 10))
            unit /= 10
            digitCount -= 1
        }
        for index in 0..<suffix.count { run.append(suffix[index]) }
        return run
    }
}
