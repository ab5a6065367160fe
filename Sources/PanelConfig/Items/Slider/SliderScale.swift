import TouchCore
import LinuxSystem

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

    /// min..max in steps of `step`, each as a number's text (`7`, `30`, `0.5`); nil where a
    /// slider key would refuse them: more than 3 decimals, max not above min, a step wider
    /// than the span, too many steps.
    public static func spanning(minimum: String, maximum: String, step: String) -> SliderScale? {
        guard let low = try? SliderNumber.parse(minimum), let high = try? SliderNumber.parse(maximum),
              let unit = try? SliderNumber.parse(step), unit.scaled > 0
        else { return nil }
        let decimals = Swift.max(low.decimals, high.decimals, unit.decimals)
        let span = high.scaled(to: decimals) - low.scaled(to: decimals)
        guard span > 0 else { return nil }
        let count = span / unit.scaled(to: decimals)
        guard count >= 1, count <= Int64(SliderSpec.maxStepCount) else { return nil }
        return SliderScale(decimals: decimals, minimum: low.scaled(to: decimals), step: unit.scaled(to: decimals), stepCount: Int32(count))
    }

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

    /// The most a value from outside is held to, in units of 10^-decimals: far past any
    /// slider's range (its numbers stay under 10^9), and far enough from Int64's ends that the
    /// arithmetic on it cannot overflow.
    public static let mostScaled: Int64 = 100_000_000_000_000_000

    /// `text` (a number as `DecimalNumber` reads it) as a whole number of 10^-`decimals`,
    /// rounded half away from zero and held to ±`mostScaled`; nil when it is no number.
    public static func parse(_ text: String, decimals: Int) -> Int64? {
        DecimalNumber.parse(text)?.scaled(decimals: decimals, limit: mostScaled).value
    }

    static func power(_ decimals: Int) -> Int64 {
        var result: Int64 = 1
        for _ in 0..<decimals { result *= 10 }
        return result
    }
}
