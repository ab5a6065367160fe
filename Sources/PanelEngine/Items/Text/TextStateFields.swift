import PanelConfig
import TouchCore

extension PanelEngine {
    /// A text item's state: what it shows, and whether that is known yet.
    func textStateFields(_ index: Int) -> [ItemStateField] {
        let shown = texts.shown[index]
        return [
            ItemStateField(key: "text", topic: .text, value: .text(shown.text)),
            ItemStateField(key: "known", topic: nil, value: .flag(!shown.isUnknown)),
        ]
    }
}
