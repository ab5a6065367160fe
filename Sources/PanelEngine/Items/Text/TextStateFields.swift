import PanelConfig
import TouchCore

extension PanelEngine {
    /// A text item's state: what it shows, and whether that is known yet.
    func textStateFields(_ index: Int) -> [ItemStateField] {
        let shown = texts.shown[index]
        var fields: [ItemStateField] = []
        if let entity = config.texts[index].entity {
            fields.append(ItemStateField(key: "entity", topic: nil, value: .text(entity.description)))
        }
        fields.append(ItemStateField(key: "text", topic: .text, value: .text(shown.text)))
        fields.append(ItemStateField(key: "known", topic: nil, value: .flag(!shown.isUnknown)))
        return fields
    }
}
