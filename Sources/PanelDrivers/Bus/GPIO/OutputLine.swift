import LinuxSystem
import PanelEngine

/// A GPIO output: an action's `gpio` line, or the controller's reset line, which the loop
/// drives (hold, release, wait about 300 ms: the waiting is the loop's, never a sleep here).
public protocol OutputLine: AnyObject {
    func set(_ high: Bool) throws(GPIOError)
}
