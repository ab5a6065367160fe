import LinuxSystem
import TouchCore

/// Told what the engine did, for outputs beyond stdout (the MQTT bridge). Both calls only
/// take note: the listener does its work after the engine's turn, never inside the touch path.
public protocol PanelListener: AnyObject {
    /// One event, as its event line was just written.
    func panelEvent(_ event: GestureEvent)
    /// A button's label, latch or enabled state, or the backlight, may have changed.
    func panelStateChanged()
    /// Another page is shown.
    func panelPageChanged()
}

extension PanelListener {
    public func panelPageChanged() {}
}
