import LinuxSystem
import PanelConfig
import TouchCore

extension HomeAssistantDiscovery {
    /// A button's entities: an event entity for its gestures; with commands a switch for a
    /// latch, a text for its label and a switch for its enabled state (both configuration);
    /// without, sensors that show them.
    static func entities(of button: ButtonConfig, topics: MQTTTopics, commands: Bool) -> [DiscoveryEntity] {
        let object = objectID(button.name)
        let spec = button.spec
        let types = MQTTTopics.gestureTypes(
            highestTapCount: spec.highestTapCount, longPress: spec.listensForLongPress, repeats: spec.listensForRepeat)
        var entities: [DiscoveryEntity] = []
        if !types.isEmpty {
            entities.append(DiscoveryEntity(component: "event", object: object, body:
                "\"name\":\(JSONText.quoted(button.displayTitle)),\"state_topic\":\(JSONText.quoted(topics.gesture(button.name)))"
                    + ",\"event_types\":[" + types.map { "\"\($0)\"" }.joined(separator: ",") + "]"
                    + ",\"icon\":\"mdi:gesture-tap-button\""))
        }
        if commands {
            if button.latch {
                entities.append(DiscoveryEntity(component: "switch", object: object + "_latch", body:
                    "\"name\":\(JSONText.quoted(button.displayTitle))" + switchTopics(topics, button.name, .latch)
                        + ",\"icon\":\"mdi:toggle-switch-outline\""))
            }
            entities.append(DiscoveryEntity(component: "text", object: object + "_label", body:
                "\"name\":\(JSONText.quoted(button.displayTitle + " label"))"
                    + ",\"state_topic\":\(JSONText.quoted(topics.state(button.name, .label)))"
                    + ",\"command_topic\":\(JSONText.quoted(topics.set(button.name, .label)))"
                    + ",\"max\":128,\"entity_category\":\"config\",\"icon\":\"mdi:form-textbox\""))
            entities.append(DiscoveryEntity(component: "switch", object: object + "_enabled", body:
                "\"name\":\(JSONText.quoted(button.displayTitle + " enabled"))" + switchTopics(topics, button.name, .enabled)
                    + ",\"entity_category\":\"config\",\"icon\":\"mdi:gesture-tap\""))
        } else {
            if button.latch {
                entities.append(DiscoveryEntity(component: "binary_sensor", object: object + "_latch", body:
                    "\"name\":\(JSONText.quoted(button.displayTitle))" + onOffState(topics.state(button.name, .latch))
                        + ",\"icon\":\"mdi:toggle-switch-outline\""))
            }
            entities.append(DiscoveryEntity(component: "sensor", object: object + "_label", body:
                "\"name\":\(JSONText.quoted(button.displayTitle + " label"))"
                    + ",\"state_topic\":\(JSONText.quoted(topics.state(button.name, .label)))"
                    + ",\"entity_category\":\"diagnostic\",\"icon\":\"mdi:form-textbox\""))
            entities.append(DiscoveryEntity(component: "binary_sensor", object: object + "_enabled", body:
                "\"name\":\(JSONText.quoted(button.displayTitle + " enabled"))" + onOffState(topics.state(button.name, .enabled))
                    + ",\"entity_category\":\"diagnostic\",\"icon\":\"mdi:gesture-tap\""))
        }
        return entities
    }
}
