import LinuxSystem
import TouchCore

/// An instant read from the clock once, for commands that measure how long something took
/// (time to the first frame, a control round trip): the clock is read in PanelApp only.
public struct Stopwatch {
    public let startedAt: MonotonicInstant

    public init() {
        startedAt = MonotonicClock.now()
    }

    /// The time since `startedAt`.
    public var elapsed: MonotonicDuration { MonotonicClock.now() - startedAt }
}
