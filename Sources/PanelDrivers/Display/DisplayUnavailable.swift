import LinuxSystem
import PanelEngine

/// Why no display could be opened. `absent`: there is simply none yet (no DRM card, nothing
/// connected, no /dev/fb0): the panel runs its touch path and looks again. Otherwise the
/// display is there but cannot be used as configured (its size, its permissions): the start
/// stops with the reason.
public struct DisplayUnavailable: Error, Equatable, Sendable {
    public var message: String
    public var absent: Bool

    public init(_ message: String, absent: Bool) {
        self.message = message
        self.absent = absent
    }
}
