import TouchCore

/// The FT5x06 on its bus as the engine's report source; bus errors become controller faults
/// (their kind stays in the message). With `reopen`, a probe after a failure opens the bus
/// device afresh: an adapter that went away and came back (a USB bridge, a reloaded bus
/// driver) leaves the old descriptor dead for good.
public final class ControllerReportReader: ReportReader {
    private var controller: FT5x06Controller
    private let maxPoints: Int
    private let reopen: (() throws(I2CError) -> FT5x06Controller)?

    public init(controller: FT5x06Controller, maxPoints: Int, reopen: (() throws(I2CError) -> FT5x06Controller)? = nil) {
        self.controller = controller
        self.maxPoints = maxPoints
        self.reopen = reopen
    }

    public func readReport(into report: inout FT5x06Report) throws(ControllerFault) {
        do throws(I2CError) {
            try controller.readReport(maxPoints: maxPoints, into: &report)
        } catch {
            throw ControllerFault(message: error.message)
        }
    }

    public func probe() throws(ControllerFault) {
        do throws(I2CError) {
            if let reopen {
                controller = try reopen()
            }
            _ = try controller.identify()
        } catch {
            throw ControllerFault(message: error.message)
        }
    }
}

/// `exec` actions through posix_spawn.
public final class SpawningLauncher: ShellLauncher {
    private let children: ChildProcesses

    public init(children: ChildProcesses) {
        self.children = children
    }

    public func launch(command: String, environment: [(String, String)]) -> String? {
        do throws(SpawnError) {
            _ = try children.spawnShell(command: command, environment: environment)
            return nil
        } catch {
            return error.message
        }
    }
}

/// A `gpio` action's line through libgpiod.
public final class GPIOLineOutput: DigitalOutput {
    private let line: OutputLine

    public init(line: OutputLine) {
        self.line = line
    }

    public func drive(_ high: Bool) -> String? {
        do throws(GPIOError) {
            try line.set(high)
            return nil
        } catch {
            return error.message
        }
    }
}

/// Log lines on stderr, each written at once.
public final class StandardErrorLog: PanelLog {
    public init() {}

    public func log(_ line: String) {
        var errors = OutputBuffer.standardError()
        errors.write("touchpanel: \(line)\n")
        errors.flush()
    }
}
