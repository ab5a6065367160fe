import TouchCore

/// How far one button's `exec` commands may go: how many may run at once, and how long each
/// may run before it is stopped. A command that hangs (a player waiting on a dead network
/// share) must not pile up children with every tap, nor live for ever, on a box that runs
/// unattended for years.
public struct ExecLimits: Equatable, Sendable {
    /// `exec_limit`: at most this many of the button's commands run at once; a gesture whose
    /// command would be one more starts nothing (its event line still goes out).
    public var maxRunning: Int
    /// `exec_timeout_ms`: a command still running this long after it started gets SIGTERM,
    /// and SIGKILL `ExecLimits.killGraceMs` later. Nil (`exec_timeout_ms = 0`): no time-out
    /// (a program meant to run for long, such as a kiosk browser).
    public var timeout: MonotonicDuration?

    public init(maxRunning: Int, timeout: MonotonicDuration?) {
        self.maxRunning = maxRunning
        self.timeout = timeout
    }

    public static let defaults = ExecLimits(maxRunning: 4, timeout: .milliseconds(60_000))

    /// From SIGTERM to SIGKILL for a command past its time-out: time to close files cleanly.
    public static let killGraceMs = 2_000

    /// How long a stopping panel waits for its commands still running: long enough for an
    /// `on_release` that stops a machine, well inside systemd's 90 s stop time-out.
    public static let stopWaitMs = 3_000

    static let maxRunningRange: ClosedRange<Int> = 1...64
    /// Up to a day; 0 turns the time-out off.
    static let timeoutMsRange: ClosedRange<Int> = 0...86_400_000
}
