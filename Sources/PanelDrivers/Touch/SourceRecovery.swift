import LinuxSystem
import PanelEngine
import TouchCore

/// When to ask a failed source again: soon at first, then less often, so a panel whose
/// cable fell out neither spins nor waits minutes once it is plugged back in.
public struct SourceRecovery: Equatable, Sendable {
    public static let firstRetry = MonotonicDuration.milliseconds(100)
    public static let longestRetry = MonotonicDuration.milliseconds(5_000)

    public private(set) var failedSince: MonotonicInstant?
    public private(set) var nextProbeAt: MonotonicInstant?
    private var backoff = SourceRecovery.firstRetry

    public init() {}

    public var isHealthy: Bool { failedSince == nil }

    /// The controller just failed (a read or a probe) at `now`.
    public mutating func failed(at now: MonotonicInstant) {
        if failedSince == nil {
            failedSince = now
            backoff = SourceRecovery.firstRetry
        } else {
            backoff = backoff + backoff
            if SourceRecovery.longestRetry < backoff { backoff = SourceRecovery.longestRetry }
        }
        nextProbeAt = now + backoff
    }

    /// The source took the chip down itself at `now` (a watchdog reset): the first probe is
    /// at `firstProbeAt`, once the chip can answer, then back-off as after a failure.
    public mutating func takenDown(at now: MonotonicInstant, firstProbeAt: MonotonicInstant) {
        failedSince = now
        backoff = SourceRecovery.firstRetry
        nextProbeAt = firstProbeAt
    }

    /// A probe succeeded: reads resume.
    public mutating func recovered() {
        failedSince = nil
        nextProbeAt = nil
        backoff = SourceRecovery.firstRetry
    }
}
