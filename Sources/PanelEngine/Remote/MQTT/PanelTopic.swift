/// Every topic under the panel's prefix, as its levels after the prefix, `+` standing for the
/// name of the button, slider, text or page it is about. `MQTTTopics` builds topics from this
/// one table and parses incoming ones against it; docs/home-assistant.md's topic table is the contract. The order
/// of the cases is the order the panel publishes a button's states and subscribes to commands.
public enum PanelTopic: CaseIterable, Sendable {
    case availability
    case config
    case health
    case update
    case backlight
    case night
    case screen
    case screensaver
    case presence
    case reply
    case dropped
    case page
    case buttonEvent
    case buttonGesture
    case buttonLatch
    case buttonLabel
    case buttonEnabled
    case text
    case sliderValue
    case buttonLatchSet
    case buttonLabelSet
    case buttonEnabledSet
    case backlightSet
    case command
    case pageSet
    case buttonIconSet
    case pageImageSet
    case sliderValueSet
    case screenTap

    public var levels: [String] {
        switch self {
        case .availability: ["availability"]
        case .config: ["config"]
        case .health: ["health"]
        case .update: ["update"]
        case .backlight: ["backlight"]
        case .night: ["night"]
        case .screen: ["screen"]
        case .screensaver: ["screensaver"]
        case .presence: ["presence"]
        case .reply: ["reply"]
        case .dropped: ["dropped"]
        case .page: ["page"]
        case .buttonEvent: ["button", "+", "event"]
        case .buttonGesture: ["button", "+", "gesture"]
        case .buttonLatch: ["button", "+", "latch"]
        case .buttonLabel: ["button", "+", "label"]
        case .buttonEnabled: ["button", "+", "enabled"]
        case .text: ["text", "+"]
        case .sliderValue: ["slider", "+", "value"]
        case .buttonLatchSet: ["button", "+", "latch", "set"]
        case .buttonLabelSet: ["button", "+", "label", "set"]
        case .buttonEnabledSet: ["button", "+", "enabled", "set"]
        case .backlightSet: ["backlight", "set"]
        case .command: ["command"]
        case .pageSet: ["page", "set"]
        case .buttonIconSet: ["button", "+", "icon", "set"]
        case .pageImageSet: ["page", "+", "image", "set"]
        case .sliderValueSet: ["slider", "+", "value", "set"]
        case .screenTap: ["screen", "tap"]
        }
    }

    /// What a message on this topic asks for, given the name in its `+` level; nil for the
    /// topics the panel only publishes on.
    var incoming: ((String) -> MQTTTopics.Incoming)? {
        switch self {
        case .availability, .config, .health, .update, .backlight, .night, .screen, .screensaver, .presence, .reply, .dropped, .page, .buttonEvent, .buttonGesture, .buttonLatch,
            .buttonLabel, .buttonEnabled, .text, .sliderValue:
            nil
        case .buttonLatchSet: { .set(button: $0, kind: .latch) }
        case .buttonLabelSet: { .set(button: $0, kind: .label) }
        case .buttonEnabledSet: { .set(button: $0, kind: .enabled) }
        case .backlightSet: { _ in .backlight }
        case .command: { _ in .command }
        case .pageSet: { _ in .page }
        case .buttonIconSet: { .icon(button: $0) }
        case .pageImageSet: { .pageImage(page: $0) }
        case .sliderValueSet: { .sliderValue(slider: $0) }
        case .screenTap: { _ in .screenTap }
        }
    }

    /// What a message with these levels (a topic's, after a prefix) asks for; nil when they are
    /// no command topic of the table.
    static func incoming(_ topicLevels: ArraySlice<Substring>) -> MQTTTopics.Incoming? {
        for kind in PanelTopic.allCases {
            guard let make = kind.incoming, let name = kind.match(topicLevels) else { continue }
            return make(name)
        }
        return nil
    }

    /// The name in the `+` level when `levels` (a topic's, after the prefix) are this topic's
    /// ("" for a topic without one); nil when they are not.
    func match(_ topicLevels: ArraySlice<Substring>) -> String? {
        let mine = levels
        guard topicLevels.count == mine.count else { return nil }
        var name = ""
        for (level, expected) in zip(topicLevels, mine) {
            if expected == "+" {
                name = String(level)
            } else if level != expected {
                return nil
            }
        }
        return name
    }
}
