/// Register and address values in messages, as datasheets and i2cdetect print them.
/// (Written out because Embedded Swift has no formatted printing.)
enum HexText {
    /// "0x38": two lower-case hex digits.
    static func byte(_ value: UInt8) -> String {
        let digits: StaticString = "0123456789abcdef"
        var text = "0x"
        text.unicodeScalars.append(Unicode.Scalar(digits.utf8Start[Int(value >> 4)]))
        text.unicodeScalars.append(Unicode.Scalar(digits.utf8Start[Int(value & 0x0F)]))
        return text
    }
}
