import TouchCore

/// A button's icon: a glyph of `[display] icon_font`, by its name in the font (`mdi:lightbulb`,
/// the Material Design Icons names, which the font carries as glyph names) or by its code point
/// (`U+F335`); or a PNG picture drawn in its own colours.
public enum IconGlyph: Equatable, Sendable {
    case named(String)
    case codePoint(UInt32)
    /// The PNG file's path: as written until the button is built, then taken from the folder
    /// of the config file it is written in when relative (`ButtonDraft.icons`).
    case picture(String)

    /// `mdi:NAME` (lower-case letters, digits and `-`), `U+` and 4 to 6 hex digits, or the path
    /// of a PNG file (ending `.png`).
    static func parse(_ text: String) throws(ValueProblem) -> IconGlyph {
        let example = "mdi:NAME (mdi:lightbulb), a code point U+F335 or a PNG file (lamp.png)"
        if text.lowercased().hasSuffix(".png") { return .picture(text) }
        if text.hasPrefix("/") || text.hasPrefix(".") {
            throw .expected("a PNG file ending .png, or \(example)", found: text)
        }
        if text.hasPrefix("mdi:") {
            let name = text.dropFirst(4)
            let allowed = name.utf8.allSatisfy { byte in
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                    || byte == UInt8(ascii: "-")
            }
            guard allowed, !name.isEmpty, name.utf8.count <= 64 else { throw .expected(example, found: text) }
            return .named(String(name))
        }
        if text.hasPrefix("U+") || text.hasPrefix("u+") {
            let digits = text.dropFirst(2)
            guard (4...6).contains(digits.count), let value = UInt32(digits, radix: 16), value <= 0x10FFFF,
                !(0xD800...0xDFFF).contains(value), value >= 0x20
            else { throw .expected("a code point U+0020 to U+10FFFF (\(example))", found: text) }
            return .codePoint(value)
        }
        throw .expected(example, found: text)
    }

    /// As it is written in a config.
    public var written: String {
        switch self {
        case .named(let name): "mdi:\(name)"
        case .codePoint(let value): "U+\(String(value, radix: 16, uppercase: true))"
        case .picture(let path): path
        }
    }

    /// Whether it is drawn from `icon_font`.
    public var isGlyph: Bool {
        if case .picture = self { return false }
        return true
    }
}

/// `icon_position`: where a button's icon goes, the label fitted into the room left.
public enum IconPosition: String, Equatable, Sendable, CaseIterable {
    /// The icon above the label.
    case top
    /// The icon before the label, on its left.
    case left
    /// The icon alone in the middle; the label is not drawn (it still names the button).
    case center
}

/// Which of a button's icons a look shows: a latched or bound button's on look `on_icon`, a
/// held one `pressed_icon`, a disabled one `disabled_icon`; pending (either way) and unknown
/// show `icon`. The one place this is decided, for the config's glyphs and the surface's
/// bitmaps alike.
public enum IconLook {
    case normal, on, pressed, disabled

    public init(_ state: ButtonVisualState) {
        switch state {
        case .normal, .unknown, .pending: self = .normal
        case .on: self = .on
        case .pressed: self = .pressed
        case .disabled: self = .disabled
        }
    }
}

/// A button's icons: one for each look, each following `normal` unless given.
public struct ButtonIcons: Equatable, Sendable {
    public var normal: IconGlyph
    public var on: IconGlyph?
    public var pressed: IconGlyph?
    public var disabled: IconGlyph?
    /// `icon_size` in pixels; nil: fitted to the button.
    public var sizePx: Int?
    public var position: IconPosition
    /// The line of each key, for `check`'s warnings: `icon`, `on_icon`, `pressed_icon`,
    /// `disabled_icon` (0: not given).
    public var lines: (normal: Int, on: Int, pressed: Int, disabled: Int)

    public init(
        normal: IconGlyph, on: IconGlyph? = nil, pressed: IconGlyph? = nil, disabled: IconGlyph? = nil, sizePx: Int? = nil,
        position: IconPosition = .top, lines: (normal: Int, on: Int, pressed: Int, disabled: Int) = (0, 0, 0, 0)
    ) {
        self.normal = normal
        self.on = on
        self.pressed = pressed
        self.disabled = disabled
        self.sizePx = sizePx
        self.position = position
        self.lines = lines
    }

    public static let sizeRange: ClosedRange<Int> = 8...512

    /// The icon drawn in `state` (`IconLook`).
    public func glyph(for state: ButtonVisualState) -> IconGlyph {
        switch IconLook(state) {
        case .normal: normal
        case .on: on ?? normal
        case .pressed: pressed ?? normal
        case .disabled: disabled ?? normal
        }
    }

    /// Every glyph given, with the line of its key.
    public var given: [(glyph: IconGlyph, line: Int, key: String)] {
        [(normal, lines.normal, "icon")] + [(on, lines.on, "on_icon"), (pressed, lines.pressed, "pressed_icon"), (disabled, lines.disabled, "disabled_icon")]
            .compactMap { entry in entry.0.map { ($0, entry.1, entry.2) } }
    }

    public static func == (a: ButtonIcons, b: ButtonIcons) -> Bool {
        a.normal == b.normal && a.on == b.on && a.pressed == b.pressed && a.disabled == b.disabled && a.sizePx == b.sizePx
            && a.position == b.position && a.lines == b.lines
    }
}
