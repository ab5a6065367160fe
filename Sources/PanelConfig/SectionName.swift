/// The sections a config file may have, recognised from the text between the brackets of a
/// header. A new section is a new case here and in the expected lists below; a new draft type
/// with its key enum; in `ConfigBuilder` an `OpenSection` case, a list of drafts and an arm in
/// each of its two switches; its part in `ConfigAssembly.finish` and a field of
/// `PanelConfiguration`; a block in `EffectiveText`; and a row in `KeyTables.all` with its
/// markers in docs/config-reference.md.
enum SectionName: Equatable {
    case board
    case display
    /// `[theme]`: the looks every item inherits.
    case theme
    case touch
    case controller
    case backlight
    /// `[screensaver]`: what an idle panel shows before it dims.
    case screensaver
    /// `[presence]`: a sensor that wakes the panel when someone is there.
    case presence
    case control
    case exec
    case mqtt
    case homeAssistant
    /// `[feedback]`: a buzzer's pulse at every press (rule 15).
    case feedback
    /// `[fleet]`: one of many panels sharing the broker (issue 48).
    case fleet
    /// `[panel]`: how the whole panel writes what it shows (its locale).
    case panel
    /// `[button NAME]`; the name is kept as written, valid or not, so that the keys of a
    /// button with a bad name are still checked.
    case button(name: String)
    /// `[output NAME]`: a GPIO output that buttons' `gpio NAME ...` actions drive.
    case output(name: String)
    /// `[text NAME]`: a value shown from a topic or the clock.
    case text(name: String)
    /// `[page NAME]`: a screen of its own items, in file order.
    case page(name: String)
    /// `[slider NAME]`: a value dragged along a track, or a level bar.
    case slider(name: String)
    /// `[qr NAME]`: a QR code of a text.
    case qr(name: String)
    /// `[dial NAME]`: a value turned round an arc, or a gauge (rule 14).
    case dial(name: String)
    /// `[chart NAME]`: the history of a number.
    case chart(name: String)

    static let expectedList =
        "[board], [display], [theme], [touch], [controller], [backlight], [screensaver], [presence], [control], [exec], [mqtt], [homeassistant], [feedback], [fleet], [panel], [output NAME], [page NAME], [button NAME], [text NAME], [slider NAME], [dial NAME], [qr NAME] or [chart NAME]"
    /// What a board preset may hold: everything but buttons.
    static let expectedPresetList = "[board], [display], [touch] or [controller]"

    /// Nil for a section TouchPanel does not know. Names are case-sensitive: `[Display]` is
    /// not `[display]`, as keys are not.
    init?(header text: String) {
        switch text {
        case "board": self = .board
        case "display": self = .display
        case "theme": self = .theme
        case "touch": self = .touch
        case "controller": self = .controller
        case "backlight": self = .backlight
        case "screensaver": self = .screensaver
        case "presence": self = .presence
        case "control": self = .control
        case "exec": self = .exec
        case "mqtt": self = .mqtt
        case "homeassistant": self = .homeAssistant
        case "feedback": self = .feedback
        case "fleet": self = .fleet
        case "panel": self = .panel
        case "button": self = .button(name: "")
        case "output": self = .output(name: "")
        case "text": self = .text(name: "")
        case "page": self = .page(name: "")
        case "slider": self = .slider(name: "")
        case "qr": self = .qr(name: "")
        case "dial": self = .dial(name: "")
        case "chart": self = .chart(name: "")
        default:
            for (prefix, make) in [
                ("button ", SectionName.button), ("output ", SectionName.output), ("text ", SectionName.text), ("page ", SectionName.page),
                ("slider ", SectionName.slider), ("qr ", SectionName.qr), ("dial ", SectionName.dial), ("chart ", SectionName.chart),
            ]
            where text.utf8.starts(with: prefix.utf8) {
                self = make(String(decoding: Array(text.utf8)[prefix.utf8.count...], as: UTF8.self))
                return
            }
            return nil
        }
    }

    /// The most characters a button name may have: it shows up in every event line.
    static let maxButtonNameLength = 32

    /// Button names go into JSON event lines and environment variables unescaped, so they
    /// are kept to characters that need no escaping anywhere: `A-Z a-z 0-9 _ . -`.
    static func isValidButtonName(_ name: String) -> Bool {
        let bytes = name.utf8
        return !bytes.isEmpty && bytes.count <= maxButtonNameLength && bytes.allSatisfy(ValueSyntax.isNameByte)
    }
}
