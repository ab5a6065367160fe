import LinuxSystem
import PanelConfig
import PanelEngine
import TouchCore

/// Brings a Goodix GT911/GT9271 up as a touch source: selects its I2C address through the
/// reset sequence when both reset and INT lines are wired, identifies it, takes its range,
/// touch number and INT trigger from its config block, and requests its INT line (or polls:
/// the Touch Display 2 wires no INT to the Pi).
enum GT911BringUp {
    /// The datasheet's power-on timing, as the kernel's goodix driver uses it: RST low for the
    /// model's `resetHold` (more than 10 ms, T2), then INT set to the address level for more
    /// than 100 us before RST rises (T3),
    static let addressSetupNs: Int64 = 1_000_000
    /// more than 5 ms after RST rises before INT may change (T4),
    static let addressHoldNs: Int64 = 6_000_000
    /// then INT driven low for 50 ms ("INT sync") before it becomes an input.
    static let interruptSyncNs: Int64 = 50_000_000

    static func open(
        _ config: PanelConfiguration, bus: Int, startedAt: MonotonicInstant, log: PanelLog, held: inout HeldLines
    ) throws(StartError) -> TouchSource {
        let controllerConfig = config.controller
        let address = controllerConfig.address
        let place = "controller on /dev/i2c-\(bus) at \(HexText.byte(address))"
        if let reset = controllerConfig.reset {
            held.reset = try resetSelectingAddress(reset, interrupt: controllerConfig.interrupt, address: address, model: controllerConfig.model)
        }
        let openController = { () throws(I2CError) -> GT911Controller in
            GT911Controller(transport: try LinuxI2CDevice(bus: bus, address: address))
        }
        let controller: GT911Controller
        let identity: GT911Identity
        do throws(I2CError) {
            controller = try openController()
            identity = try controller.identify()
        } catch {
            throw StartError(.controller, "\(place): \(error.message)")
        }
        log.log("controller: \(identity.summary)")
        if let model = identity.model, model != controllerConfig.model {
            log.warning("the chip says it is a \(model.configName); [controller] model says \(controllerConfig.model.configName)")
        }
        // The config block's range unless the config gives one; a chip with an empty config
        // (all zero) falls back to the config's default.
        var range = ControllerRange(width: controllerConfig.width, height: controllerConfig.height)
        if !controllerConfig.rangeGiven && identity.xMax > 0 && identity.yMax > 0 {
            range = ControllerRange(width: Int32(identity.xMax), height: Int32(identity.yMax))
        }
        let maxPoints = (1...controllerConfig.model.maxPoints).contains(identity.touchNumber)
            ? identity.touchNumber : controllerConfig.model.maxPoints
        let wakeup = try I2CWakeup.open(controllerConfig, edge: identity.interruptEdge)
        return I2CTouchSource(
            description: "\(controllerConfig.model.configName) on /dev/i2c-\(bus) at \(HexText.byte(address))",
            range: range, chip: GT911Chip(controller: controller, model: controllerConfig.model, maxPoints: maxPoints, range: range),
            wakeup: wakeup, startedAt: startedAt, log: log,
            reopen: { () throws(I2CError) -> I2CTouchChip in
                GT911Chip(controller: try openController(), model: controllerConfig.model, maxPoints: maxPoints, range: range)
            },
            watchdog: ControllerWatchdog(stuckAfter: controllerConfig.stuckAfter),
            // A GT911 reads its address from INT as RST rises: with INT wired (an input now,
            // pulled by the board) a reset could move it to the other address, so the
            // watchdog then only initialises it again over I2C.
            resetLine: controllerConfig.interrupt == nil ? held.reset : nil)
    }

    /// The reset sequence; with an INT line it also selects the address (INT high at reset:
    /// 0x14, low: 0x5D). Returns the reset line, held high for the session.
    private static func resetSelectingAddress(
        _ reset: OutputLineConfig, interrupt: InterruptLineConfig?, address: UInt8, model: ControllerModel
    ) throws(StartError) -> OutputLine {
        do throws(GPIOError) {
            let resetLine = try GpiodOutputLine(chip: GPIOChipSelector(reset.chip), line: LineSelector(reset.line), initialActive: false)
            BringUpDelay.sleep(nanoseconds: model.resetHold.nanoseconds)
            if let interrupt {
                // INT is an output only for the sequence; the source requests it for edges.
                let interruptLine = try GpiodOutputLine(
                    chip: GPIOChipSelector(interrupt.chip), line: LineSelector(interrupt.line), initialActive: address == 0x14)
                BringUpDelay.sleep(nanoseconds: addressSetupNs)
                try resetLine.set(true)
                BringUpDelay.sleep(nanoseconds: addressHoldNs)
                try interruptLine.set(false)
                BringUpDelay.sleep(nanoseconds: interruptSyncNs)
            } else {
                try resetLine.set(true)
                BringUpDelay.sleep(nanoseconds: addressHoldNs + interruptSyncNs)
            }
            return resetLine
        } catch {
            throw StartError(.controller, "reset sequence: \(error.message)")
        }
    }
}
