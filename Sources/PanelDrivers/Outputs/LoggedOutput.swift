import PanelEngine

/// A simulated GPIO output: it remembers nothing and logs every change.
public final class LoggedOutput: DigitalOutput {
    private let name: String
    private let activeLow: Bool
    private let log: PanelLog

    public init(name: String, activeLow: Bool = false, log: PanelLog) {
        self.name = name
        self.activeLow = activeLow
        self.log = log
    }

    /// `on` is the output's logical state; an active-low line is low when on. The line says
    /// both, as a relay's wiring is checked by its level: `gpio gpiochip0:17 -> on (line low,
    /// active_low; simulated)`.
    public func drive(_ on: Bool) -> String? {
        log.log("gpio \(name) -> \(LoggedOutput.describe(on: on, activeLow: activeLow)) (simulated)")
        return nil
    }

    /// `on (line low, active_low)`, `off (line low)`.
    public static func describe(on: Bool, activeLow: Bool) -> String {
        let lineHigh = on != activeLow
        return (on ? "on" : "off") + " (line " + (lineHigh ? "high" : "low") + (activeLow ? ", active_low)" : ")")
    }
}
