import LinuxSystem
import PanelConfig
import TouchCore

/// What each `[text NAME]` shows: the newest value from its topic, written in its format,
/// `--` (dimmed) before the first, while stale and while the broker is away; or the local
/// time, refreshed at each minute or second. It takes no touch and runs nothing (DESIGN.md
/// rule 13). The engine hands it messages and the clock; it says which texts changed.
struct TextItems {
    struct Shown: Equatable {
        var text: String
        /// Drawn dimmed: no value yet, stale, or the broker away.
        var isUnknown: Bool
    }

    private let items: [TextItemConfig]
    private(set) var shown: [Shown]
    /// When each topic text last got a value.
    private var valueAt: [MonotonicInstant?]
    /// When each time text is written again.
    private var refreshAt: [MonotonicInstant?]
    private let wallClock: WallClock?
    /// `[panel] locale`: the day and month names of times, the decimal separator of numbers.
    private let locale: TextLocale

    init(items: [TextItemConfig], wallClock: WallClock?, locale: TextLocale = .c) {
        self.items = items
        self.wallClock = wallClock
        self.locale = locale
        shown = items.map { _ in Shown(text: TextItemConfig.unknownText, isUnknown: true) }
        valueAt = items.map { _ in nil }
        refreshAt = items.map { _ in nil }
    }

    var count: Int { items.count }

    /// The topics to subscribe to, in the order first named.
    var topics: [String] {
        var topics: [String] = []
        for item in items { if let topic = item.topic, !topics.contains(topic) { topics.append(topic) } }
        return topics
    }

    /// The texts on `topic`.
    func indices(on topic: String) -> [Int] {
        items.indices.filter { items[$0].topic == topic }
    }

    /// The most characters a text shows: a longer one is cut there, so that what it draws and
    /// answers in `ctl state` stays small whatever a device sends.
    static let maxCharacters = TextItemConfig.maxCharacters

    /// What a message did to its text.
    struct Update: Equatable {
        var changed: Bool
        /// The characters it had, when more than `maxCharacters` and cut.
        var cutFromCharacters: Int?
    }

    /// A message for text `index` at `now`: the text it shows, or why it shows none.
    mutating func received(_ payload: [UInt8], for index: Int, now: MonotonicInstant) -> Result<Update, TextProblem> {
        guard case .topic(_, let field) = items[index].source else { return .success(Update(changed: false)) }
        guard payload.count <= StateBindings.maxPayloadBytes else { return .failure(.tooLarge(payload.count)) }
        let value: String
        if let field {
            switch JSONField.value(at: field, in: payload) {
            case .success(.text(let text)): value = text
            case .success(.number(let text)): value = text
            case .success(.boolean(let flag)): value = flag ? "true" : "false"
            case .success(.null): value = TextItemConfig.unknownText
            case .failure(let problem): return .failure(.field(field.joined(separator: "."), problem))
            }
        } else {
            value = String(decoding: payload, as: UTF8.self)
        }
        guard let written = TextItems.written(value, as: items[index].format, locale: locale) else { return .failure(.notANumber(value)) }
        let (text, characters) = TextItems.capped(written)
        valueAt[index] = now
        let changed = show(index, Shown(text: text, isUnknown: false))
        return .success(Update(changed: changed, cutFromCharacters: characters > TextItems.maxCharacters ? characters : nil))
    }

    /// `text` held to `maxCharacters`, and how many characters it had.
    static func capped(_ text: String) -> (text: String, characters: Int) {
        let scalars = text.unicodeScalars
        guard let cut = scalars.index(scalars.startIndex, offsetBy: maxCharacters, limitedBy: scalars.endIndex),
              cut != scalars.endIndex
        else { return (text, scalars.count) }
        var kept = String()
        kept.unicodeScalars.append(contentsOf: scalars[..<cut])
        return (kept, scalars.count)
    }

    /// The texts bound to `entity`.
    func indices(showing entity: EntityID) -> [Int] {
        items.indices.filter { items[$0].entity == entity }
    }

    /// Home Assistant's state of text `index`'s entity at `now` (nil: gone): its state or
    /// attribute in its format, or with the unit after it; `--` while the entity is
    /// unavailable, unknown, gone or lacks the attribute.
    mutating func entityReported(_ state: EntityState?, for index: Int, now: MonotonicInstant) -> Result<Update, TextProblem> {
        guard case .entity(_, let attribute) = items[index].source else { return .success(Update(changed: false)) }
        let value: String?
        if let state, state.isKnown {
            value = attribute.map { state.attributes[$0] } ?? state.state
        } else {
            value = nil
        }
        guard let value, value != "null" else {
            valueAt[index] = nil
            return .success(Update(changed: show(index, Shown(text: TextItemConfig.unknownText, isUnknown: true))))
        }
        let written: String
        if items[index].formatGiven {
            guard let text = TextItems.written(value, as: items[index].format, locale: locale) else { return .failure(.notANumber(value)) }
            written = text
        } else if attribute == nil, let unit = state?.attributes["unit_of_measurement"], !unit.isEmpty {
            written = value + " " + unit
        } else {
            written = value
        }
        let (text, characters) = TextItems.capped(written)
        valueAt[index] = now
        let changed = show(index, Shown(text: text, isUnknown: false))
        return .success(Update(changed: changed, cutFromCharacters: characters > TextItems.maxCharacters ? characters : nil))
    }

    /// Home Assistant went away: every entity text shows `--`. The changed texts.
    mutating func homeAssistantAway() -> [Int] {
        var changed: [Int] = []
        for index in items.indices where items[index].entity != nil {
            valueAt[index] = nil
            if show(index, Shown(text: TextItemConfig.unknownText, isUnknown: true)) { changed.append(index) }
        }
        return changed
    }

    /// The broker went away: every topic text shows `--`. The changed texts.
    mutating func brokerAway() -> [Int] {
        var changed: [Int] = []
        for index in items.indices where items[index].topic != nil {
            valueAt[index] = nil
            if show(index, Shown(text: TextItemConfig.unknownText, isUnknown: true)) { changed.append(index) }
        }
        return changed
    }

    /// Whatever is due by `now`: stale topics, the time written again. The changed texts.
    mutating func due(now: MonotonicInstant) -> [Int] {
        var changed: [Int] = []
        for index in items.indices {
            switch items[index].source {
            case .topic, .entity:
                guard let staleAfter = items[index].staleAfter, let at = valueAt[index], at + staleAfter <= now else { continue }
                valueAt[index] = nil
                if show(index, Shown(text: TextItemConfig.unknownText, isUnknown: true)) { changed.append(index) }
            case .time(let format):
                if let at = refreshAt[index], now < at { continue }
                guard let wallClock else { continue }
                let epochNs = wallClock.epochNanoseconds(at: now)
                let period: Int64 = TextItems.showsSeconds(format) ? 1_000_000_000 : 60_000_000_000
                let intoPeriod = ((epochNs % period) + period) % period
                refreshAt[index] = now + MonotonicDuration(nanoseconds: period - intoPeriod)
                let seconds = (epochNs - ((epochNs % 1_000_000_000) + 1_000_000_000) % 1_000_000_000) / 1_000_000_000
                let text = TextItems.capped(wallClock.localText(format, epochSeconds: seconds, locale: locale)).text
                if show(index, Shown(text: text, isUnknown: false)) { changed.append(index) }
            }
        }
        return changed
    }

    /// The earliest instant a text changes by itself.
    var nextDeadline: MonotonicInstant? {
        var earliest: MonotonicInstant?
        for index in items.indices {
            switch items[index].source {
            case .topic, .entity:
                if let staleAfter = items[index].staleAfter, let at = valueAt[index] {
                    earliest = MonotonicInstant.earliest(earliest, at + staleAfter)
                }
            case .time:
                if wallClock != nil { earliest = MonotonicInstant.earliest(earliest, refreshAt[index]) }
            }
        }
        return earliest
    }

    private mutating func show(_ index: Int, _ next: Shown) -> Bool {
        guard shown[index] != next else { return false }
        shown[index] = next
        return true
    }

    /// A strftime format that shows seconds is written every second, others every minute.
    /// Between `%` and its letter glibc takes flags (`_-0^#`), a width and `E` or `O`.
    static func showsSeconds(_ format: String) -> Bool {
        let bytes = Array(format.utf8)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "%") else {
                index += 1
                continue
            }
            index += 1
            while index < bytes.count, Array("_-0^#123456789EO".utf8).contains(bytes[index]) { index += 1 }
            guard index < bytes.count else { return false }
            if Array("STsrXc".utf8).contains(bytes[index]) { return true }
            index += 1
        }
        return false
    }

    /// `value` in `format`, a number with `locale`'s decimal separator: nil when the format
    /// takes a number and the value is none.
    static func written(_ value: String, as format: ValueFormat, locale: TextLocale = .c) -> String? {
        let middle: String
        switch format.conversion {
        case .text:
            middle = value
        case .integer:
            guard let number = DecimalNumber.parse(value), let text = number.text(decimals: 0) else { return nil }
            middle = text
        case .decimals(let count):
            guard let number = DecimalNumber.parse(value), let text = number.text(decimals: count) else { return nil }
            middle = locale.localized(number: text)
        }
        return format.prefix + middle + format.suffix
    }
}

/// Why a message on a text's topic changed nothing.
enum TextProblem: Error, Equatable {
    case tooLarge(Int)
    case field(String, JSONField.Problem)
    case notANumber(String)

    var message: String {
        switch self {
        case .tooLarge(let bytes): "a payload of \(bytes) bytes, over \(StateBindings.maxPayloadBytes)"
        case .field(let path, let problem): "field \(path): \(problem.message)"
        case .notANumber(let text): "\"\(BindingProblem.shortened(text))\" is not a number for its format"
        }
    }
}
