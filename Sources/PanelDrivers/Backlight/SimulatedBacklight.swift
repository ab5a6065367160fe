import LinuxSystem
import PanelEngine

/// The simulated board's backlight: 0 to 255 with a power switch, like the official 7"
/// display's; it logs every write, which is how traces and tests see the blanking.
public final class SimulatedBacklight: BacklightDevice {
    public let path = "simulated"
    public let maxBrightness = 255
    public let hasPowerSwitch = true
    private let log: PanelLog

    public init(log: PanelLog) {
        self.log = log
    }

    public func setBrightness(_ value: Int) -> String? {
        log.log("backlight brightness -> \(value) (simulated)")
        return nil
    }

    public func setPower(on: Bool) -> String? {
        log.log("backlight bl_power -> \(on ? 0 : 4) (simulated)")
        return nil
    }
}
