import TouchCore

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
