

/// Register and address values in messages, as datasheets and i2cdetect print them.
/// (Written out because Embedded Swift has no formatted printing.)
public enum HexText {
    /// "0x38": two lower-case hex digits.
    public static func byte(_ value: UInt8) -> String {
        let digits: StaticString = "0123456789abcdef"
        var text = "0x"
        text.unicodeScalars.append(Unicode.Scalar(digits.utf8Start[Int(value >> 4)]))
        text.unicodeScalars.append(Unicode.Scalar(digits.utf8Start[Int(value & 0x0F)]))
        return text
    }

    /// "3c": two lower-case hex digits, as trace lines write report bytes.
    public static func twoDigits(_ value: UInt8) -> String {
        String(byte(value).utf8.dropFirst(2))!
    }

    /// "0x1060": four lower-case hex digits.
    public static func word(_ value: UInt16) -> String {
        let high = byte(UInt8(truncatingIfNeeded: value >> 8))
        let low = byte(UInt8(truncatingIfNeeded: value))
        return high + String(low.utf8.dropFirst(2))!
    }
}
