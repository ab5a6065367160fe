import TouchCore

/// Why one value was refused: what was expected and what was found, in words a field
/// technician can act on. The key and line are added by whoever knows them.
struct ValueProblem: Error {
    var message: String

    init(_ message: String) {
        self.message = message
    }

    /// The usual shape: `expected WHAT, found "TEXT"`.
    static func expected(_ what: String, found text: String) -> ValueProblem {
        ValueProblem("expected \(what), found \"\(text)\"")
    }
}

/// The value grammars of the config file. Strict on purpose: `12px` or `yes please` is an
/// error, not a 12 or a yes, so that a typo never silently becomes a different setting.
/// Written by hand over UTF-8 bytes, because the firmware build has no Foundation.
enum ValueSyntax {
    /// libinih's notion of white space (C `isspace` in the C locale).
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    /// `text` without leading and trailing white space.
    static func trimmed<C: BidirectionalCollection>(_ bytes: C) -> C.SubSequence where C.Element == UInt8 {
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end && isSpace(bytes[start]) { start = bytes.index(after: start) }
        while end > start && isSpace(bytes[bytes.index(before: end)]) { end = bytes.index(before: end) }
        return bytes[start..<end]
    }

    /// The white-space separated words of `text`.
    static func words(_ text: String) -> [String] {
        var result: [String] = []
        for word in Array(text.utf8).split(whereSeparator: isSpace) {
            result.append(String(decoding: word, as: UTF8.self))
        }
        return result
    }

    /// A decimal integer with an optional leading `-`, and nothing else: no `+`, no spaces,
    /// no units, no hex. Nil when the text is not one, or does not fit in an `Int`.
    static func integer<C: Collection>(_ bytes: C) -> Int? where C.Element == UInt8 {
        var index = bytes.startIndex
        var negative = false
        if index < bytes.endIndex && bytes[index] == UInt8(ascii: "-") {
            negative = true
            index = bytes.index(after: index)
        }
        guard index < bytes.endIndex else { return nil }
        var value = 0
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
            let digit = Int(byte - UInt8(ascii: "0"))
            let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
            // Accumulating towards the sign lets Int.min parse too.
            let (next, overflowB) = negative
                ? shifted.subtractingReportingOverflow(digit)
                : shifted.addingReportingOverflow(digit)
            guard !overflowA && !overflowB else { return nil }
            value = next
            index = bytes.index(after: index)
        }
        return value
    }

    /// An integer within `range`. `unit` (e.g. " ms") is only for the message.
    static func integer(_ text: String, in range: ClosedRange<Int>, unit: String = "") throws(ValueProblem) -> Int {
        guard let value = integer(text.utf8), range.contains(value) else {
            throw .expected("an integer \(range.lowerBound)..\(range.upperBound)\(unit)", found: text)
        }
        return value
    }

    /// Permission bits as chmod takes them: `0660`.
    static func permissionText(_ bits: Int) -> String {
        "0\(bits >> 6 & 7)\(bits >> 3 & 7)\(bits & 7)"
    }

    /// The spellings of yes and no a config writer is likely to reach for; lowercase only,
    /// like every other word of the file.
    static func boolean(_ text: String) throws(ValueProblem) -> Bool {
        switch text {
        case "yes", "true", "on", "1": return true
        case "no", "false", "off", "0": return false
        default: throw .expected("yes/no, true/false, on/off or 1/0", found: text)
        }
    }

    /// `x, y, width, height`: four integers, commas between, spaces allowed around them.
    /// Width and height must be at least 1; whether the rect fits the display is checked
    /// once the display size is known.
    static func rect(_ text: String) throws(ValueProblem) -> Rect {
        let parts = Array(text.utf8).split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        var numbers: [Int32] = []
        for part in parts {
            guard let value = integer(trimmed(part)), value >= Int(Int32.min), value <= Int(Int32.max) else {
                numbers = []
                break
            }
            numbers.append(Int32(value))
        }
        guard numbers.count == 4 else {
            throw .expected("four integers \"x, y, width, height\"", found: text)
        }
        guard numbers[2] >= 1 && numbers[3] >= 1 else {
            throw .expected("a width and height of at least 1 pixel in \"x, y, width, height\"", found: text)
        }
        return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }
}

// MARK: Hardware and appearance values

extension ValueSyntax {
    /// Whether `text` has a `#` after white space: a reader meant it as a comment, which
    /// libinih only takes at the start of a line. A `#` that starts a value (`#RRGGBB`) is not one.
    static func hasHashAfterSpace(_ text: String) -> Bool {
        var afterSpace = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: "#") && afterSpace { return true }
            afterSpace = isSpace(byte)
        }
        return false
    }

    /// The value of one hex digit, either case.
    static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `#RRGGBB`, hex digits in either case; nothing else (no `#RGB`, no names).
    static func color(_ text: String) throws(ValueProblem) -> RGBColor {
        let bytes = Array(text.utf8)
        if bytes.count == 9, bytes[0] == UInt8(ascii: "#") {
            throw ValueProblem("\"\(text)\" has alpha, which only an invisible zone's fills take ([button] with fill = none: "
                + ButtonColorKey.allCases.filter { $0.takesAlpha }.map { $0.rawValue }.joined(separator: ", ")
                + "); here give #RRGGBB")
        }
        guard bytes.count == 7, bytes[0] == UInt8(ascii: "#") else {
            throw .expected("a colour as #RRGGBB (hex, like #2A2E33)", found: text)
        }
        var channels: [UInt8] = []
        var index = 1
        while index < 7 {
            guard let high = hexDigit(bytes[index]), let low = hexDigit(bytes[index + 1]) else {
                throw .expected("a colour as #RRGGBB (hex, like #2A2E33)", found: text)
            }
            channels.append(high << 4 | low)
            index += 2
        }
        return RGBColor(r: channels[0], g: channels[1], b: channels[2])
    }

    /// `#RRGGBBAA`: a colour and its alpha (00: not drawn, FF: opaque), for an invisible
    /// zone's fills.
    static func translucentColor(_ text: String) throws(ValueProblem) -> TranslucentColor {
        let bytes = Array(text.utf8)
        let problem = ValueProblem.expected("a colour with alpha as #RRGGBBAA (hex, like #4A6FA580)", found: text)
        guard bytes.count == 9, bytes[0] == UInt8(ascii: "#") else { throw problem }
        var channels: [UInt8] = []
        var index = 1
        while index < 9 {
            guard let high = hexDigit(bytes[index]), let low = hexDigit(bytes[index + 1]) else { throw problem }
            channels.append(high << 4 | low)
            index += 2
        }
        return TranslucentColor(RGBColor(r: channels[0], g: channels[1], b: channels[2]), alpha: channels[3])
    }

    /// The 7-bit I2C addresses a device may have: 0x00..0x02 and 0x78..0x7F are the bus's own
    /// (general call, CBUS, 10-bit addressing).
    static let i2cAddresses: ClosedRange<Int> = 0x03...0x77

    /// An I2C address in `i2cAddresses`: hex after `0x` (either case, leading zeros allowed:
    /// `0x38`, `0x0038`) or decimal (`56`). The one rule for `[controller] address` and
    /// `touchpanel probe --address`, so that probe takes what the config takes.
    static func i2cAddress(_ text: String) throws(ValueProblem) -> UInt8 {
        let bytes = Array(text.utf8)
        var value: Int?
        if bytes.count > 2 && bytes[0] == UInt8(ascii: "0") && (bytes[1] == UInt8(ascii: "x") || bytes[1] == UInt8(ascii: "X")) {
            var number = 0
            for byte in bytes[2...] {
                guard let digit = hexDigit(byte) else {
                    number = -1
                    break
                }
                // Held just past the range: more digits cannot bring it back, and it cannot overflow.
                number = min(number * 16 + Int(digit), i2cAddresses.upperBound + 1)
            }
            value = number
        } else {
            value = integer(bytes)
        }
        guard let value, i2cAddresses.contains(value) else {
            throw .expected("an I2C address 0x03..0x77 (hex like 0x38, or decimal 3..119)", found: text)
        }
        return UInt8(value)
    }

    /// An absolute path; `what` says what it should lead to, for the message.
    /// A Unix socket's path: absolute, at most the 107 bytes sockaddr_un holds (with its NUL),
    /// without spaces or control bytes. `example` is the path the message suggests.
    static func socketPath(_ text: String, example: String) throws(ValueProblem) -> String {
        let bytes = text.utf8
        guard bytes.first == UInt8(ascii: "/"), bytes.count <= 107, !bytes.contains(where: { $0 < 0x21 || $0 == 0x7F }) else {
            throw .expected("an absolute path of at most 107 bytes without spaces, such as \(example)", found: text)
        }
        return text
    }

    static func absolutePath(_ text: String, of what: String) throws(ValueProblem) -> String {
        guard text.utf8.first == UInt8(ascii: "/") else {
            throw .expected("an absolute path to \(what)", found: text)
        }
        return text
    }

    /// The characters of names that go on into file names and messages unquoted:
    /// `A-Z a-z 0-9 _ . -`.
    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }

    /// A group name (`interlock = jog`): one word of name characters, at most 32 of them.
    static func groupName(_ text: String) throws(ValueProblem) -> String {
        guard !text.isEmpty, text.utf8.count <= 32, text.utf8.allSatisfy(isNameByte) else {
            throw .expected("a group name of letters, digits, _ . - (at most 32)", found: text)
        }
        return text
    }

    /// A topic to publish on or subscribe to exactly: no wildcards (`+`, `#`), no NUL, at most
    /// 256 bytes (MQTT allows more; no device needs it).
    static func topic(_ text: String) throws(ValueProblem) -> String {
        guard !text.isEmpty, text.utf8.count <= 256,
              !text.utf8.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "#") || $0 <= 0x20 })
        else {
            throw .expected("a topic without wildcards (+ #) or spaces, such as zigbee2mqtt/lamp", found: text)
        }
        return text
    }

    /// An item's name in Home Assistant (`title`): 1 to 64 characters.
    static func entityTitle(_ text: String) throws(ValueProblem) -> String {
        guard !text.isEmpty, text.count <= 64 else { throw .expected("a name of 1 to 64 characters", found: text) }
        return text
    }

    /// A dotted path into a JSON payload (`state_field`, a text's `field`); `example` is the
    /// first name the message suggests.
    static func jsonPath(_ text: String, example: String) throws(ValueProblem) -> [String] {
        guard let path = JSONPath.parse(text) else {
            throw .expected("a dotted path of names or indices such as \(example) or update.state", found: text)
        }
        return path
    }

    /// A GPIO chip as libgpiod opens one: a name (`gpiochip0`), a label (`pinctrl-bcm2711`)
    /// or a path (`/dev/gpiochip0`). One word; whether it exists is for the board to say.
    static func gpioChip(_ text: String) throws(ValueProblem) -> String {
        guard !text.isEmpty, !text.utf8.contains(where: isSpace) else {
            throw .expected("a GPIO chip: a name like gpiochip0, its label or its /dev path", found: text)
        }
        return text
    }

    /// A GPIO line: an offset on its chip (`24`) or a line name from the device tree
    /// (`GPIO24`). With `allowingNone`, `none` means no line (nil); without, it is refused
    /// rather than taken as a line name, since it reads as no line wherever a line is given.
    static func lineRef(_ text: String, allowingNone: Bool) throws(ValueProblem) -> LineRef? {
        let what = allowingNone
            ? "a line offset 0..1023, a line name like GPIO24, or none"
            : "a line offset 0..1023 or a line name like GPIO24"
        if text == "none" {
            guard allowingNone else { throw .expected(what, found: text) }
            return nil
        }
        guard let first = text.utf8.first else { throw .expected(what, found: text) }
        if first == UInt8(ascii: "-") || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) {
            guard let offset = integer(text.utf8), ButtonAction.gpioLines.contains(offset) else { throw .expected(what, found: text) }
            return .offset(offset)
        }
        guard text.utf8.count <= 63, text.utf8.allSatisfy(isNameByte) else { throw .expected(what, found: text) }
        return .name(text)
    }

    /// A decimal number (`2`, `-0.5`, `12.25`; at most 9 fraction digits, magnitude below
    /// 32768) in 16.16 fixed point, rounded to the nearest 1/65536. Nil when it is not one.
    static func fixedPoint16(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        var index = 0
        var negative = false
        if index < bytes.count && bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var whole: Int64 = 0
        var wholeDigits = 0
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            whole = whole * 10 + Int64(bytes[index] - UInt8(ascii: "0"))
            wholeDigits += 1
            guard whole < 32768 else { return nil }
            index += 1
        }
        var fraction: Int64 = 0
        var scale: Int64 = 1
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                guard scale < 1_000_000_000 else { return nil }
                fraction = fraction * 10 + Int64(bytes[index] - UInt8(ascii: "0"))
                scale *= 10
                index += 1
            }
            guard scale > 1 else { return nil }
        }
        guard index == bytes.count, wholeDigits > 0 || scale > 1 else { return nil }
        let magnitude = whole * 65_536 + (fraction * 65_536 + scale / 2) / scale
        return negative ? -magnitude : magnitude
    }
}
