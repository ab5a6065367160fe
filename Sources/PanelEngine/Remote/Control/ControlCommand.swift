import LinuxSystem
import PanelConfig

/// One line of the control protocol, parsed. Words are separated by spaces; a label is the
/// rest of its line.
///
///     state                      the whole state, as JSON
///     label BUTTON TEXT...       set a button's label (drawn at once)
///     latch BUTTON on|off        set a latch button's state (drawn; runs no action)
///     enable ITEM                a button or slider takes touches again
///     disable ITEM               a button or slider takes no touches (from the next down
///                                on), drawn disabled
///     brightness PERCENT         the awake brightness, 1..100
///     wake | blank               light the panel now, or switch it off
///     page NAME|next|prev|back   show another page (rule 10)
///     value SLIDER NUMBER        set a slider's value (clamped; drawn unless a finger is on it
///                                or it sent one within settle_ms, rule 12; runs no action)
public enum ControlCommand: Equatable, Sendable {
    case state
    case label(button: String, text: String)
    case latch(button: String, on: Bool)
    case enable(button: String, enabled: Bool)
    case brightness(percent: Int)
    case wake
    case blank
    case page(PageTarget)
    case value(slider: String, number: String)

    static let grammar =
        "state, label BUTTON TEXT, latch BUTTON on|off, enable ITEM, disable ITEM, brightness PERCENT, wake, blank, page NAME, value SLIDER NUMBER or dial DIAL NUMBER"
    /// The longest label the protocol takes, in bytes.
    /// Labels are counted in characters (Unicode scalars), as Home Assistant counts a text
    /// entity's `max`.
    static let maxLabelCharacters = 128

    /// The command of one line (without its newline), or what is wrong with it.
    public static func parse(_ line: String) -> Result<ControlCommand, ControlError> {
        let bytes = Array(line.utf8)
        var words: [String] = []
        var index = 0
        // The first two words; a label keeps the rest of the line as it is.
        func nextWord() -> String? {
            while index < bytes.count && bytes[index] == UInt8(ascii: " ") { index += 1 }
            let start = index
            while index < bytes.count && bytes[index] != UInt8(ascii: " ") { index += 1 }
            return start == index ? nil : String(decoding: bytes[start..<index], as: UTF8.self)
        }
        guard let verb = nextWord() else { return .failure(ControlError("empty command; expected \(grammar)")) }
        if verb == "label" {
            guard let button = nextWord() else { return .failure(ControlError("label needs a button: label BUTTON TEXT")) }
            while index < bytes.count && bytes[index] == UInt8(ascii: " ") { index += 1 }
            let text = String(decoding: bytes[index...], as: UTF8.self)
            guard text.unicodeScalars.count <= maxLabelCharacters else {
                return .failure(ControlError("label longer than \(maxLabelCharacters) characters"))
            }
            return .success(.label(button: button, text: text))
        }
        while let word = nextWord() { words.append(word) }
        switch (verb, words.count) {
        case ("state", 0): return .success(.state)
        case ("wake", 0): return .success(.wake)
        case ("blank", 0): return .success(.blank)
        case ("enable", 1): return .success(.enable(button: words[0], enabled: true))
        case ("disable", 1): return .success(.enable(button: words[0], enabled: false))
        case ("latch", 2):
            switch words[1] {
            case "on": return .success(.latch(button: words[0], on: true))
            case "off": return .success(.latch(button: words[0], on: false))
            default: return .failure(ControlError("latch takes on or off, not \"\(words[1])\""))
            }
        case ("brightness", 1):
            guard let percent = percentage(words[0]) else {
                return .failure(ControlError("brightness takes a percentage 1..100, not \"\(words[0])\""))
            }
            return .success(.brightness(percent: percent))
        case ("page", 1):
            return .success(.page(PageTarget(word: words[0])))
        case ("value", 2), ("dial", 2):
            // `dial NAME VALUE` is `value` by a dial's word: a dial is a slider round an arc.
            return .success(.value(slider: words[0], number: words[1]))
        case ("state", _), ("wake", _), ("blank", _), ("enable", _), ("disable", _), ("latch", _), ("brightness", _), ("page", _),
            ("value", _), ("dial", _):
            return .failure(ControlError("wrong number of words for \(verb); expected \(grammar)"))
        default:
            return .failure(ControlError("unknown command \"\(verb)\"; expected \(grammar)"))
        }
    }

    /// The line that parses back to this command (a label as it was sent: `\n` for a line
    /// break, as `LabelText.escaped` writes it).
    public var line: String {
        switch self {
        case .state: "state"
        case .label(let button, let text): "label \(button) \(text)"
        case .latch(let button, let on): "latch \(button) \(on ? "on" : "off")"
        case .enable(let button, let enabled): "\(enabled ? "enable" : "disable") \(button)"
        case .brightness(let percent): "brightness \(percent)"
        case .wake: "wake"
        case .blank: "blank"
        case .page(let target): "page \(target.text)"
        case .value(let slider, let number): "value \(slider) \(number)"
        }
    }

    /// A whole percentage 1...100, read by the one path for numbers from outside
    /// (`DecimalNumber`): `80`, `80.0`, `8e1`; nil for a fraction, any other number or none.
    static func percentage(_ text: String) -> Int? {
        guard let number = DecimalNumber.parse(text), number.exponent >= 0,
              case (let percent, false) = number.scaled(decimals: 0, limit: 100), percent >= 1
        else { return nil }
        return Int(percent)
    }
}

/// Why a command was not carried out, for its `{"ok":false,"error":...}` reply.
public struct ControlError: Error, Equatable, Sendable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    /// The one reply line for a command that failed: `{"ok":false,"error":"..."}`.
    public var reply: String {
        "{\"ok\":false,\"error\":\(JSONText.quoted(message))}"
    }
}

extension ControlCommand {
    /// Text only: UTF-8 without control characters other than a tab.
    public static func garbage(_ line: [UInt8], allowingLineBreaks: Bool = false) -> String? {
        for byte in line where (byte < 0x20 && byte != UInt8(ascii: "\t") && !(allowingLineBreaks && byte == 0x0A)) || byte == 0x7F {
            return "garbage (byte \(HexText.byte(byte)))"
        }
        var iterator = line.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return nil
            case .error: return "garbage (not UTF-8)"
            }
        }
    }
}
