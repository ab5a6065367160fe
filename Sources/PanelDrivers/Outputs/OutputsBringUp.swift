import LinuxSystem
import PanelConfig
import PanelEngine

/// Requests every GPIO output the panel drives (`PanelConfiguration.outputs`), each at the
/// level it had before a reload, or at its `start` level at first: off unless the config
/// says on. The line is asked for at that level, with its `active_low`, in one request, so
/// it never shows another level in between: an active-low relay stays off at start.
public enum OutputsBringUp {
    /// Asks the kernel for one line: `active` is the logical level it starts at.
    public typealias Request = (_ output: OutputConfig, _ active: Bool) throws(GPIOError) -> DigitalOutput

    /// The logical level of every output at the start of a session, by `outputKey`: what it
    /// had before a reload, else its `start`.
    public static func startLevels(_ config: PanelConfiguration, carried: [String: Bool]) -> [String: Bool] {
        var levels: [String: Bool] = [:]
        for output in config.outputs {
            let key = ActionRunner.outputKey(chip: output.chip, line: output.line)
            levels[key] = carried[key] ?? output.startsOn
        }
        return levels
    }

    /// The outputs by `outputKey`, each requested at its level in `levels` (`startLevels`).
    public static func open(
        _ config: PanelConfiguration, levels: [String: Bool], request: Request = OutputsBringUp.requestLine
    ) throws(StartError) -> [String: DigitalOutput] {
        var outputs: [String: DigitalOutput] = [:]
        for output in config.outputs {
            let key = ActionRunner.outputKey(chip: output.chip, line: output.line)
            do throws(GPIOError) {
                outputs[key] = try request(output, levels[key] ?? false)
            } catch {
                let section = output.name.map { " ([output \($0)])" } ?? ""
                throw StartError(message: "gpio \(output.chip) \(output.line.configValue)\(section): \(error.message)")
            }
        }
        return outputs
    }

    public static func requestLine(_ output: OutputConfig, active: Bool) throws(GPIOError) -> DigitalOutput {
        let line = try GpiodOutputLine(
            chip: GPIOChipSelector(output.chip), line: LineSelector(output.line), initialActive: active, activeLow: output.activeLow)
        return GPIOLineOutput(line: line)
    }
}
