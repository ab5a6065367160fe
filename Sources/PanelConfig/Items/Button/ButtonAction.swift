import CLinux
import TouchCore

/// What a GPIO action does to its output line.
public enum GPIOOperation: Equatable, Sendable {
    case on
    case off
    case toggle
    /// On for this long, then off.
    case pulse(MonotonicDuration)
}

/// What happens when a button's gesture fires (DESIGN.md section 5). Every action also
/// produces the event line on stdout; `emit` is "that and nothing else".
public enum ButtonAction: Equatable, Sendable {
    /// Only the event line.
    case emit
    /// Run `command` through `/bin/sh -c` without blocking the loop.
    ///
    /// The command is the rest of the config line after `exec`. libinih takes a `;` after
    /// white space as the start of a comment, so a `;` for the shell is written `\;` (or
    /// right after a word, `a; b`): `exec mpc stop \; mpc clear` runs `mpc stop ; mpc clear`.
    /// `touchpanel check` warns where a comment cut an exec command. Lines are limited to
    /// 198 characters, for the same reason: libinih.
    case exec(command: String)
    /// Drive output `line` of GPIO chip `chip` (a name like `gpiochip0`, a label or a path).
    /// `gpio CHIP LINE ...` gives an offset; a line name comes only from an `[output]` section.
    case gpio(chip: String, line: LineRef, operation: GPIOOperation)
    /// Publish `payload` on `topic` through the panel's own broker connection (not retained).
    /// `$BUTTON`, `$TAPS` and `$VALUE` in the payload are replaced when it runs (see
    /// `MQTTActionText`). Never queued while the broker is away: a device command sent
    /// minutes late is worse than one lost.
    case mqtt(topic: String, payload: String)
    /// Show another page (rule 10): `page NAME`, `page next`, `page prev`, `page back`.
    case page(PageTarget)
    /// Call a Home Assistant service through the panel's `[homeassistant]` link, on the item's
    /// entity unless the data names one. Never queued while Home Assistant is away, as `mqtt`.
    case service(ServiceCall)
}

/// `service DOMAIN.SERVICE [JSON]`: `service light.turn_on {"brightness_pct": 100}`.
public struct ServiceCall: Equatable, Sendable {
    public var domain: String
    public var service: String
    /// A JSON object as written (the service's data), or nil.
    public var data: String?
    /// Whether `data` has its own `entity_id`: then the item's entity is not the target.
    public var namesEntity: Bool

    public init(domain: String, service: String, data: String? = nil, namesEntity: Bool = false) {
        self.domain = domain
        self.service = service
        self.data = data
        self.namesEntity = namesEntity
    }

    /// What a tap on a button bound to an entity does when `on_tap` says nothing.
    public static let toggle = ServiceCall(domain: "homeassistant", service: "toggle")

    /// As written after `service`.
    public var text: String {
        "\(domain).\(service)" + (data.map { " " + $0 } ?? "")
    }
}

/// The page a `page` action shows.
public enum PageTarget: Equatable, Sendable {
    case named(String)
    /// The next page in file order, the first after the last.
    case next
    /// The page before in file order, the last before the first.
    case previous
    /// The page shown before this one (the first at start).
    case back

    /// `next`, `prev`, `back`, or a page's name.
    public init(word: String) {
        switch word {
        case "next": self = .next
        case "prev": self = .previous
        case "back": self = .back
        default: self = .named(word)
        }
    }

    /// The words that lead somewhere from the page shown: no page may be named one of them.
    public static let relativeWords = ["next", "prev", "back"]

    /// As written after `page`.
    public var text: String {
        switch self {
        case .named(let name): name
        case .next: "next"
        case .previous: "prev"
        case .back: "back"
        }
    }
}

extension ButtonAction {
    /// The line offsets a GPIO chip can have; the largest Pi chips have well under a hundred.
    static let gpioLines: ClosedRange<Int> = 0...1023
    /// How long a `pulse` may last, in milliseconds.
    static let pulseMilliseconds: ClosedRange<Int> = 1...60_000

    static let grammar =
        "emit, exec COMMAND, gpio OUTPUT on|off|toggle|pulse MS, gpio CHIP LINE on|off|toggle|pulse MS, mqtt TOPIC PAYLOAD, service DOMAIN.SERVICE [JSON] or page NAME|next|prev|back"
    static let gpioGrammar = "gpio OUTPUT on|off|toggle|pulse MS or gpio CHIP LINE on|off|toggle|pulse MS (LINE 0..1023, MS 1..60000)"

    /// Parses `emit`, `exec COMMAND` or `gpio CHIP LINE on|off|toggle|pulse MS`.
    init(parsing value: String) throws(ValueProblem) {
        let text = String(decoding: ValueSyntax.trimmed(Array(value.utf8)), as: UTF8.self)
        let words = ValueSyntax.words(text)
        guard let verb = words.first else {
            throw .expected(ButtonAction.grammar, found: text)
        }
        switch verb {
        case "emit":
            guard words.count == 1 else { throw .expected("emit alone", found: text) }
            self = .emit
        case "exec":
            self = .exec(command: try ButtonAction.command(after: verb, in: text))
        case "gpio":
            self = try ButtonAction.gpio(words: words, text: text)
        case "mqtt":
            self = try ButtonAction.mqtt(text)
        case "service":
            self = .service(try ButtonAction.service(text))
        case "page":
            guard words.count == 2 else { throw .expected("page NAME, page next, page prev or page back", found: text) }
            guard SectionName.isValidButtonName(words[1]) else {
                throw .expected("page NAME (a [page NAME] section), next, prev or back", found: text)
            }
            self = .page(PageTarget(word: words[1]))
        default:
            throw .expected(ButtonAction.grammar, found: text)
        }
    }

    /// The command of `exec COMMAND`, exactly as written after the verb and its white space.
    private static func command(after verb: String, in text: String) throws(ValueProblem) -> String {
        let bytes = Array(text.utf8)
        let command = ValueSyntax.trimmed(bytes[verb.utf8.count...])
        // The verb is a whole word of `text`, so white space or the end follows it.
        guard !command.isEmpty else {
            throw .expected("exec followed by a command to run", found: text)
        }
        return String(decoding: unescapingSemicolons(command), as: UTF8.self)
    }

    /// `mqtt TOPIC PAYLOAD`: the payload is the rest of the line, spaces included.
    private static func mqtt(_ text: String) throws(ValueProblem) -> ButtonAction {
        let grammar = "mqtt TOPIC PAYLOAD, such as mqtt zigbee2mqtt/lamp/set {\"state\":\"TOGGLE\"}"
        let bytes = Array(text.utf8)
        var start = 4
        while start < bytes.count, ValueSyntax.isSpace(bytes[start]) { start += 1 }
        var end = start
        while end < bytes.count, !ValueSyntax.isSpace(bytes[end]) { end += 1 }
        guard end > start, end < bytes.count else { throw .expected(grammar, found: text) }
        let topic = try ValueSyntax.topic(String(decoding: bytes[start..<end], as: UTF8.self))
        let payload = ValueSyntax.trimmed(bytes[end...])
        guard !payload.isEmpty else { throw .expected(grammar, found: text) }
        return .mqtt(topic: topic, payload: String(decoding: unescapingSemicolons(payload), as: UTF8.self))
    }

    /// `service DOMAIN.SERVICE [JSON]`: the data is the rest of the line, one JSON object.
    private static func service(_ text: String) throws(ValueProblem) -> ServiceCall {
        let grammar = "service DOMAIN.SERVICE [JSON], such as service light.turn_on {\"brightness_pct\": 100}"
        let bytes = Array(text.utf8)
        var start = 7
        while start < bytes.count, ValueSyntax.isSpace(bytes[start]) { start += 1 }
        var end = start
        while end < bytes.count, !ValueSyntax.isSpace(bytes[end]) { end += 1 }
        // A domain and a service are written as an entity id is: DOMAIN.NAME.
        guard end > start, let name = EntityID(String(decoding: bytes[start..<end], as: UTF8.self)) else {
            throw .expected(grammar, found: text)
        }
        let data = unescapingSemicolons(ValueSyntax.trimmed(bytes[end...]))
        guard !data.isEmpty else { return ServiceCall(domain: name.domain, service: name.object) }
        // `$VALUE` (a slider's number) is checked as a number stands there.
        let checked = Array(ServiceCall(domain: "", service: "", data: String(decoding: data, as: UTF8.self)).expanded(value: "0").data!.utf8)
        var namesEntity: Int32 = 0
        let isObject = checked.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { tp_ha_json_object($0.baseAddress, Int32($0.count), &namesEntity) }
        }
        guard isObject == 1 else {
            throw .expected("service DOMAIN.SERVICE followed by one JSON object, such as {\"brightness_pct\": 100}", found: text)
        }
        return ServiceCall(domain: name.domain, service: name.object, data: String(decoding: data, as: UTF8.self), namesEntity: namesEntity == 1)
    }

    /// `\;` stands for `;`: the backslash keeps libinih from reading ` ;` as a comment.
    /// Every other byte, backslashes included, goes to the shell as written.
    static func unescapingSemicolons<C: Collection>(_ bytes: C) -> [UInt8] where C.Element == UInt8 {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var pendingBackslash = false
        for byte in bytes {
            if pendingBackslash {
                pendingBackslash = false
                if byte != UInt8(ascii: ";") { result.append(UInt8(ascii: "\\")) }
            }
            if byte == UInt8(ascii: "\\") {
                pendingBackslash = true
            } else {
                result.append(byte)
            }
        }
        if pendingBackslash { result.append(UInt8(ascii: "\\")) }
        return result
    }

    /// The command as written in a config: every `;` as `\;`, which reads back to it.
    static func escapingSemicolons(_ command: String) -> String {
        var result: [UInt8] = []
        for byte in command.utf8 {
            if byte == UInt8(ascii: ";") { result.append(UInt8(ascii: "\\")) }
            result.append(byte)
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func gpio(words: [String], text: String) throws(ValueProblem) -> ButtonAction {
        guard words.count == 4 || words.count == 5,
              let line = ValueSyntax.integer(words[2].utf8), gpioLines.contains(line)
        else { throw .expected(gpioGrammar, found: text) }
        return .gpio(chip: words[1], line: .offset(line), operation: try operation(words[3...], text: text))
    }

    /// `on`, `off`, `toggle` or `pulse MS`: the words after the line or output.
    static func operation(_ words: ArraySlice<String>, text: String) throws(ValueProblem) -> GPIOOperation {
        switch (words.first, words.count) {
        case ("on", 1): return .on
        case ("off", 1): return .off
        case ("toggle", 1): return .toggle
        case ("pulse", 2):
            guard let ms = ValueSyntax.integer(words[words.startIndex + 1].utf8), pulseMilliseconds.contains(ms) else {
                throw .expected(gpioGrammar, found: text)
            }
            return .pulse(.milliseconds(Int64(ms)))
        default:
            throw .expected(gpioGrammar, found: text)
        }
    }
}
