/// One value read out of a JSON document by a dotted path (`state`, `update.state`,
/// `sensors.0.temperature`): what a binding's `state_field` or a text item's `field` names.
/// It walks the bytes once without building the document, and refuses what is not JSON, so a
/// device's message can be any size up to the panel's limit and cost only a scan.
public enum JSONField {
    /// A scalar as the document wrote it. Numbers keep their text (`21.50`): the format that
    /// shows them decides their precision.
    public enum Scalar: Equatable, Sendable {
        case text(String)
        case number(String)
        case boolean(Bool)
        case null
    }

    public enum Problem: Error, Equatable, Sendable {
        /// Not JSON: the byte offset where reading stopped.
        case notJSON(offset: Int)
        /// The path leads nowhere in this document.
        case missing
        /// The path names an object or an array, not a value to show.
        case notScalar

        public var message: String {
            switch self {
            case .notJSON(let offset): "not JSON (at byte \(offset))"
            case .missing: "the field is missing"
            case .notScalar: "the field is an object or an array, not a value"
            }
        }
    }

    /// Deeper nesting is refused: a hostile document cannot exhaust the stack.
    public static let maxDepth = 32

    /// The value at `path` (an empty path: the whole document, which must be a scalar).
    public static func value(at path: [String], in bytes: [UInt8]) -> Result<Scalar, Problem> {
        var reader = Reader(bytes: bytes)
        do throws(Problem) {
            let found = try reader.value(wanted: path[...], depth: 0)
            reader.skipSpace()
            guard reader.index == bytes.count else { throw .notJSON(offset: reader.index) }
            switch found {
            case .scalar(let scalar): return .success(scalar)
            case .container: return .failure(.notScalar)
            case .nothing: return .failure(.missing)
            }
        } catch {
            return .failure(error)
        }
    }

    /// What the path found in one value.
    private enum Found {
        case nothing
        case scalar(Scalar)
        case container
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D {
                index += 1
            }
        }

        /// Reads one whole value. `wanted`: the rest of the path inside it (empty: this value
        /// itself; nil: nothing in it is wanted, it is only checked and skipped).
        mutating func value(wanted path: ArraySlice<String>?, depth: Int) throws(Problem) -> Found {
            guard depth <= JSONField.maxDepth else { throw .notJSON(offset: index) }
            skipSpace()
            guard index < bytes.count else { throw .notJSON(offset: index) }
            let opening = bytes[index]
            guard opening == UInt8(ascii: "{") || opening == UInt8(ascii: "[") else {
                // A value nobody asked for is checked, not copied.
                guard let path, path.isEmpty else {
                    try skipScalar()
                    return .nothing
                }
                return .scalar(try self.scalar())
            }
            let isObject = opening == UInt8(ascii: "{")
            let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
            // What this container's members are matched against: a key, or an index.
            let wantedName = path?.first
            let wantedIndex = isObject ? nil : wantedName.flatMap { Int($0) }
            index += 1
            var found = Found.nothing
            skipSpace()
            if index < bytes.count, bytes[index] == closing {
                index += 1
            } else {
                var position = 0
                while true {
                    var matches = false
                    if isObject {
                        skipSpace()
                        matches = try key(equals: wantedName)
                        skipSpace()
                        try expect(UInt8(ascii: ":"))
                    } else {
                        matches = wantedIndex == position
                    }
                    let inner: ArraySlice<String>? = matches ? path?.dropFirst() : nil
                    let member = try value(wanted: inner, depth: depth + 1)
                    // A repeated key: the last one counts, as in most readers.
                    if matches { found = member }
                    position += 1
                    if try !more(closing: closing) { break }
                }
            }
            if let path, path.isEmpty { return .container }
            return found
        }

        /// Reads an object's key; whether it is `wanted`. A key without escapes is compared
        /// where it lies, with nothing copied; one with escapes is decoded first.
        mutating func key(equals wanted: String?) throws(Problem) -> Bool {
            let start = index
            try expect(UInt8(ascii: "\""))
            var end = index
            while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 {
                end += 1
            }
            if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
                defer { index = end + 1 }
                guard let wanted else { return false }
                let name = wanted.utf8
                return name.count == end - index && name.elementsEqual(bytes[index..<end])
            }
            index = start
            let decoded = try string()
            return decoded == wanted
        }

        /// A scalar read and checked, not kept.
        private mutating func skipScalar() throws(Problem) {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                _ = try scalar()
                return
            }
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return
                case UInt8(ascii: "\\"):
                    guard index < bytes.count else { throw .notJSON(offset: index) }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                         UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        break
                    case UInt8(ascii: "u"):
                        _ = try hex4()
                    default:
                        throw .notJSON(offset: index - 1)
                    }
                default:
                    guard byte >= 0x20 else { throw .notJSON(offset: index - 1) }
                }
            }
            throw .notJSON(offset: index)
        }

        /// After a member: true at a comma, false at the closing bracket.
        private mutating func more(closing: UInt8) throws(Problem) -> Bool {
            skipSpace()
            guard index < bytes.count else { throw .notJSON(offset: index) }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                return true
            }
            try expect(closing)
            return false
        }

        private mutating func expect(_ byte: UInt8) throws(Problem) {
            guard index < bytes.count, bytes[index] == byte else { throw .notJSON(offset: index) }
            index += 1
        }

        private mutating func scalar() throws(Problem) -> Scalar {
            skipSpace()
            guard index < bytes.count else { throw .notJSON(offset: index) }
            switch bytes[index] {
            case UInt8(ascii: "\""): return .text(try string())
            case UInt8(ascii: "t"): try word("true"); return .boolean(true)
            case UInt8(ascii: "f"): try word("false"); return .boolean(false)
            case UInt8(ascii: "n"): try word("null"); return .null
            default: return .number(try number())
            }
        }

        private mutating func word(_ text: StaticString) throws(Problem) {
            let count = text.utf8CodeUnitCount
            guard bytes.count - index >= count else { throw .notJSON(offset: index) }
            for offset in 0..<count where bytes[index + offset] != text.utf8Start[offset] {
                throw .notJSON(offset: index + offset)
            }
            index += count
        }

        /// JSON's number grammar: `-? int frac? exp?`.
        private mutating func number() throws(Problem) -> String {
            let start = index
            func digits() -> Int {
                let from = index
                while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
                return index - from
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            let whole = index
            guard digits() > 0 else { throw .notJSON(offset: index) }
            if bytes[whole] == UInt8(ascii: "0"), index - whole > 1 { throw .notJSON(offset: whole) }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw .notJSON(offset: index) }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { throw .notJSON(offset: index) }
            }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// A string with its escapes undone (`\u` pairs included); control bytes refused.
        mutating func string() throws(Problem) -> String {
            try expect(UInt8(ascii: "\""))
            var out: [UInt8] = []
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(decoding: out, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard index < bytes.count else { throw .notJSON(offset: index) }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "u"):
                        var scalar = try hex4()
                        if scalar >= 0xD800, scalar < 0xDC00 {
                            try expect(UInt8(ascii: "\\"))
                            try expect(UInt8(ascii: "u"))
                            let low = try hex4()
                            guard low >= 0xDC00, low < 0xE000 else { throw .notJSON(offset: index) }
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard scalar < 0xD800 || scalar >= 0xE000 else { throw .notJSON(offset: index) }
                        JSONField.appendUTF8(scalar, to: &out)
                    default:
                        throw .notJSON(offset: index - 1)
                    }
                default:
                    guard byte >= 0x20 else { throw .notJSON(offset: index - 1) }
                    out.append(byte)
                }
            }
            throw .notJSON(offset: index)
        }

        private mutating func hex4() throws(Problem) -> UInt32 {
            guard bytes.count - index >= 4 else { throw .notJSON(offset: index) }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: throw .notJSON(offset: index)
                }
                value = value << 4 | digit
                index += 1
            }
            return value
        }
    }

    /// A code point (not a surrogate) as UTF-8.
    static func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case ..<0x80:
            out.append(UInt8(scalar))
        case ..<0x800:
            out.append(UInt8(0xC0 | scalar >> 6))
            out.append(UInt8(0x80 | scalar & 0x3F))
        case ..<0x10000:
            out.append(UInt8(0xE0 | scalar >> 12))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        default:
            out.append(UInt8(0xF0 | scalar >> 18))
            out.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
