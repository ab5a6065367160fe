/// What the panel's health message (`P/health`, `[fleet]`) reads from the machine, behind a
/// seam so that the engine reads no file: /proc and /sys on a board (the drivers), fixed
/// figures in tests. Read once a health message, never on the touch path.
public protocol MachineReadings: AnyObject {
    /// The process's anonymous memory resident, in kB; nil when it cannot be read.
    func anonymousKB() -> Int?
    /// The CPU's temperature in millidegrees Celsius (thermal zone 0); nil on a machine
    /// without one.
    func cpuMillidegrees() -> Int?
}
