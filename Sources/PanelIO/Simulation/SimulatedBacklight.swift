/// The simulated board's backlight: 0 to 255 with a power switch, like the official 7"
/// display's; it logs every write, which is how traces and tests see the blanking.
final class SimulatedBacklight: BacklightDevice {
    let path = "simulated"
    let maxBrightness = 255
    let hasPowerSwitch = true
    private let log: PanelLog

    init(log: PanelLog) {
        self.log = log
    }

    func setBrightness(_ value: Int) -> String? {
        log.log("backlight brightness -> \(value) (simulated)")
        return nil
    }

    func setPower(on: Bool) -> String? {
        log.log("backlight bl_power -> \(on ? 0 : 4) (simulated)")
        return nil
    }
}
