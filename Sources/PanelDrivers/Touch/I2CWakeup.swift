import LinuxSystem
import PanelConfig
import PanelEngine
import TouchCore

/// INT line or polling, for a controller on I2C.
enum I2CWakeup {
    static func open(_ controller: ControllerConfig, edge: InterruptEdge) throws(StartError) -> I2CTouchSource.Wakeup {
        guard let line = controller.interrupt else {
            return .polling(interval: controller.pollInterval)
        }
        do throws(GPIOError) {
            return .interrupt(try GpiodInterruptLine(chip: GPIOChipSelector(line.chip), line: LineSelector(line.line), edge: edge))
        } catch {
            throw StartError(.controller, "interrupt line: \(error.message)")
        }
    }
}
