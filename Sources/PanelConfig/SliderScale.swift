/// A slider's values as TouchCore's steps see them: value = minimum + step index * step, all
/// held as whole numbers of 10^-decimals (so `min = 16`, `step = 0.5` is 160 + i * 5 tenths).
/// Exact: no binary fraction ever stands between what a user wrote and what is sent.
public struct SliderScale: Equatable, Sendable {
    /// Fraction digits of the values (0...3): the most any of min, max, step and value has.
    public var decimals: Int
    public var minimum: Int64
    public var step: Int64
    /// The highest step index: the step of `max` (max may fall between steps; it is then the
    /// last step below it).
    public var stepCount: Int32

    public static let decimalsRange = 0...3

    public init(decimals: Int, minimum: Int64, step: Int64, stepCount: Int32) {
        self.decimals = decimals
        self.minimum = minimum
        self.step = step
        self.stepCount = stepCount
    }

    /// `value` of step `index`, as written in event lines, payloads and `$VALUE`: `65`, `21.5`, `-3.25`.
    public func text(ofStep index: Int32) -> String {
        SliderScale.decimalText(minimum + Int64(index) * step, decimals: decimals)
    }

    /// `step` as written: `5`, `0.5`.
    public var stepText: String {
        SliderScale.decimalText(step, decimals: decimals)
    }

    /// `scaled` units of 10^-`decimals` as a decimal number: `215` with 1 decimal is `21.5`.
    public static func decimalText(_ scaled: Int64, decimals: Int) -> String {
        guard decimals > 0 else { return String(scaled) }
        let unit = power(decimals)
        let magnitude = scaled < 0 ? -scaled : scaled
        var fraction = String(magnitude % unit)
        while fraction.utf8.count < decimals { fraction = "0" + fraction }
        return (scaled < 0 ? "-" : "") + String(magnitude / unit) + "." + fraction
    }

    /// The step nearest `text` (a decimal number: `65`, `65.0`, `-2.5`), clamped to the
    /// slider's range; nil when `text` is no number. `clamped` says whether it lay outside.
    public func step(ofText text: String) -> (step: Int32, clamped: Bool)? {
        guard let scaled = SliderScale.parse(text, decimals: decimals) else { return nil }
        let offset = scaled - minimum
        // Nearest step, halves away from the minimum.
        var index = offset >= 0 ? (offset + step / 2) / step : -((-offset + step / 2) / step)
        var clamped = false
        if index < 0 {
            index = 0
            clamped = true
        } else if index > Int64(stepCount) {
            index = Int64(stepCount)
            clamped = true
        }
        if !clamped, offset < 0 || offset > Int64(stepCount) * step { clamped = true }
        return (Int32(index), clamped)
    }

    /// `text` as a whole number of 10^-`decimals`, its further digits rounded half away from
    /// zero; nil when it is not `[-]digits[.digits]` (at most 15 whole digits).
    public static func parse(_ text: String, decimals: Int) -> Int64? {
        var bytes = Array(text.utf8)[...]
        while let first = bytes.first, first == UInt8(ascii: " ") { bytes = bytes.dropFirst() }
        while let last = bytes.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\n") { bytes = bytes.dropLast() }
        var negative = false
        if bytes.first == UInt8(ascii: "-") {
            negative = true
            bytes = bytes.dropFirst()
        } else if bytes.first == UInt8(ascii: "+") {
            bytes = bytes.dropFirst()
        }
        var whole: Int64 = 0
        var wholeDigits = 0
        while let byte = bytes.first, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            guard wholeDigits < 15 else { return nil }
            whole = whole * 10 + Int64(byte - UInt8(ascii: "0"))
            wholeDigits += 1
            bytes = bytes.dropFirst()
        }
        var fraction: Int64 = 0
        var fractionDigits = 0
        var roundUp = false
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            var seen = 0
            while let byte = bytes.first, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                let digit = Int64(byte - UInt8(ascii: "0"))
                if seen < decimals {
                    fraction = fraction * 10 + digit
                    fractionDigits += 1
                } else if seen == decimals {
                    roundUp = digit >= 5
                }
                seen += 1
                bytes = bytes.dropFirst()
            }
            guard seen > 0 || wholeDigits > 0 else { return nil }
        }
        guard bytes.isEmpty, wholeDigits > 0 || fractionDigits > 0 || roundUp else { return nil }
        while fractionDigits < decimals {
            fraction *= 10
            fractionDigits += 1
        }
        var scaled = whole * power(decimals) + fraction + (roundUp ? 1 : 0)
        if negative { scaled = -scaled }
        return scaled
    }

    static func power(_ decimals: Int) -> Int64 {
        var result: Int64 = 1
        for _ in 0..<decimals { result *= 10 }
        return result
    }
}
