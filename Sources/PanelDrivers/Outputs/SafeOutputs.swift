import LinuxSystem
import PanelConfig
import PanelEngine

/// `touchpanel safe-outputs`: every output a config drives, taken to its inactive level (off,
/// with its `active_low`), for the moment the panel is gone. systemd runs it after every stop
/// of the service (`ExecStopPost=`), a crash, SIGKILL and the watchdog's kill included: the
/// kernel releases a dead process's lines, and on the Pi a released output keeps the level it
/// had, so a relay held by a hold-to-run press would otherwise stay on until the next start.
public enum SafeOutputs {
    /// One output: what was done, or why it could not be.
    public struct Outcome: Equatable, Sendable {
        public var output: OutputID
        /// The config's name for it, when an `[output NAME]` section declares it.
        public var name: String?
        /// Nil when the line was driven off; else the reason it was not.
        public var problem: String?

        /// `gpiochip0:17 [output relay]: off`, or the reason.
        public var text: String {
            let section = name.map { " [output \($0)]" } ?? ""
            return "\(output)\(section): " + (problem ?? "off")
        }
    }

    /// Drives each output off, one request each, and lets it go: a line that cannot be had
    /// (held by another program, a chip that is not there) is reported and the others are
    /// still driven.
    public static func drive(
        _ config: PanelConfiguration, request: OutputsBringUp.Request = OutputsBringUp.requestLine
    ) -> [Outcome] {
        config.outputs.map { output in
            do throws(GPIOError) {
                // Asked for at the inactive level: the request itself drives it, and the
                // line is released when the returned output goes.
                _ = try request(output, false)
                return Outcome(output: output.id, name: output.name, problem: nil)
            } catch {
                return Outcome(output: output.id, name: output.name, problem: error.message)
            }
        }
    }
}
