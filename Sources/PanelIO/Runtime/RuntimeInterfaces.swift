import TouchCore

/// A controller failure as the loop sees it: the touches are cancelled and the message is
/// logged; the kind of bus error matters only to the log.
public struct ControllerFault: Error, Equatable, Sendable {
    public var message: String

    public init(message: String) {
        self.message = message
    }
}

/// Where reports come from: the FT5x06 on its I2C bus, or the simulated board's register map.
public protocol ReportReader: AnyObject {
    /// Reads one report (header and the points it announces).
    func readReport(into report: inout FT5x06Report) throws(ControllerFault)
    /// Asks the controller whether it answers again, after a failure.
    func probe() throws(ControllerFault)
}

/// How the loop learns that a report is waiting.
public enum TouchMode: Equatable, Sendable {
    /// The controller's INT line falls; the loop reads on each edge.
    case interrupt
    /// No INT line wired: read every `interval`, as the Raspberry Pi kernel does (17 ms).
    case polling(interval: MonotonicDuration)
}

/// Starts `exec` actions without waiting for them.
public protocol ShellLauncher: AnyObject {
    /// Starts `/bin/sh -c command` with `environment` added; returns an error message or nil.
    func launch(command: String, environment: [(String, String)]) -> String?
}

/// A GPIO output an action drives.
public protocol DigitalOutput: AnyObject {
    /// Sets the line; returns an error message or nil.
    func drive(_ high: Bool) -> String?
}

/// Where log lines go (stderr in the firmware, a list in tests).
public protocol PanelLog: AnyObject {
    func log(_ line: String)
}
