import LinuxSystem
import PanelConfig
import TouchCore

/// Home Assistant's MQTT discovery documents for one panel: one device, each button an event
/// entity (its gestures), each latch button a switch, each label a text entity and each
/// enabled state a switch (both configuration), the backlight a light. Event entities rather
/// than device triggers: one entity per button instead of one trigger per gesture, its last
/// gesture is shown and logged, and it offers only the gestures the button listens for.
/// A panel that takes no commands (`commands = no`) offers nothing to switch: its latches
/// and enabled states are binary sensors, its labels sensors and its backlight a binary
/// sensor, so Home Assistant shows no control that would do nothing.
public enum HomeAssistantDiscovery {
    /// One entity an item offers Home Assistant: its component, its object id, and its
    /// document's own keys (the device, availability and unique id are added to every one).
    struct DiscoveryEntity {
        let component: String
        let object: String
        let body: String
    }

    public struct Document: Equatable, Sendable {
        public var topic: String
        public var payload: [UInt8]
    }

    /// The documents for `config`, in the order buttons are listed, then the texts, the
    /// backlight, the night, the screensaver, presence, the screen's picture (`mirror`), and
    /// last a fleet panel's health and update (`fleet`).
    public static func documents(
        config: PanelConfiguration, topics: MQTTTopics, deviceName: String, qos: Int, commands: Bool = true, mirror: Bool = false,
        fleet: Bool = false
    ) -> [Document] {
        let device = deviceJSON(config: config, topics: topics, deviceName: deviceName)
        let common = ",\"availability_topic\":\(JSONText.quoted(topics.availability))"
            + ",\"payload_available\":\"online\",\"payload_not_available\":\"offline\""
            + ",\"qos\":\(qos),\"device\":\(device)"
            + ",\"origin\":{\"name\":\"touchpanel\",\"sw_version\":\"\(SoftwareVersion.text)\"}"
        var documents: [Document] = []
        func add(_ component: String, _ object: String, _ body: String) {
            let json = "{" + body + ",\"unique_id\":\(JSONText.quoted("\(topics.nodeID)_\(object)"))" + common + "}"
            documents.append(Document(topic: topics.discovery(component: component, object: object), payload: Array(json.utf8)))
        }
        // Each item's entities, in place order, from its kind's adapter.
        for place in 0..<config.itemCount where !config.isScreensaverClock(place) {
            for entity in entities(ofItem: place, config: config, topics: topics, commands: commands) {
                add(entity.component, entity.object, entity.body)
            }
        }
        // The page shown, and with commands the way to show another (an automation shows the
        // camera's page when the doorbell rings).
        if !config.pages.isEmpty {
            let options = ",\"options\":[" + config.pages.map { JSONText.quoted($0.name) }.joined(separator: ",") + "]"
            if commands {
                add("select", "page",
                    "\"name\":\"Page\",\"state_topic\":\(JSONText.quoted(topics.page)),\"command_topic\":\(JSONText.quoted(topics.pageSet))"
                        + options + ",\"icon\":\"mdi:book-open-page-variant\"")
            } else {
                add("sensor", "page", "\"name\":\"Page\",\"state_topic\":\(JSONText.quoted(topics.page)),\"icon\":\"mdi:book-open-page-variant\"")
            }
        }
        if config.backlight != nil {
            if commands {
                add("light", "backlight",
                    "\"name\":\"Backlight\",\"schema\":\"json\",\"state_topic\":\(JSONText.quoted(topics.backlight))"
                        + ",\"command_topic\":\(JSONText.quoted(topics.backlightSet))"
                        + ",\"supported_color_modes\":[\"brightness\"],\"brightness_scale\":100")
            } else {
                add("binary_sensor", "backlight",
                    "\"name\":\"Backlight\"" + onOffState(topics.backlight) + ",\"value_template\":\"{{ value_json.state }}\"")
            }
        }
        // The night schedule: a sensor either way, since only the clock changes it.
        if config.backlight?.night != nil {
            add("binary_sensor", "night", "\"name\":\"Night\"" + onOffState(topics.night) + ",\"icon\":\"mdi:weather-night\"")
        }
        if config.screensaver != nil {
            add("binary_sensor", "screensaver", "\"name\":\"Screensaver\"" + onOffState(topics.screensaver) + ",\"icon\":\"mdi:monitor-shimmer\"")
        }
        // What the panel's presence sensor sees, for automations beside the panel's own wake.
        if config.presence != nil {
            add("binary_sensor", "presence", "\"name\":\"Presence\"" + onOffState(topics.presence) + ",\"device_class\":\"occupancy\"")
        }
        // What the panel shows, as a picture: an image entity fed from `P/screen`.
        if mirror {
            add("image", "screen",
                "\"name\":\"Screen\",\"image_topic\":\(JSONText.quoted(topics.screen)),\"content_type\":\"image/png\",\"icon\":\"mdi:tablet-dashboard\"")
        }
        if fleet {
            for entity in fleetEntities(topics: topics) { add(entity.component, entity.object, entity.body) }
        }
        return documents
    }

    /// A binary sensor's topic and its ON and OFF.
    static func onOffState(_ topic: String) -> String {
        ",\"state_topic\":\(JSONText.quoted(topic)),\"payload_on\":\"ON\",\"payload_off\":\"OFF\""
    }

    static func switchTopics(_ topics: MQTTTopics, _ button: String, _ kind: MQTTTopics.ButtonStateKind) -> String {
        ",\"state_topic\":\(JSONText.quoted(topics.state(button, kind)))"
            + ",\"command_topic\":\(JSONText.quoted(topics.set(button, kind)))"
            + ",\"payload_on\":\"ON\",\"payload_off\":\"OFF\",\"state_on\":\"ON\",\"state_off\":\"OFF\""
    }

    private static func deviceJSON(config: PanelConfiguration, topics: MQTTTopics, deviceName: String) -> String {
        let model = "\(config.controller.model.configName) \(config.panelWidth)x\(config.panelHeight)"
        return "{\"identifiers\":[\(JSONText.quoted(topics.nodeID))],\"name\":\(JSONText.quoted(deviceName))"
            + ",\"manufacturer\":\"TouchPanel\",\"model\":\(JSONText.quoted(model)),\"sw_version\":\"\(SoftwareVersion.text)\"}"
    }

    /// The entities of the item at `place`.
    static func entities(ofItem place: Int, config: PanelConfiguration, topics: MQTTTopics, commands: Bool) -> [DiscoveryEntity] {
        let (kind, index) = config.item(at: place)
        switch kind {
        case .button: return entities(of: config.buttons[index], topics: topics, commands: commands)
        case .text: return entities(of: config.texts[index], topics: topics)
        case .slider: return entities(of: config.sliders[index], topics: topics, commands: commands)
        case .qrCode, .chart: return []
        }
    }

    /// A button's name as a discovery object id: `.` is not allowed there, so it becomes `_`.
    public static func objectID(_ buttonName: String) -> String {
        MQTTConfig.objectID(buttonName)
    }
}
