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
    public struct Document: Equatable, Sendable {
        public var topic: String
        public var payload: [UInt8]
    }

    /// The documents for `config`, in the order buttons are listed, then the texts, the backlight last.
    public static func documents(
        config: PanelConfiguration, topics: MQTTTopics, deviceName: String, qos: Int, commands: Bool = true
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
        for button in config.buttons {
            let object = objectID(button.name)
            let spec = button.spec
            let types = MQTTTopics.gestureTypes(
                highestTapCount: spec.highestTapCount, longPress: spec.listensForLongPress, repeats: spec.listensForRepeat)
            if !types.isEmpty {
                add("event", object,
                    "\"name\":\(JSONText.quoted(button.displayTitle)),\"state_topic\":\(JSONText.quoted(topics.gesture(button.name)))"
                        + ",\"event_types\":[" + types.map { "\"\($0)\"" }.joined(separator: ",") + "]"
                        + ",\"icon\":\"mdi:gesture-tap-button\"")
            }
            if commands {
                if button.latch {
                    add("switch", object + "_latch",
                        "\"name\":\(JSONText.quoted(button.displayTitle))" + switchTopics(topics, button.name, .latch)
                            + ",\"icon\":\"mdi:toggle-switch-outline\"")
                }
                add("text", object + "_label",
                    "\"name\":\(JSONText.quoted(button.displayTitle + " label"))"
                        + ",\"state_topic\":\(JSONText.quoted(topics.state(button.name, .label)))"
                        + ",\"command_topic\":\(JSONText.quoted(topics.set(button.name, .label)))"
                        + ",\"max\":128,\"entity_category\":\"config\",\"icon\":\"mdi:form-textbox\"")
                add("switch", object + "_enabled",
                    "\"name\":\(JSONText.quoted(button.displayTitle + " enabled"))" + switchTopics(topics, button.name, .enabled)
                        + ",\"entity_category\":\"config\",\"icon\":\"mdi:gesture-tap\"")
            } else {
                if button.latch {
                    add("binary_sensor", object + "_latch",
                        "\"name\":\(JSONText.quoted(button.displayTitle))" + onOffState(topics.state(button.name, .latch))
                            + ",\"icon\":\"mdi:toggle-switch-outline\"")
                }
                add("sensor", object + "_label",
                    "\"name\":\(JSONText.quoted(button.displayTitle + " label"))"
                        + ",\"state_topic\":\(JSONText.quoted(topics.state(button.name, .label)))"
                        + ",\"entity_category\":\"diagnostic\",\"icon\":\"mdi:form-textbox\"")
                add("binary_sensor", object + "_enabled",
                    "\"name\":\(JSONText.quoted(button.displayTitle + " enabled"))" + onOffState(topics.state(button.name, .enabled))
                        + ",\"entity_category\":\"diagnostic\",\"icon\":\"mdi:gesture-tap\"")
            }
        }
        // Each text item mirrors what it shows, `--` included, as a sensor.
        for text in config.texts {
            add("sensor", objectID(text.name) + "_text",
                "\"name\":\(JSONText.quoted(text.displayTitle)),\"state_topic\":\(JSONText.quoted(topics.text(text.name)))"
                    + ",\"icon\":\"mdi:text\"")
        }
        // A slider is a number in slider mode (a level bar, or any slider without commands, a
        // sensor): Home Assistant sets it as a touch would, through `/value/set`.
        for slider in config.sliders {
            let scale = slider.scale
            let state = ",\"state_topic\":\(JSONText.quoted(topics.sliderValue(slider.name)))"
            if commands && !slider.readOnly {
                add("number", objectID(slider.name) + "_value",
                    "\"name\":\(JSONText.quoted(slider.displayTitle))" + state
                        + ",\"command_topic\":\(JSONText.quoted(topics.sliderValueSet(slider.name)))"
                        + ",\"min\":\(scale.text(ofStep: 0)),\"max\":\(scale.text(ofStep: scale.stepCount)),\"step\":\(scale.stepText)"
                        + ",\"mode\":\"slider\",\"icon\":\"mdi:tune-variant\"")
            } else {
                add("sensor", objectID(slider.name) + "_value",
                    "\"name\":\(JSONText.quoted(slider.displayTitle))" + state + ",\"icon\":\"mdi:gauge\"")
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
        return documents
    }

    /// A binary sensor's topic and its ON and OFF.
    private static func onOffState(_ topic: String) -> String {
        ",\"state_topic\":\(JSONText.quoted(topic)),\"payload_on\":\"ON\",\"payload_off\":\"OFF\""
    }

    private static func switchTopics(_ topics: MQTTTopics, _ button: String, _ kind: MQTTTopics.ButtonStateKind) -> String {
        ",\"state_topic\":\(JSONText.quoted(topics.state(button, kind)))"
            + ",\"command_topic\":\(JSONText.quoted(topics.set(button, kind)))"
            + ",\"payload_on\":\"ON\",\"payload_off\":\"OFF\",\"state_on\":\"ON\",\"state_off\":\"OFF\""
    }

    private static func deviceJSON(config: PanelConfiguration, topics: MQTTTopics, deviceName: String) -> String {
        let model = "\(config.controller.model.configName) \(config.panelWidth)x\(config.panelHeight)"
        return "{\"identifiers\":[\(JSONText.quoted(topics.nodeID))],\"name\":\(JSONText.quoted(deviceName))"
            + ",\"manufacturer\":\"TouchPanel\",\"model\":\(JSONText.quoted(model)),\"sw_version\":\"\(SoftwareVersion.text)\"}"
    }

    /// A button's name as a discovery object id: `.` is not allowed there, so it becomes `_`.
    public static func objectID(_ buttonName: String) -> String {
        MQTTConfig.objectID(buttonName)
    }
}
