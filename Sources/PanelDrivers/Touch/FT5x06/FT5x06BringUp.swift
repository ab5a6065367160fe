import LinuxSystem
import PanelConfig
import PanelEngine
import TouchCore

/// Brings an FT5x06 up as a touch source: opens its bus, pulses its reset line if one is
/// wired, identifies it, writes the configured threshold and report period, and requests
/// its INT line (or polls).
enum FT5x06BringUp {
    static func open(
        _ config: PanelConfiguration, bus: Int, startedAt: MonotonicInstant, log: PanelLog, held: inout HeldLines
    ) throws(StartError) -> TouchSource {
        let controllerConfig = config.controller
        let place = "controller on /dev/i2c-\(bus) at \(HexText.byte(controllerConfig.address))"
        if let reset = controllerConfig.reset {
            do throws(GPIOError) {
                let line = try GpiodOutputLine(chip: GPIOChipSelector(reset.chip), line: LineSelector(reset.line), initialActive: true)
                try line.set(false)
                BringUpDelay.sleep(nanoseconds: controllerConfig.model.resetHold.nanoseconds)
                try line.set(true)
                BringUpDelay.sleep(nanoseconds: controllerConfig.model.resetSettle.nanoseconds)
                held.reset = line
            } catch {
                throw StartError(.controller, "reset line: \(error.message)")
            }
        }
        let range = ControllerRange(width: controllerConfig.width, height: controllerConfig.height)
        let openChip = { () throws(I2CError) -> FT5x06Chip in
            FT5x06Chip(
                controller: FT5x06Controller(transport: try LinuxI2CDevice(bus: bus, address: controllerConfig.address)),
                model: controllerConfig.model, range: range)
        }
        let chip: FT5x06Chip
        let identity: FT5x06Identity
        do throws(I2CError) {
            chip = try openChip()
            if controllerConfig.reset != nil {
                // The first read after a reset can hold garbage.
                _ = try? chip.readReport(polled: false)
            }
            identity = try chip.controller.identify()
            if let threshold = controllerConfig.threshold { try chip.controller.setThreshold(threshold) }
            if let period = controllerConfig.reportPeriod { try chip.controller.setReportPeriod(period) }
        } catch {
            throw StartError(.controller, "\(place): \(error.message)")
        }
        log.log("controller: \(identity.summary)")
        if let model = identity.model, model.maxPoints != controllerConfig.model.maxPoints {
            log.warning("controller reports up to \(model.maxPoints) points; [controller] model \(controllerConfig.model.configName) says \(controllerConfig.model.maxPoints)")
        }
        let wakeup = try I2CWakeup.open(controllerConfig, edge: .falling)
        return I2CTouchSource(
            description: "\(controllerConfig.model.configName) on /dev/i2c-\(bus) at \(HexText.byte(controllerConfig.address))",
            range: range, chip: chip, wakeup: wakeup, startedAt: startedAt, log: log,
            reopen: { () throws(I2CError) -> I2CTouchChip in try openChip() },
            watchdog: ControllerWatchdog(stuckAfter: controllerConfig.stuckAfter), resetLine: held.reset)
    }
}
