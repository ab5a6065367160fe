import LinuxSystem
import PanelConfig
import TouchCore

extension HomeAssistantDiscovery {
    /// A text item mirrors what it shows, `--` included, as a sensor.
    static func entities(of text: TextItemConfig, topics: MQTTTopics) -> [DiscoveryEntity] {
        [DiscoveryEntity(component: "sensor", object: objectID(text.name) + "_text", body:
            "\"name\":\(JSONText.quoted(text.displayTitle)),\"state_topic\":\(JSONText.quoted(topics.text(text.name)))"
                + ",\"icon\":\"mdi:text\"")]
    }
}
