import LinuxSystem
import PanelConfig
import PanelEngine
import TouchCore

/// The touch source a config names, brought up by its family's bring-up.
public enum TouchSourceBringUp {
    public static func open(
        _ config: PanelConfiguration, startedAt: MonotonicInstant, log: PanelLog, held: inout HeldLines
    ) throws(StartError) -> TouchSource {
        switch config.controller.model.family {
        case .ft5x06:
            guard let bus = config.controller.bus else {
                throw StartError(.controller, "no [controller] bus: set one, or run on the simulated board")
            }
            return try FT5x06BringUp.open(config, bus: bus, startedAt: startedAt, log: log, held: &held)
        case .goodix:
            guard let bus = config.controller.bus else {
                throw StartError(.controller, "no [controller] bus: set one, or run on the simulated board")
            }
            return try GT911BringUp.open(config, bus: bus, startedAt: startedAt, log: log, held: &held)
        case .evdev:
            return try EvdevBringUp.open(config, startedAt: startedAt, log: log)
        }
    }
}
