/// A number as a device writes it (`21.456`, `-3`, `2.5e1`), rounded to N decimals on its
/// digits, half away from zero: exact, with no floating point (whose printing the firmware
/// does not carry) and no binary rounding surprise (`0.125` to two decimals is `0.13`).
enum DecimalText {
    /// A decimal: `digits` (most significant first) times ten to `exponent`.
    struct Number: Equatable {
        var negative: Bool
        var digits: [UInt8]
        var exponent: Int
    }

    /// Nil for what is no plain decimal number, or one beyond 10^±40.
    static func parse(_ text: String) -> Number? {
        var bytes = Array(text.utf8)[...]
        while let first = bytes.first, first == 0x20 || first == 0x09 || first == 0x0A || first == 0x0D { bytes = bytes.dropFirst() }
        while let last = bytes.last, last == 0x20 || last == 0x09 || last == 0x0A || last == 0x0D { bytes = bytes.dropLast() }
        var negative = false
        if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") {
            negative = bytes.first == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        var digits: [UInt8] = []
        var exponent = 0
        var seenPoint = false
        var seenDigit = false
        while let byte = bytes.first, byte != UInt8(ascii: "e"), byte != UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if byte == UInt8(ascii: ".") {
                guard !seenPoint else { return nil }
                seenPoint = true
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            seenDigit = true
            digits.append(byte - UInt8(ascii: "0"))
            if seenPoint { exponent -= 1 }
        }
        guard seenDigit else { return nil }
        if !bytes.isEmpty {
            bytes = bytes.dropFirst()
            var sign = 1
            if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") {
                sign = bytes.first == UInt8(ascii: "-") ? -1 : 1
                bytes = bytes.dropFirst()
            }
            guard !bytes.isEmpty, bytes.count <= 3 else { return nil }
            var value = 0
            for byte in bytes {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            exponent += sign * value
        }
        while digits.count > 1, digits.first == 0 { digits.removeFirst() }
        guard digits.count + exponent <= 40, exponent >= -40 - digits.count else { return nil }
        return Number(negative: negative, digits: digits, exponent: exponent)
    }

    /// `number` with exactly `decimals` digits after the point (none: no point).
    static func rounded(_ number: Number, decimals: Int) -> String {
        var digits = number.digits
        var exponent = number.exponent
        // Pad or cut to exactly `decimals` places after the point.
        if exponent > -decimals {
            digits += Array(repeating: 0, count: exponent + decimals)
            exponent = -decimals
        }
        var roundUp = false
        if exponent < -decimals {
            let cut = -decimals - exponent
            if cut > digits.count {
                digits = [0]
            } else {
                roundUp = digits[digits.count - cut] >= 5
                digits.removeLast(cut)
                if digits.isEmpty { digits = [0] }
            }
        }
        if roundUp {
            var index = digits.count - 1
            while index >= 0 {
                if digits[index] == 9 {
                    digits[index] = 0
                    index -= 1
                } else {
                    digits[index] += 1
                    break
                }
            }
            if index < 0 { digits.insert(1, at: 0) }
        }
        while digits.count < decimals + 1 { digits.insert(0, at: 0) }
        while digits.count > decimals + 1, digits.first == 0 { digits.removeFirst() }
        var text = digits.allSatisfy({ $0 == 0 }) || !number.negative ? "" : "-"
        for (index, digit) in digits.enumerated() {
            if index == digits.count - decimals { text += "." }
            text.unicodeScalars.append(Unicode.Scalar(UInt8(ascii: "0") + digit))
        }
        return text
    }
}
