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

    /// The logical level of every output at the start of a session, by id: what it
    /// had before a reload, else its `start`.
    public static func startLevels(_ config: PanelConfiguration, carried: [OutputID: Bool]) -> [OutputID: Bool] {
        var levels: [OutputID: Bool] = [:]
        for output in config.outputs {
            let key = output.id
            levels[key] = carried[key] ?? output.startsOn
        }
        return levels
    }

    /// The outputs by id, each requested at its level in `levels` (`startLevels`).
    public static func open(
        _ config: PanelConfiguration, levels: [OutputID: Bool], request: Request = OutputsBringUp.requestLine
    ) throws(StartError) -> [OutputID: DigitalOutput] {
        var outputs: [OutputID: DigitalOutput] = [:]
        for output in config.outputs {
            let key = output.id
            do throws(GPIOError) {
                outputs[key] = try request(output, levels[key] ?? false)
            } catch {
                let section = output.name.map { " ([output \($0)])" } ?? ""
                throw StartError(.output(key), "gpio \(output.chip) \(output.line.configValue)\(section): \(error.message)")
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
