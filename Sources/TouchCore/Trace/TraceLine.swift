/// One line of a replay trace (DESIGN.md section 5), parsed without allocating so that the
/// firmware build replays with the same code as the host.
public enum TraceLine: Sendable {
    /// Empty or only a `#` comment.
    case blank
    case point(atMs: Int64, input: TracePointKind, id: UInt8, position: Point)
    /// A raw line (`ft5x06`, `gt911`, `evdev`): what the source read, in controller terms.
    case report(atMs: Int64, RawTouchReport)
    /// `T mqtt TOPIC PAYLOAD`: a message arriving at T, for the panel's bindings. The topic
    /// and payload are byte ranges of the line the parser was given (the payload is the rest
    /// of the line, `#` included, without the white space around it); TouchCore never reads
    /// what they say.
    case message(atMs: Int64, topic: TraceSpan, payload: TraceSpan)
    /// `T homeassistant JSON`: a message Home Assistant's websocket API sends at T (the rest
    /// of the line), for the items bound to entities; TouchCore never reads it either.
    case homeAssistant(atMs: Int64, text: TraceSpan)
    /// `T presence 1` or `T presence 0`: the `[presence]` sensor's line goes active (someone
    /// there) or inactive at T, before its debounce.
    case presence(atMs: Int64, active: Bool)
    case end(atMs: Int64)

    /// The instant the line carries; nil for a blank line.
    public var atMs: Int64? {
        switch self {
        case .blank: nil
        case .point(let t, _, _, _), .report(let t, _), .message(let t, _, _), .homeAssistant(let t, _), .presence(let t, _), .end(let t): t
        }
    }
}

/// Byte offsets `start ..< end` within a trace line.
public struct TraceSpan: Equatable, Sendable {
    public var start: Int
    public var end: Int

    public init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }

    /// The same bytes in a buffer where the line begins at `offset`.
    public func shifted(by offset: Int) -> TraceSpan {
        TraceSpan(start: start + offset, end: end + offset)
    }
}

public enum TracePointKind: Sendable {
    case down
    case move
    case up
}

/// What a trace line got wrong, and where: byte offsets of the offending field within the
/// line, so the caller can quote it.
public struct TraceLineError: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case expectedTime
        case expectedKind
        case expectedTouchID
        case expectedCoordinate
        case expectedHexByte
        case reportTooLong
        case expectedEventType
        case expectedEventCode
        case expectedEventValue
        case missingField
        case unexpectedField
        case expectedTopic
        case expectedPresenceLevel

        /// What the field should have held.
        public var expectation: StaticString {
            switch self {
            case .expectedTime: "a time in milliseconds from 0 to 9223372036854"
            case .expectedKind: "down, move, up, ft5x06, gt911, evdev, mqtt, homeassistant, presence or end"
            case .expectedTouchID: "a touch ID from 0 to 15"
            case .expectedCoordinate: "a coordinate in display pixels from 0 to 65535"
            case .expectedHexByte: "a byte as two hex digits"
            case .reportTooLong: "at most 63 report bytes (ft5x06) or 81 (gt911)"
            case .expectedEventType: "an event type: EV_SYN, EV_KEY, EV_ABS, EV_MSC or a number from 0 to 31"
            case .expectedEventCode: "an event code: a name such as ABS_MT_SLOT or SYN_REPORT, or a number from 0 to 767"
            case .expectedEventValue: "an event value: an integer from -2147483648 to 2147483647"
            case .missingField: "more fields: `T down|move|up ID X Y`, `T ft5x06 HH ...`, `T gt911 HH ...`, `T evdev TYPE CODE VALUE`, `T mqtt TOPIC PAYLOAD`, `T homeassistant JSON`, `T presence 1|0` or `T end`"
            case .unexpectedField: "the end of the line (`#` starts a comment)"
            case .expectedTopic: "a topic without the wildcard `+`"
            case .expectedPresenceLevel: "1 (someone there) or 0 (nobody)"
            }
        }
    }

    public var kind: Kind
    public var fieldStart: Int
    public var fieldEnd: Int

    public init(_ kind: Kind, fieldStart: Int, fieldEnd: Int) {
        self.kind = kind
        self.fieldStart = fieldStart
        self.fieldEnd = fieldEnd
    }
}

public enum TraceLineOutcome: Sendable {
    case line(TraceLine)
    case error(TraceLineError)
}

/// Splits a trace line into whitespace-separated fields and parses them (a trace into lines:
/// `TraceLineSplitter`).
public enum TraceLineParser {
    /// The latest time a line may carry: the last whole millisecond a 64-bit nanosecond
    /// instant holds. A later one would have to wrap or saturate; it is refused instead.
    public static let latestMs: Int64 = Int64.max / 1_000_000

    public static func parse(_ line: UnsafeBufferPointer<UInt8>) -> TraceLineOutcome {
        var fields = FieldCursor(line: line)
        guard let timeField = fields.next() else { return .line(.blank) }
        guard let atMs = number(in: line, timeField, limit: TraceLineParser.latestMs) else {
            return .error(TraceLineError(.expectedTime, fieldStart: timeField.start, fieldEnd: timeField.end))
        }
        guard let kindField = fields.next() else {
            return .error(TraceLineError(.missingField, fieldStart: line.count, fieldEnd: line.count))
        }
        let result: TraceLine
        if matches(line, kindField, "down") || matches(line, kindField, "move") || matches(line, kindField, "up") {
            let kind: TracePointKind =
                matches(line, kindField, "down") ? .down : matches(line, kindField, "move") ? .move : .up
            guard let idField = fields.next(), let xField = fields.next(), let yField = fields.next() else {
                return .error(TraceLineError(.missingField, fieldStart: line.count, fieldEnd: line.count))
            }
            guard let id = number(in: line, idField, limit: 15) else {
                return .error(TraceLineError(.expectedTouchID, fieldStart: idField.start, fieldEnd: idField.end))
            }
            guard let x = number(in: line, xField, limit: 65535) else {
                return .error(TraceLineError(.expectedCoordinate, fieldStart: xField.start, fieldEnd: xField.end))
            }
            guard let y = number(in: line, yField, limit: 65535) else {
                return .error(TraceLineError(.expectedCoordinate, fieldStart: yField.start, fieldEnd: yField.end))
            }
            result = .point(
                atMs: atMs, input: kind, id: UInt8(truncatingIfNeeded: id),
                position: Point(x: Int32(truncatingIfNeeded: x), y: Int32(truncatingIfNeeded: y)))
        } else if matches(line, kindField, "ft5x06") {
            var report = FT5x06Report()
            while let byteField = fields.next() {
                guard let byte = hexByte(in: line, byteField) else {
                    return .error(TraceLineError(.expectedHexByte, fieldStart: byteField.start, fieldEnd: byteField.end))
                }
                guard report.append(byte) else {
                    return .error(TraceLineError(.reportTooLong, fieldStart: byteField.start, fieldEnd: byteField.end))
                }
            }
            return .line(.report(atMs: atMs, .ft5x06(report)))
        } else if matches(line, kindField, "gt911") {
            var report = GT911Report()
            while let byteField = fields.next() {
                guard let byte = hexByte(in: line, byteField) else {
                    return .error(TraceLineError(.expectedHexByte, fieldStart: byteField.start, fieldEnd: byteField.end))
                }
                guard report.append(byte) else {
                    return .error(TraceLineError(.reportTooLong, fieldStart: byteField.start, fieldEnd: byteField.end))
                }
            }
            return .line(.report(atMs: atMs, .gt911(report)))
        } else if matches(line, kindField, "evdev") {
            guard let typeField = fields.next(), let codeField = fields.next(), let valueField = fields.next() else {
                return .error(TraceLineError(.missingField, fieldStart: line.count, fieldEnd: line.count))
            }
            let typeText = UnsafeBufferPointer(rebasing: line[typeField.start..<typeField.end])
            guard let type = EvdevNames.type(named: typeText) ?? number(in: line, typeField, limit: 31).map(narrow16) else {
                return .error(TraceLineError(.expectedEventType, fieldStart: typeField.start, fieldEnd: typeField.end))
            }
            let codeText = UnsafeBufferPointer(rebasing: line[codeField.start..<codeField.end])
            guard let code = EvdevNames.code(named: codeText, type: type) ?? number(in: line, codeField, limit: 767).map(narrow16)
            else {
                return .error(TraceLineError(.expectedEventCode, fieldStart: codeField.start, fieldEnd: codeField.end))
            }
            guard let value = signedNumber(in: line, valueField) else {
                return .error(TraceLineError(.expectedEventValue, fieldStart: valueField.start, fieldEnd: valueField.end))
            }
            result = .report(atMs: atMs, .evdev(EvdevEvent(type: type, code: code, value: value)))
        } else if matches(line, kindField, "mqtt") {
            guard let topicField = fields.next() else {
                return .error(TraceLineError(.missingField, fieldStart: line.count, fieldEnd: line.count))
            }
            for index in topicField.start..<topicField.end where line[index] == UInt8(ascii: "+") {
                return .error(TraceLineError(.expectedTopic, fieldStart: topicField.start, fieldEnd: topicField.end))
            }
            // The payload is everything after the topic: JSON may hold `#` and spaces.
            var start = topicField.end
            while start < line.count, FieldCursor.isSpace(line[start]) { start += 1 }
            var end = line.count
            while end > start, FieldCursor.isSpace(line[end - 1]) { end -= 1 }
            return .line(.message(
                atMs: atMs, topic: TraceSpan(start: topicField.start, end: topicField.end), payload: TraceSpan(start: start, end: end)))
        } else if matches(line, kindField, "homeassistant") {
            var start = kindField.end
            while start < line.count, FieldCursor.isSpace(line[start]) { start += 1 }
            var end = line.count
            while end > start, FieldCursor.isSpace(line[end - 1]) { end -= 1 }
            guard end > start else { return .error(TraceLineError(.missingField, fieldStart: line.count, fieldEnd: line.count)) }
            return .line(.homeAssistant(atMs: atMs, text: TraceSpan(start: start, end: end)))
        } else if matches(line, kindField, "presence") {
            guard let levelField = fields.next() else {
                return .error(TraceLineError(.missingField, fieldStart: line.count, fieldEnd: line.count))
            }
            guard let level = number(in: line, levelField, limit: 1), levelField.end - levelField.start == 1 else {
                return .error(TraceLineError(.expectedPresenceLevel, fieldStart: levelField.start, fieldEnd: levelField.end))
            }
            result = .presence(atMs: atMs, active: level == 1)
        } else if matches(line, kindField, "end") {
            result = .end(atMs: atMs)
        } else {
            return .error(TraceLineError(.expectedKind, fieldStart: kindField.start, fieldEnd: kindField.end))
        }
        if let extra = fields.next() {
            return .error(TraceLineError(.unexpectedField, fieldStart: extra.start, fieldEnd: extra.end))
        }
        return .line(result)
    }

    private struct Field {
        var start: Int
        var end: Int
    }

    /// Walks whitespace-separated fields up to the end of the line or a `#`.
    private struct FieldCursor {
        let line: UnsafeBufferPointer<UInt8>
        var position = 0

        mutating func next() -> Field? {
            while position < line.count, FieldCursor.isSpace(line[position]) {
                position += 1
            }
            guard position < line.count, line[position] != UInt8(ascii: "#") else { return nil }
            let start = position
            while position < line.count, !FieldCursor.isSpace(line[position]), line[position] != UInt8(ascii: "#") {
                position += 1
            }
            return Field(start: start, end: position)
        }

        static func isSpace(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
        }
    }

    private static func number(in line: UnsafeBufferPointer<UInt8>, _ field: Field, limit: Int64) -> Int64? {
        guard field.end > field.start, field.end - field.start <= 16 else { return nil }
        var value: Int64 = 0
        for index in field.start..<field.end {
            let byte = line[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + widen(Int32(byte - UInt8(ascii: "0")))
        }
        return value <= limit ? value : nil
    }

    /// An optional `-` then digits, within Int32.
    private static func signedNumber(in line: UnsafeBufferPointer<UInt8>, _ field: Field) -> Int32? {
        let negative = line[field.start] == UInt8(ascii: "-")
        let digits = Field(start: negative ? field.start + 1 : field.start, end: field.end)
        guard let magnitude = number(in: line, digits, limit: negative ? 2_147_483_648 : 2_147_483_647) else { return nil }
        return Int32(truncatingIfNeeded: negative ? -magnitude : magnitude)
    }

    private static func narrow16(_ value: Int64) -> UInt16 {
        UInt16(truncatingIfNeeded: value)
    }

    private static func hexByte(in line: UnsafeBufferPointer<UInt8>, _ field: Field) -> UInt8? {
        guard field.end - field.start == 2,
            let high = hexDigit(line[field.start]), let low = hexDigit(line[field.start + 1])
        else { return nil }
        return high << 4 | low
    }

    private static func matches(_ line: UnsafeBufferPointer<UInt8>, _ field: Field, _ word: StaticString) -> Bool {
        guard field.end - field.start == word.utf8CodeUnitCount else { return false }
        let bytes = word.utf8Start
        for index in 0..<word.utf8CodeUnitCount where line[field.start + index] != bytes[index] {
            return false
        }
        return true
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
