import LinuxSystem
import TouchCore

/// The panel's topics under its prefix, and Home Assistant's under the discovery prefix.
/// docs/home-assistant.md's topic table is the contract; each topic is spelt here once.
public struct MQTTTopics: Equatable, Sendable {
    public let prefix: String
    public let discoveryPrefix: String
    /// The client id made topic-safe: discovery topics and unique ids name the panel by it.
    public let nodeID: String

    public init(prefix: String, discoveryPrefix: String, nodeID: String) {
        self.prefix = prefix
        self.discoveryPrefix = discoveryPrefix
        self.nodeID = nodeID
    }

    /// The topic `kind` names, with `name` (a button's, slider's, text's or page's) in its
    /// `+` level.
    public func topic(_ kind: PanelTopic, _ name: String = "") -> String {
        var topic = prefix
        for level in kind.levels {
            topic += "/"
            topic += level == "+" ? name : level
        }
        return topic
    }

    /// The topic `kind` names with `+` left in: what a subscription to every name matches.
    public func pattern(_ kind: PanelTopic) -> String {
        prefix + "/" + kind.levels.joined(separator: "/")
    }

    public var availability: String { topic(.availability) }
    /// What config the panel runs and how its last pushed one went, retained (`[fleet]`).
    public var config: String { topic(.config) }
    /// How the panel is (uptime, touches, memory, temperature, last error), retained, JSON (`[fleet]`).
    public var health: String { topic(.health) }
    /// The version installed and the newest announced on `FLEET/latest`, retained, JSON
    /// (`[fleet]`): Home Assistant's update entity reads it.
    public var update: String { topic(.update) }
    public var backlight: String { topic(.backlight) }
    public var backlightSet: String { topic(.backlightSet) }
    /// `ON` at night, `OFF` by day, retained (`[backlight] night`).
    public var night: String { topic(.night) }
    /// The screen as a PNG, retained (`[mqtt] mirror`); `/tap` taps it (`mirror_taps`).
    public var screen: String { topic(.screen) }
    public var screenTap: String { topic(.screenTap) }
    /// `ON` while the screensaver shows, `OFF` otherwise, retained (`[screensaver]`).
    public var screensaver: String { topic(.screensaver) }
    /// `ON` while `[presence]` has someone there, `OFF` otherwise, retained.
    public var presence: String { topic(.presence) }
    public var command: String { topic(.command) }
    public var reply: String { topic(.reply) }
    public var dropped: String { topic(.dropped) }
    public func event(_ button: String) -> String { topic(.buttonEvent, button) }
    public func gesture(_ button: String) -> String { topic(.buttonGesture, button) }
    public func state(_ button: String, _ kind: ButtonStateKind) -> String { topic(kind.stateTopic, button) }
    public func set(_ button: String, _ kind: ButtonStateKind) -> String { topic(kind.setTopic, button) }
    /// What a text item shows, retained.
    public func text(_ name: String) -> String { topic(.text, name) }
    /// A slider's value, retained (the last sent or set from outside; not every step of a
    /// drag); `/set` sets it from outside (rule 12).
    public func sliderValue(_ name: String) -> String { topic(.sliderValue, name) }
    public func sliderValueSet(_ name: String) -> String { topic(.sliderValueSet, name) }
    /// Every slider's `/value/set`: subscribed to by a panel that has sliders.
    public var sliderValueSetPattern: String { pattern(.sliderValueSet) }
    /// The page shown, retained; `/set` shows another.
    public var page: String { topic(.page) }
    public var pageSet: String { topic(.pageSet) }
    /// A PNG for a button's icon, or a page's background image, set at run time.
    public func iconSet(_ button: String) -> String { topic(.buttonIconSet, button) }
    public func pageImageSet(_ page: String) -> String { topic(.pageImageSet, page) }

    /// Home Assistant says `online` here when it (re)starts.
    public var homeAssistantStatus: String { "\(discoveryPrefix)/status" }
    /// Every discovery document of this panel, ours or left from an earlier config.
    public var discoveryPattern: String { "\(discoveryPrefix)/+/\(nodeID)/+/config" }
    public func discovery(component: String, object: String) -> String {
        "\(discoveryPrefix)/\(component)/\(nodeID)/\(object)/config"
    }

    /// The patterns the panel subscribes to for commands: every command topic of the table
    /// but the sliders', which a panel subscribes to only when it has sliders, and the
    /// screen's taps, only with `mirror_taps`.
    public var commandPatterns: [String] {
        PanelTopic.allCases.filter { $0.incoming != nil && $0 != .sliderValueSet && $0 != .screenTap }.map(pattern)
    }

    /// A button's retained states, each with its `/set` command topic.
    public enum ButtonStateKind: String, CaseIterable, Sendable {
        case latch
        case label
        case enabled

        var stateTopic: PanelTopic {
            switch self {
            case .latch: .buttonLatch
            case .label: .buttonLabel
            case .enabled: .buttonEnabled
            }
        }

        var setTopic: PanelTopic {
            switch self {
            case .latch: .buttonLatchSet
            case .label: .buttonLabelSet
            case .enabled: .buttonEnabledSet
            }
        }
    }

    /// What a message that came in asks for.
    public enum Incoming: Equatable, Sendable {
        case set(button: String, kind: ButtonStateKind)
        case sliderValue(slider: String)
        /// A PNG for a button's icon, or for a page's background image.
        case icon(button: String)
        case pageImage(page: String)
        case backlight
        case command
        case page
        case screenTap
        case homeAssistantStatus
        case discoveryDocument
        /// `FLEET/latest`: the newest version the fleet runs (`[fleet]`).
        case latestVersion
        case unknown
    }

    /// What a message on `topic` asks for. With `fleet`, a topic under one of its groups'
    /// prefixes (`FLEET/group/G/...`) asks what the same levels under the panel's own prefix
    /// ask, and `FLEET/group/G/label/B/set` (the short form) is `P/button/B/label/set`.
    public func incoming(_ topic: String, fleet: FleetTopics? = nil) -> Incoming {
        if topic == homeAssistantStatus { return .homeAssistantStatus }
        let levels = topic.split(separator: "/", omittingEmptySubsequences: false)
        if topic.hasPrefix(prefix + "/"), let found = PanelTopic.incoming(levels[MQTTTopics.levelCount(prefix)...]) {
            return found
        }
        if let fleet {
            if topic == fleet.latest { return .latestVersion }
            for group in fleet.groups {
                let groupPrefix = fleet.groupPrefix(group)
                guard topic.hasPrefix(groupPrefix + "/") else { continue }
                let own = levels[MQTTTopics.levelCount(groupPrefix)...]
                if let found = PanelTopic.incoming(own) ?? MQTTTopics.shortForm(own) { return found }
            }
        }
        let discoveryLevels = MQTTTopics.levelCount(discoveryPrefix)
        if levels.count == discoveryLevels + 4, topic.hasPrefix(discoveryPrefix + "/"), levels[discoveryLevels + 1] == nodeID,
            levels[levels.count - 1] == "config"
        {
            return .discoveryDocument
        }
        return .unknown
    }

    /// `label/B/set` under a group's prefix, as issue 48 spells a group's label: a button's
    /// label set.
    static func shortForm(_ levels: ArraySlice<Substring>) -> Incoming? {
        guard levels.count == 3, levels[levels.startIndex] == "label", levels[levels.startIndex + 2] == "set" else { return nil }
        return .set(button: String(levels[levels.startIndex + 1]), kind: .label)
    }

    private static func levelCount(_ prefix: String) -> Int {
        prefix.split(separator: "/", omittingEmptySubsequences: false).count
    }

    /// Home Assistant's event type for a gesture; nil for the events of a touch's life
    /// (pressed, released, ...), which only the event topic carries.
    public static func gestureType(_ kind: GestureEventKind) -> String? {
        switch kind {
        case .tap(let taps): tapType(taps)
        case .longPress(let taps): longPressType(taps)
        case .repeat: "repeat"
        case .pressed, .released, .cancelled, .exit, .enter: nil
        }
    }

    /// `single_tap`, `double_tap`, `triple_tap` (`4x_tap` beyond).
    static func tapType(_ taps: Int) -> String {
        taps == 1 ? "single_tap" : countPrefix(taps) + "tap"
    }

    /// `long_press` (not `single_long_press`: what a user calls it), `double_long_press` for a
    /// hold that ends a sequence of one tap, ...
    static func longPressType(_ taps: Int) -> String {
        countPrefix(taps) + "long_press"
    }

    private static func countPrefix(_ taps: Int) -> String {
        switch taps {
        case 1: ""
        case 2: "double_"
        case 3: "triple_"
        default: "\(taps)x_"
        }
    }

    /// The gestures a button can give, as event types, in a fixed order.
    public static func gestureTypes(highestTapCount: Int, longPress: Bool, repeats: Bool) -> [String] {
        var types: [String] = []
        for taps in stride(from: 1, through: highestTapCount, by: 1) {
            types.append(tapType(taps))
        }
        if longPress {
            for taps in 1...max(highestTapCount, 1) { types.append(longPressType(taps)) }
        }
        if repeats { types.append("repeat") }
        return types
    }

    /// `{"event_type":"double_tap","taps":2,"t_ms":1330}`, or with `"n"` for a repeat.
    public static func gesturePayload(_ kind: GestureEventKind, tMs: Int64) -> [UInt8]? {
        guard let type = gestureType(kind) else { return nil }
        var json = "{\"event_type\":\"\(type)\""
        switch kind {
        case .tap(let taps), .longPress(let taps): json += ",\"taps\":\(taps)"
        case .repeat(let n): json += ",\"n\":\(n)"
        case .pressed, .released, .cancelled, .exit, .enter: break
        }
        json += ",\"t_ms\":\(tMs)}"
        return Array(json.utf8)
    }
}
