import LinuxSystem
import PanelDrivers
import PanelEngine

/// A GPIO output that records every value it was set to.
final class RecordingOutputLine: OutputLine {
    private(set) var values: [Bool] = []
    /// The next set fails with this error (and is not recorded).
    var failNextSet: GPIOError?

    var isHigh: Bool? { values.last }

    func set(_ high: Bool) throws(GPIOError) {
        if let error = failNextSet {
            failNextSet = nil
            throw error
        }
        values.append(high)
    }
}
