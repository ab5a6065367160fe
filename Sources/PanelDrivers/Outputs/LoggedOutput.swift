import PanelEngine

/// A simulated GPIO output: it remembers nothing and logs every change.
public final class LoggedOutput: DigitalOutput {
    private let name: String
    private let log: PanelLog

    public init(name: String, log: PanelLog) {
        self.name = name
        self.log = log
    }

    public func drive(_ high: Bool) -> String? {
        log.log("gpio \(name) -> \(high ? 1 : 0) (simulated)")
        return nil
    }
}
