import PanelConfig
import TouchCore

extension PanelEngine {
    /// A button's state: its label, whether it takes touches, a latch's side and a bound
    /// device's state (`ctl state` only: the device publishes its own).
    func buttonStateFields(_ index: Int) -> [ItemStateField] {
        var fields = [
            ItemStateField(key: "label", topic: .buttonLabel, value: .text(labels[index])),
            ItemStateField(key: "enabled", topic: .buttonEnabled, value: .flag(isEnabled(index))),
        ]
        if config.buttons[index].latch {
            fields.append(ItemStateField(key: "on", topic: .buttonLatch, value: .flag(actions.latched[index])))
        }
        if let entity = config.buttons[index].binding?.entity {
            fields.append(ItemStateField(key: "entity", topic: nil, value: .text(entity.description)))
        }
        if let state = boundStateName(index) {
            fields.append(ItemStateField(key: "state", topic: nil, value: .text(state)))
        }
        return fields
    }

    /// Its label, latch and enabled state where they differ from the config (a latch starts
    /// off, so only `on` is kept).
    func buttonKeptCommands(_ index: Int) -> [ControlCommand] {
        let button = config.buttons[index]
        var commands: [ControlCommand] = []
        if labels[index] != button.label {
            commands.append(.label(button: button.name, text: LabelText.escaped(labels[index])))
        }
        if button.latch && actions.latched[index] { commands.append(.latch(button: button.name, on: true)) }
        if isEnabled(index) != button.enabled { commands.append(.enable(button: button.name, enabled: isEnabled(index))) }
        return commands
    }
}
