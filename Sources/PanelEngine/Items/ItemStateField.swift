import LinuxSystem
import PanelConfig
import TouchCore

/// One field of an item's state: how `ctl state` lists it and, when the broker carries it, the
/// retained topic it goes on. Each kind's adapter writes its fields once
/// (`PanelEngine.stateFields(ofItem:)`); `ctl state` and the MQTT state topics both read them.
struct ItemStateField: Equatable {
    enum Value: Equatable {
        /// `true`/`false` in `ctl state`, `ON`/`OFF` on the broker.
        case flag(Bool)
        /// A number, written as it is in both.
        case number(String)
        /// A string: quoted in `ctl state`, as it is on the broker.
        case text(String)
    }

    /// Its key in `ctl state`'s JSON; nil when only the broker carries it.
    let key: String?
    /// Its retained topic (with the item's name); nil when only `ctl state` lists it.
    let topic: PanelTopic?
    let value: Value

    /// The value as `ctl state`'s JSON writes it.
    var json: String {
        switch value {
        case .flag(let on): on ? "true" : "false"
        case .number(let number): number
        case .text(let text): JSONText.quoted(text)
        }
    }

    /// The value as the broker's retained state carries it.
    var payload: [UInt8] {
        switch value {
        case .flag(let on): Array((on ? "ON" : "OFF").utf8)
        case .number(let number): Array(number.utf8)
        case .text(let text): Array(text.utf8)
        }
    }
}

extension ItemKind {
    /// The list `ctl state` gives the items of this kind in.
    var stateListName: String {
        switch self {
        case .button: "buttons"
        case .text: "texts"
        case .slider: "sliders"
        case .qrCode: "qr_codes"
        case .chart: "charts"
        }
    }
}

extension PanelEngine {
    /// The item at `place`'s name and state, from its kind's adapter.
    func stateFields(ofItem place: Int) -> (name: String, fields: [ItemStateField]) {
        let (kind, index) = config.item(at: place)
        switch kind {
        case .button: return (config.buttons[index].name, buttonStateFields(index))
        case .text: return (config.texts[index].name, textStateFields(index))
        case .slider: return (config.sliders[index].name, sliderStateFields(index))
        case .qrCode: return (config.qrCodes[index].name, [])
        case .chart: return (config.charts[index].name, chartStateFields(index))
        }
    }

    /// The control commands that give the item at `place` back the state set on it from
    /// outside, where that differs from the config (`KeptState`).
    func keptCommands(ofItem place: Int) -> [ControlCommand] {
        let (kind, index) = config.item(at: place)
        switch kind {
        case .button: return buttonKeptCommands(index)
        case .text: return []
        case .slider: return sliderKeptCommands(index)
        case .qrCode: return []
        case .chart: return []
        }
    }
}
