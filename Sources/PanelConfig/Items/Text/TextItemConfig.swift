import TouchCore

/// One `[text NAME]` section: a value the panel shows and takes no touch for, from a
/// device's topic or from the clock (DESIGN.md rule 13: it changes only what is drawn).
public struct TextItemConfig: Equatable, Sendable {
    /// Where the text comes from.
    public enum Source: Equatable, Sendable {
        /// A message on `topic` (the value at `field` in a JSON payload; nil: the payload).
        case topic(String, field: [String]?)
        /// The local time, as `strftime` writes it.
        case time(format: String)
        /// A Home Assistant entity's state, or its `attribute` (nil: the state).
        case entity(EntityID, attribute: String?)
    }

    public var name: String
    public var rect: Rect
    public var source: Source
    /// How a value is written (`%.1f °C`).
    public var format: ValueFormat
    /// Drawn as `--`, dimmed, when the topic has been quiet this long; 0: never.
    public var staleAfter: MonotonicDuration?
    /// The rect's fill, the text, and the text while stale or unknown.
    public var fill: RGBColor
    public var text: RGBColor
    public var staleText: RGBColor
    public var fontSize: Int
    public var alignment: LabelAlignment
    /// Its name in Home Assistant; nil: its name.
    public var title: String?
    /// The page it is on, by place in file order, or `PageLayout.allPages` (0 without pages).
    public var page: Int
    /// `cell`: where its page's grid put it; nil: placed by `rect`.
    public var cell: GridCell?
    /// The section header's line.
    public var line: Int

    public init(
        name: String, rect: Rect, source: Source, format: ValueFormat = .plain, staleAfter: MonotonicDuration? = nil,
        fill: RGBColor = PanelColors.defaults.background, text: RGBColor = PanelColors.defaults.text,
        staleText: RGBColor = PanelColors.defaults.disabledText, fontSize: Int = DisplayConfig.defaultFontSize,
        alignment: LabelAlignment = .center, title: String? = nil, page: Int = 0, cell: GridCell? = nil, line: Int
    ) {
        self.name = name
        self.rect = rect
        self.source = source
        self.format = format
        self.staleAfter = staleAfter
        self.fill = fill
        self.text = text
        self.staleText = staleText
        self.fontSize = fontSize
        self.alignment = alignment
        self.title = title
        self.page = page
        self.cell = cell
        self.line = line
    }

    /// Whether `format` was given: without it, an entity's state is written with its
    /// `unit_of_measurement` after it.
    public var formatGiven = true

    /// What it shows before its first value, while stale and while the broker is away.
    public static let unknownText = "--"

    /// The most characters (Unicode scalars) a text shows, as many as a label takes: a longer
    /// value is cut there, and a time format that writes more is refused.
    public static let maxCharacters = 128

    /// The instant a time format is tried at when the config is read: Wednesday 30 September
    /// 2026, 22:59:59 UTC, a day and a month with long names.
    public static let sampleEpochSeconds: Int64 = 1_790_809_199

    /// The topic it is bound to, if any.
    public var topic: String? {
        if case .topic(let topic, _) = source { return topic }
        return nil
    }

    /// The entity it is bound to, if any.
    public var entity: EntityID? {
        if case .entity(let entity, _) = source { return entity }
        return nil
    }

    /// Its name in Home Assistant.
    public var displayTitle: String { title ?? name }
}

/// A text item's `format`: literal text around at most one conversion of the value: `%s` as
/// received, `%d` a number rounded to a whole one, `%.Nf` a number with N decimals (0..6);
/// `%%` is a `%`. Formatting never reads past the value: no printf underneath.
public struct ValueFormat: Equatable, Sendable {
    public enum Conversion: Equatable, Sendable {
        case text
        case integer
        case decimals(Int)
    }

    public var prefix: String
    public var conversion: Conversion
    public var suffix: String

    public static let plain = ValueFormat(prefix: "", conversion: .text, suffix: "")

    public init(prefix: String, conversion: Conversion, suffix: String) {
        self.prefix = prefix
        self.conversion = conversion
        self.suffix = suffix
    }

    /// Why a format was refused.
    public struct Problem: Error, Equatable, Sendable {
        public var why: String
    }

    /// `%.1f °C`, or why it is not one of the forms above.
    public static func parse(_ text: String) -> Result<ValueFormat, Problem> {
        let bytes = Array(text.utf8)
        var prefix: [UInt8] = [], suffix: [UInt8] = []
        var conversion: Conversion?
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "%") else {
                if conversion == nil { prefix.append(byte) } else { suffix.append(byte) }
                index += 1
                continue
            }
            let rest = bytes[(index + 1)...]
            if rest.first == UInt8(ascii: "%") {
                if conversion == nil { prefix.append(byte) } else { suffix.append(byte) }
                index += 2
                continue
            }
            guard conversion == nil else { return .failure(Problem(why: "one value only: a second % conversion")) }
            if rest.first == UInt8(ascii: "s") {
                conversion = .text
                index += 2
            } else if rest.first == UInt8(ascii: "d") {
                conversion = .integer
                index += 2
            } else if rest.count >= 3, rest[rest.startIndex] == UInt8(ascii: "."),
                      let digit = ValueSyntax.integer(rest[(rest.startIndex + 1)..<(rest.startIndex + 2)]), digit <= 6,
                      rest[rest.startIndex + 2] == UInt8(ascii: "f") {
                conversion = .decimals(digit)
                index += 4
            } else {
                return .failure(Problem(why: "% must start %s, %d, %.Nf (N 0..6) or %%"))
            }
        }
        guard let conversion else { return .failure(Problem(why: "the value's place: one of %s, %d or %.Nf")) }
        return .success(ValueFormat(
            prefix: String(decoding: prefix, as: UTF8.self), conversion: conversion,
            suffix: String(decoding: suffix, as: UTF8.self)))
    }

    /// The format as written.
    public var text: String {
        func escaped(_ part: String) -> String { part.split(separator: "%", omittingEmptySubsequences: false).joined(separator: "%%") }
        let middle: String
        switch conversion {
        case .text: middle = "%s"
        case .integer: middle = "%d"
        case .decimals(let count): middle = "%.\(count)f"
        }
        return escaped(prefix) + middle + escaped(suffix)
    }
}
