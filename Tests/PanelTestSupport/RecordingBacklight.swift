import PanelEngine

/// A backlight that records every write as one line: `brightness 51`, `power off`.
final class RecordingBacklight: BacklightDevice {
    let path = "recorded"
    let maxBrightness: Int
    let hasPowerSwitch: Bool
    var writes: [String] = []

    init(maxBrightness: Int = 255, hasPowerSwitch: Bool = true) {
        self.maxBrightness = maxBrightness
        self.hasPowerSwitch = hasPowerSwitch
    }

    func setBrightness(_ value: Int) -> String? {
        writes.append("brightness \(value)")
        return nil
    }

    func setPower(on: Bool) -> String? {
        writes.append("power \(on ? "on" : "off")")
        return nil
    }
}
