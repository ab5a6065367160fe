/// One key's row in the config reference's key tables (docs/config-reference.md): its default and what it is for, in markdown.
/// Each key enum gives its keys' rows in `doc`, next to their names; defaults and ranges are
/// read from the constants the parser uses, so the tables say what the binary does. Only the
/// tables read `doc` (`KeyTables`, through the tests), so the firmware carries none of it.
struct KeyDoc {
    let defaultText: String
    let what: String

    /// A default written as the file would write it: `17`, `no`, `/dev/fb0`.
    static func value(_ text: String, _ what: String) -> KeyDoc {
        KeyDoc(defaultText: "`\(text)`", what: what)
    }

    /// A default in words: `none`, `the display's`.
    static func words(_ text: String, _ what: String) -> KeyDoc {
        KeyDoc(defaultText: text, what: what)
    }

    /// A key the section must give.
    static func required(_ what: String) -> KeyDoc {
        KeyDoc(defaultText: "required", what: what)
    }

    /// `1..8192`, as the tables write a range.
    static func span(_ range: ClosedRange<Int>) -> String {
        "\(range.lowerBound)..\(range.upperBound)"
    }
}

/// The config reference's key tables, one a section: `key | default | what`, the keys in the
/// order messages list them. docs/config-reference.md holds each between `<!-- keys:NAME -->`
/// and `<!-- /keys:NAME -->`; the tests and the docs tier keep them equal to these, and
/// `scripts/update-doc-keys.sh` writes them (and touchpanel.ini(5)) from `touchpanel key-docs`.
enum KeyTables {
    /// Each section's marker name and table.
    static var all: [(name: String, table: String)] {
        [
            ("top", table(TopKey.self)),
            ("board", table(BoardKey.self)),
            ("display", table(DisplayKey.self)),
            ("theme", table(ThemeKey.self)),
            ("touch", table(TouchKey.self)),
            ("controller", table(ControllerKey.self)),
            ("page", table(PageKey.self)),
            ("button", table(ButtonKey.self)),
            ("text", table(TextKey.self)),
            ("slider", table(SliderKey.self)),
            ("dial", table(DialKey.self)),
            ("qr", table(QRCodeKey.self)),
            ("chart", table(ChartKey.self)),
            ("output", table(OutputKey.self)),
            ("backlight", table(BacklightKey.self)),
            ("screensaver", table(ScreensaverKey.self)),
            ("presence", table(PresenceKey.self)),
            ("feedback", table(FeedbackKey.self)),
            ("fleet", table(FleetKey.self)),
            ("panel", table(PanelKey.self)),
            ("control", table(ControlKey.self)),
            ("exec", table(ExecKey.self)),
            ("mqtt", table(MQTTKey.self)),
            ("homeassistant", table(HomeAssistantKey.self)),
        ]
    }

    static func table<Key: SectionKey>(_: Key.Type) -> String {
        var text = "| key | default | what |\n|---|---|---|\n"
        for key in Key.allCases {
            let doc = key.doc
            text += "| `\(key.rawValue)` | \(cell(doc.defaultText)) | \(cell(doc.what)) |\n"
        }
        return text
    }

    /// `|` would end the cell, even in backticks: markdown takes `\|` for it.
    private static func cell(_ text: String) -> String {
        text.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
    }
}

#if !hasFeature(Embedded)
/// The key tables for the host build's hidden `touchpanel key-docs`, which
/// scripts/update-doc-keys.sh turns into docs/config-reference.md's tables, boards/README.md's
/// and the manual page touchpanel.ini(5). The firmware carries none of it.
public enum KeyDocTables {
    /// Each section's marker name (`button`, `mqtt`, `top` for the lines before a section)
    /// and its markdown table.
    public static var all: [(name: String, table: String)] { KeyTables.all }
}
#endif
