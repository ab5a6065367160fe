import LinuxSystem
import PanelConfig
import PanelEngine
import TouchCore

/// Brings an input device up as a touch source. A device that is not there yet is no reason
/// to refuse the start: the panel draws, runs its actions and waits for the device.
enum EvdevBringUp {
    static func open(_ config: PanelConfiguration, startedAt: MonotonicInstant, log: PanelLog) throws(StartError) -> TouchSource {
        let controller = config.controller
        let target: EvdevDeviceLocator.Target
        if let path = controller.device {
            target = .path(path)
        } else if let name = controller.deviceName {
            target = .name(name)
        } else {
            throw StartError(.controller, "model = evdev without device or name in [controller]")
        }
        let locator = EvdevDeviceLocator(target: target, grab: controller.grab)
        var device: LinuxEvdevDevice?
        do throws(EvdevError) {
            device = try locator.open()
        } catch {
            switch error {
            case .missing, .noDeviceNamed, .gone:
                log.warning("\(locator.description): \(error.message); waiting for it")
            case .permissionDenied, .notATouchscreen, .other:
                throw StartError(.controller, "\(locator.description): \(error.message)")
            }
        }
        if let device {
            let axes = device.axes
            log.log("controller: \(device.path) \"\(device.name)\", \(axes.multiTouch ? "multi-touch" : "single-touch"), x \(axes.xMinimum)..\(axes.xMaximum), y \(axes.yMinimum)..\(axes.yMaximum)\(controller.grab ? ", grabbed" : "")")
        }
        return EvdevSource(
            description: locator.description, device: device,
            range: ControllerRange(width: controller.width, height: controller.height), rangeGiven: controller.rangeGiven,
            watch: DeviceDirectoryWatch(directory: EvdevDeviceLocator.deviceDirectory), startedAt: startedAt, log: log,
            open: { () throws(EvdevError) -> EvdevDevice in try locator.open() })
    }
}
