/// Text from a file, made safe to print: a control byte (below 0x20, or 0x7F) in a config or
/// trace file must not reach a terminal or a log viewer as itself, where an escape sequence
/// could rewrite what the reader sees. Each becomes `\xNN`; everything else stays as it is.
public enum ControlBytes {
    public static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: isControl) else { return text }
        let digits: StaticString = "0123456789abcdef"
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            if isControl(byte) {
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "x"),
                                          digits.utf8Start[Int(byte >> 4)], digits.utf8Start[Int(byte & 0x0F)]])
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isControl(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F
    }
}
