import TouchCore

/// The FT5x06 on its bus as the engine's report source; bus errors become controller faults
/// (their kind stays in the message). With `reopen`, a failed read closes the bus device and
/// each probe opens it afresh: an open /dev/i2c-N pins its adapter, so an adapter that goes
/// away (a USB bridge unplugged, a bus driver reloaded) could otherwise never finish leaving
/// and come back.
public final class ControllerReportReader: ReportReader {
    private var controller: FT5x06Controller?
    private let maxPoints: Int
    private let reopen: (() throws(I2CError) -> FT5x06Controller)?

    public init(controller: FT5x06Controller, maxPoints: Int, reopen: (() throws(I2CError) -> FT5x06Controller)? = nil) {
        self.controller = controller
        self.maxPoints = maxPoints
        self.reopen = reopen
    }

    public func readReport(into report: inout FT5x06Report) throws(ControllerFault) {
        guard let controller else { throw ControllerFault(message: "the bus device is closed until a probe succeeds") }
        do throws(I2CError) {
            try controller.readReport(maxPoints: maxPoints, into: &report)
        } catch {
            if reopen != nil { self.controller = nil }
            throw ControllerFault(message: error.message)
        }
    }

    public func probe() throws(ControllerFault) {
        do throws(I2CError) {
            if let reopen {
                controller = nil
                controller = try reopen()
            }
            guard let controller else { throw I2CError.noAcknowledge }
            _ = try controller.identify()
        } catch {
            if reopen != nil { controller = nil }
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
