import PanelConfig
import TouchCore

extension PanelEngine {
    /// A slider's state: the value it shows (`ctl state`, every step of a drag), the value
    /// the outside world knows (the broker: the last sent or set from outside), whether a
    /// finger holds it and whether it takes touches.
    func sliderStateFields(_ index: Int) -> [ItemStateField] {
        let scale = currentSlider(index).scale
        let entity = config.sliders[index].entity.map { [ItemStateField(key: "entity", topic: nil, value: .text($0.description))] } ?? []
        return entity + [
            ItemStateField(key: "value", topic: nil, value: .number(scale.text(ofStep: sliderSteps[index]))),
            ItemStateField(key: nil, topic: .sliderValue, value: .number(scale.text(ofStep: sliderValues[index]))),
            ItemStateField(key: "held", topic: nil, value: .flag(isSliderHeld(index))),
            ItemStateField(key: "enabled", topic: nil, value: .flag(isSliderEnabled(index))),
        ]
    }

    /// Its enabled state where it differs from the config.
    func sliderKeptCommands(_ index: Int) -> [ControlCommand] {
        let slider = config.sliders[index]
        guard isSliderEnabled(index) != slider.enabled else { return [] }
        return [.enable(button: slider.name, enabled: isSliderEnabled(index))]
    }
}
