import LinuxSystem

/// The one JSON object the panel reads: Home Assistant's light command,
/// `{"state":"ON","brightness":80}`. Flat objects of strings, numbers and booleans only;
/// anything else is refused whole.
enum FlatJSON {
    enum Value: Equatable {
        case text(String)
        case number(Int)
        case boolean(Bool)
    }

    static func parse(_ bytes: [UInt8]) -> [String: Value]? {
        var index = 0
        func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }
        func expect(_ byte: UInt8) -> Bool {
            skipSpace()
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        func string() -> String? {
            guard expect(UInt8(ascii: "\"")) else { return nil }
            var out: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
                if byte == UInt8(ascii: "\\") {
                    guard index < bytes.count else { return nil }
                    let escaped = bytes[index]
                    index += 1
                    switch escaped {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escaped)
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "t"): out.append(0x09)
                    default: return nil
                    }
                } else {
                    out.append(byte)
                }
            }
            return nil
        }
        func value() -> Value? {
            skipSpace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "\"") { return string().map { .text($0) } }
            for (word, result) in [("true", true), ("false", false)] where bytes[index...].starts(with: word.utf8) {
                index += word.utf8.count
                return .boolean(result)
            }
            var negative = false
            if bytes[index] == UInt8(ascii: "-") {
                negative = true
                index += 1
            }
            var number = 0
            var digits = 0
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9"), digits < 9 {
                number = number * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                digits += 1
                index += 1
            }
            // A fraction is rounded down: Home Assistant sends whole numbers.
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            }
            return digits > 0 ? .number(negative ? -number : number) : nil
        }
        guard expect(UInt8(ascii: "{")) else { return nil }
        var object: [String: Value] = [:]
        if expect(UInt8(ascii: "}")) { skipSpace(); return index == bytes.count ? object : nil }
        repeat {
            guard let key = string(), expect(UInt8(ascii: ":")), let item = value() else { return nil }
            object[key] = item
        } while expect(UInt8(ascii: ","))
        guard expect(UInt8(ascii: "}")) else { return nil }
        skipSpace()
        return index == bytes.count ? object : nil
    }
}
