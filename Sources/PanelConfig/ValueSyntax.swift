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
