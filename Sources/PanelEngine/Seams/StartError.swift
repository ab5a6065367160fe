import LinuxSystem
import PanelConfig

/// Why the panel could not start with a config: a device that cannot be opened stops the
/// start with its reason, before anything is drawn. `part` says which of the config's parts
/// it was, so a caller can tell a missing controller from a refused output without reading
/// the text.
public struct StartError: Error {
    public enum Part: Equatable, Sendable {
        /// The touch controller: its bus, its chip, its interrupt or reset line, or its input device.
        case controller
        case display
        case backlight
        /// `[presence]`'s GPIO line.
        case presence
        case output(OutputID)
        /// `[feedback]`'s PWM channel.
        case feedback
        case mqtt
        case homeAssistant
        case control
        /// The exec runner that `[exec] groups = none` hands commands to.
        case exec
        /// The raw trace `record` writes.
        case recording
    }

    public var part: Part
    /// The reason as the log and `systemctl status` show it, naming the file, line or device.
    public var message: String

    public init(_ part: Part, _ message: String) {
        self.part = part
        self.message = message
    }
}
