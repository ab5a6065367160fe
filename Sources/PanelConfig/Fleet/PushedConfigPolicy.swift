/// What a config pushed over the broker may change (issue 48): items, pages, looks, themes,
/// texts, bindings and the panel's timings. What reaches the machine stays the local file's:
/// the touch controller and board, the display, GPIO outputs, presence and feedback lines, the
/// `[exec]` limits and exec and gpio actions, the broker and Home Assistant links, the control
/// socket, unless the local `[fleet] allow` names them; `[fleet]` itself always. A section equal
/// to the local one passes, so the local config pushed as it is passes whole.
public enum PushedConfigPolicy {
    /// Why `pushed` may not replace `local`, one line each (empty: it may), naming the section
    /// or, for an action, the item with its line in `pushed`'s file.
    public static func refusals(local: PanelConfiguration, pushed: PanelConfiguration) -> [String] {
        let allow = local.fleet?.allow ?? []
        var refusals: [String] = []
        func guarded(_ what: String, _ allowance: FleetConfig.Allowance, same: Bool) {
            guard !same, !allow.contains(allowance) else { return }
            refusals.append("\(what) differs from the local file's: a pushed config keeps the panel's own (allow = \(allowance.rawValue) in the local [fleet] lets it change)")
        }
        if unplaced(local.fleet) != unplaced(pushed.fleet) {
            refusals.append("[fleet] differs from the local file's: how a panel takes pushed configs is set only where it stands")
        }
        guarded("[controller]", .controller, same: local.controller == pushed.controller && local.board == pushed.board)
        guarded("[display]", .display, same: sameDevice(local.display, pushed.display))
        guarded("[output] sections", .outputs, same: local.outputs == pushed.outputs)
        guarded("[presence]", .gpio, same: unplaced(local.presence) == unplaced(pushed.presence))
        guarded("[feedback]", .gpio, same: local.feedback == pushed.feedback)
        guarded("[exec]", .exec, same: local.exec == pushed.exec)
        guarded("[mqtt]", .mqtt, same: local.mqtt == pushed.mqtt)
        guarded("[homeassistant]", .homeassistant, same: local.homeAssistant == pushed.homeAssistant)
        guarded("[control]", .control, same: local.control == pushed.control)

        let localActions = actions(of: local).map { $0.action }
        for found in actions(of: pushed) where !localActions.contains(found.action) {
            let item = found.item, line = found.line
            switch found.action {
            case .exec(let command) where !allow.contains(.exec):
                refusals.append("\(pushed.file):\(line): [\(item)]: exec \(command) is not one of the local file's exec actions (allow = exec in the local [fleet] lets pushed ones in)")
            case .gpio(let chip, let lineRef, _) where !allow.contains(.gpio):
                refusals.append("\(pushed.file):\(line): [\(item)]: a gpio action on \(chip) line \(lineRef.configValue) that the local file does not have (allow = gpio in the local [fleet] lets pushed ones in)")
            default:
                break
            }
        }
        return refusals
    }

    /// Every action of the buttons and sliders, with the item and its line.
    static func actions(of config: PanelConfiguration) -> [ItemAction] {
        var all: [ItemAction] = []
        for button in config.buttons {
            for action in button.allActions { all.append(ItemAction(item: "button \(button.name)", line: button.line, action: action)) }
        }
        for slider in config.sliders {
            if let action = slider.onChange { all.append(ItemAction(item: "\(slider.noun) \(slider.name)", line: slider.line, action: action)) }
        }
        return all
    }

    /// An action with the item that has it and the item's line.
    struct ItemAction {
        let item: String
        let line: Int
        let action: ButtonAction
    }

    /// Whether two `[display]`s drive the same display the same way: its size, device, format
    /// and rotation. The font, sizes and colours are looks, which a push may change.
    static func sameDevice(_ a: DisplayConfig, _ b: DisplayConfig) -> Bool {
        a.width == b.width && a.height == b.height && a.framebuffer == b.framebuffer && a.output == b.output && a.card == b.card
            && a.connector == b.connector && a.drmFormat == b.drmFormat && a.rotation == b.rotation
    }

    /// The section without the line it was written on, which differs between two files that
    /// say the same.
    private static func unplaced(_ fleet: FleetConfig?) -> FleetConfig? {
        guard var fleet else { return nil }
        fleet.line = 0
        return fleet
    }

    private static func unplaced(_ presence: PresenceConfig?) -> PresenceConfig? {
        guard var presence else { return nil }
        presence.line = 0
        return presence
    }
}
