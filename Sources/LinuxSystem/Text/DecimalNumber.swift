/// A number as someone outside writes it (`21.456`, `-3`, `2.5e1`, ` 65 \n`): the one path by
/// which numbers from MQTT, the control socket, Home Assistant and files are read. One pass
/// over the bytes, no floating point (whose printing the firmware does not carry), nothing
/// that can trap: ten thousand digits, `1e999` and `-0` are all numbers, held to
/// `mostSignificantDigits` and rounded there; `nan`, `inf` and anything else are not.
public struct DecimalNumber: Equatable, Sendable {
    public var negative: Bool
    /// Significant digits, most significant first, with no leading or trailing zeros: `[]` is zero.
    public var digits: [UInt8]
    /// The value is `digits` (as a whole number) times ten to `exponent`.
    public var exponent: Int

    /// Digits kept; a longer number is rounded (half away from zero) at its 40th digit.
    public static let mostSignificantDigits = 40
    /// An exponent is read up to this size and held there (`1e999999999` is `1e1000000`).
    static let mostExponent = 1_000_000

    public init(negative: Bool, digits: [UInt8], exponent: Int) {
        self.negative = negative
        self.digits = digits
        self.exponent = exponent
    }

    public var isZero: Bool { digits.isEmpty }

    /// Places before the point the number has (`123.4`: 3, `0.05`: -1): where its first digit
    /// stands. Zero for zero.
    public var wholeDigitCount: Int { digits.isEmpty ? 0 : digits.count + exponent }

    /// `[+|-]digits[.digits][e[+|-]digits]` with spaces, tabs and line ends around it; nil for
    /// anything else.
    public static func parse(_ text: String) -> DecimalNumber? {
        parse(bytes: Array(text.utf8)[...])
    }

    public static func parse(bytes: ArraySlice<UInt8>) -> DecimalNumber? {
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        var index = start
        var negative = false
        if index < end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var digits: [UInt8] = []
        var exponent = 0
        var pendingZeros = 0      // zeros after the last nonzero digit, kept only if one follows
        var seenDigit = false
        var seenPoint = false
        var dropped = false       // digits past mostSignificantDigits: only the first rounds
        var roundsUp = false
        while index < end, bytes[index] != UInt8(ascii: "e"), bytes[index] != UInt8(ascii: "E") {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: ".") {
                guard !seenPoint else { return nil }
                seenPoint = true
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            seenDigit = true
            let digit = byte - UInt8(ascii: "0")
            if seenPoint { exponent -= 1 }
            if dropped {
                exponent += 1   // a dropped digit still counts as a place
                continue
            }
            if digit == 0 {
                if !digits.isEmpty { pendingZeros += 1 } else if !seenPoint { continue }
                continue
            }
            if digits.count + pendingZeros + 1 > mostSignificantDigits {
                // Past the kept digits: this one (or a zero before it) decides the rounding.
                let kept = mostSignificantDigits - digits.count
                let removed = pendingZeros - kept  // zeros that fall past the kept digits
                digits.append(contentsOf: repeatElement(0, count: kept))
                roundsUp = removed == 0 && digit >= 5
                exponent += removed + 1
                pendingZeros = 0
                dropped = true
                continue
            }
            digits.append(contentsOf: repeatElement(0, count: pendingZeros))
            pendingZeros = 0
            digits.append(digit)
        }
        guard seenDigit else { return nil }
        exponent += pendingZeros
        if index < end {
            index += 1
            var sign = 1
            if index < end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
                index += 1
            }
            guard index < end else { return nil }
            var written = 0
            while index < end {
                let byte = bytes[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                written = min(written * 10 + Int(byte - UInt8(ascii: "0")), mostExponent)
                index += 1
            }
            exponent = max(-3 * mostExponent, min(exponent + sign * written, 3 * mostExponent))
        }
        var number = DecimalNumber(negative: negative, digits: digits, exponent: exponent)
        if roundsUp { number.addOneAtTheLastDigit() }
        number.dropTrailingZeros()
        return number
    }

    /// The number in whole units of 10^-`decimals`, rounded half away from zero, held to
    /// ±`limit`; `saturated` says it lay beyond.
    public func scaled(decimals: Int, limit: Int64) -> (value: Int64, saturated: Bool) {
        guard !digits.isEmpty else { return (0, false) }
        let held = negative ? -limit : limit
        // More than 18 places: beyond any Int64 limit we use (10^18 > every limit's digits).
        guard wholeDigitCount + decimals <= 18 else { return (held, true) }
        let places = wholeDigitCount + decimals   // digits that land before the cut
        var magnitude: Int64 = 0
        var index = 0
        while index < places {
            magnitude = magnitude * 10 + Int64(index < digits.count ? digits[index] : 0)
            index += 1
        }
        if places >= 0, places < digits.count, digits[places] >= 5 { magnitude += 1 }
        guard magnitude <= limit else { return (held, true) }
        return (negative ? -magnitude : magnitude, false)
    }

    /// The number with exactly `decimals` digits after the point (none: no point), rounded
    /// half away from zero; nil when it has more than `mostWholeDigits` whole digits.
    public func text(decimals: Int, mostWholeDigits: Int = 40) -> String? {
        guard wholeDigitCount <= mostWholeDigits else { return nil }
        // From the highest whole place (the ones when there is none) down to the last decimal.
        let lastPlace = -decimals
        var written: [UInt8] = []
        var power = max(wholeDigitCount, 1) - 1
        while power >= lastPlace {
            written.append(digit(atPower: power))
            power -= 1
        }
        if digit(atPower: lastPlace - 1) >= 5 {
            var index = written.count - 1
            while index >= 0, written[index] == 9 {
                written[index] = 0
                index -= 1
            }
            if index >= 0 { written[index] += 1 } else { written.insert(1, at: 0) }
        }
        var text = written.allSatisfy({ $0 == 0 }) || !negative ? "" : "-"
        for (index, digit) in written.enumerated() {
            if index == written.count - decimals { text += "." }
            text.unicodeScalars.append(Unicode.Scalar(UInt8(ascii: "0") + digit))
        }
        return text
    }

    /// The digit at 10^`power` (0 outside the kept digits).
    func digit(atPower power: Int) -> UInt8 {
        let index = digits.count + exponent - 1 - power
        return index >= 0 && index < digits.count ? digits[index] : 0
    }

    private mutating func addOneAtTheLastDigit() {
        var index = digits.count - 1
        while index >= 0, digits[index] == 9 {
            digits[index] = 0
            index -= 1
        }
        if index >= 0 {
            digits[index] += 1
        } else {
            digits.insert(1, at: 0)
            digits.removeLast()
            exponent += 1
        }
    }

    private mutating func dropTrailingZeros() {
        var zeros = 0
        while zeros < digits.count, digits[digits.count - 1 - zeros] == 0 { zeros += 1 }
        digits.removeLast(zeros)
        exponent = digits.isEmpty ? 0 : exponent + zeros
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
