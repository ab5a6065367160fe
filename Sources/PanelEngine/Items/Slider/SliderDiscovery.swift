import LinuxSystem
import PanelConfig
import TouchCore

extension HomeAssistantDiscovery {
    /// A slider is a number in slider mode (a level bar, or any slider without commands, a
    /// sensor): Home Assistant sets it as a touch would, through `/value/set`.
    static func entities(of slider: SliderConfig, topics: MQTTTopics, commands: Bool) -> [DiscoveryEntity] {
        let scale = slider.scale
        let state = ",\"state_topic\":\(JSONText.quoted(topics.sliderValue(slider.name)))"
        guard commands && !slider.readOnly else {
            return [DiscoveryEntity(component: "sensor", object: objectID(slider.name) + "_value", body:
                "\"name\":\(JSONText.quoted(slider.displayTitle))" + state + ",\"icon\":\"mdi:gauge\"")]
        }
        return [DiscoveryEntity(component: "number", object: objectID(slider.name) + "_value", body:
            "\"name\":\(JSONText.quoted(slider.displayTitle))" + state
                + ",\"command_topic\":\(JSONText.quoted(topics.sliderValueSet(slider.name)))"
                + ",\"min\":\(scale.text(ofStep: 0)),\"max\":\(scale.text(ofStep: scale.stepCount)),\"step\":\(scale.stepText)"
                + ",\"mode\":\"slider\",\"icon\":\"mdi:tune-variant\"")]
    }
}
