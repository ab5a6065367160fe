import PanelConfig
import TouchCore

/// The sliders' state in the engine (rule 12): each one's step shown, its value as the outside
/// world knows it, whether a finger is on it and whether it takes touches, and from these its
/// look. The slider kind's state, beside `TextItems` and the buttons' bindings. A class: the
/// engine reads a slider's look on every report of a drag, and a struct of seven arrays read
/// through a getter is copied (each array retained and released) for each read.
final class SliderItems {
    /// Each slider's value, as a step of its scale.
    private(set) var steps: [Int32]
    /// Each slider's value as the outside world knows it: the last sent, or set from outside
    /// (the broker's retained `P/slider/S/value`), not every step of a drag.
    private(set) var values: [Int32]
    /// Whether a finger is on each slider (its knob is drawn wider).
    private(set) var held: [Bool]
    /// Whether each slider takes touches (`enabled`, `ctl enable` and `ctl disable`).
    private(set) var enabled: [Bool]
    /// Each slider's look at start, at rest, pressed and disabled: its place and colours,
    /// copied once (the config's slider holds strings, and reading it per report would count
    /// their references).
    private let baseLooks: [(normal: SliderLook, pressed: SliderLook, disabled: SliderLook)]
    private var specs: [SliderSpec]
    /// How each slider writes its value on itself; nil: it does not.
    private var formats: [SliderValueFormat?]

    init(_ sliders: [SliderConfig]) {
        steps = sliders.map { $0.startStep }
        values = steps
        held = Array(repeating: false, count: sliders.count)
        enabled = sliders.map { $0.enabled }
        baseLooks = sliders.map {
            ($0.look(step: $0.startStep), $0.look(step: $0.startStep, pressed: true), $0.look(step: $0.startStep, enabled: false))
        }
        specs = sliders.map { $0.spec }
        formats = sliders.map { $0.valueFormat }
        rescaled = sliders.map { _ in nil }
        labels = sliders.map { _ in nil }
    }

    /// Slider `index` shows `step`; true when the value the outside world knows moved with it
    /// (no finger on it: a value from outside, or the end of a drag).
    func show(_ index: Int, step: Int32) -> Bool {
        steps[index] = step
        guard !held[index], values[index] != step else { return false }
        values[index] = step
        return true
    }

    /// Slider `index` sent `step`; true when that is a new value.
    func sent(_ index: Int, step: Int32) -> Bool {
        guard values[index] != step else { return false }
        values[index] = step
        return true
    }

    func setHeld(_ index: Int, _ isHeld: Bool) {
        held[index] = isHeld
    }

    /// True when that changed whether slider `index` takes touches.
    func setEnabled(_ index: Int, _ isEnabled: Bool) -> Bool {
        guard enabled[index] != isEnabled else { return false }
        enabled[index] = isEnabled
        return true
    }

    /// Each slider's scale where its entity stated its own range (nil: its config's).
    private(set) var rescaled: [SliderScale?]
    /// Each slider's label as set at run time (its entity's friendly name); nil: the config's.
    var labels: [String?]

    /// Slider `index` takes `slider`'s scale (its entity stated its own range).
    func rescale(_ index: Int, to slider: SliderConfig) {
        specs[index] = slider.spec
        formats[index] = slider.valueFormat
        rescaled[index] = slider.scale
    }

    /// Slider `index` as it looks now.
    func look(_ index: Int) -> SliderLook {
        let looks = baseLooks[index]
        var look = held[index] ? looks.pressed : enabled[index] ? looks.normal : looks.disabled
        look.fillPixels = specs[index].fillPixels(for: steps[index])
        if let format = formats[index] { look.valueText = format.glyphs(ofStep: steps[index]) }
        return look
    }
}
