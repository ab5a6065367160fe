import CLinux
import LinuxSystem
import PanelEngine
import TouchCore

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
