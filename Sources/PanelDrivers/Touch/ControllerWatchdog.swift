import LinuxSystem
import PanelEngine
import TouchCore

/// Notices a touch controller that has gone wrong while still answering on the bus: the same
/// report with touches down for `stuck_ms` (it stopped scanning), a touch going down at one
/// spot at an exact period (phantom taps from interference or a bad baseline), or a flood of
/// malformed reports. The source then cancels the touches and resets or re-initialises the
/// chip. It only watches: time comes in with each report, so every detection has an exact
/// instant in tests. After a recovery it holds off, longer each time the chip goes wrong
/// again soon, so a chip that cannot be helped is not reset in a loop.
public struct ControllerWatchdog: Sendable {
    /// What went wrong, for the log line.
    public enum Problem: Equatable, Sendable {
        case stuck(ms: Int64)
        case phantomTaps(count: Int, periodMs: Int64, x: Int32, y: Int32)
        case errorFlood(count: Int, windowMs: Int64)

        public var message: String {
            switch self {
            case .stuck(let ms):
                "the same report with touches down for \(ms) ms (stuck_ms)"
            case .phantomTaps(let count, let periodMs, let x, let y):
                "\(count) touches at (\(x), \(y)) exactly every \(periodMs) ms (phantom taps)"
            case .errorFlood(let count, let windowMs):
                "\(count) malformed reports within \(windowMs) ms"
            }
        }

        /// The input in `--debug watchdog` lines.
        public var name: String {
            switch self {
            case .stuck: "stuck"
            case .phantomTaps: "phantom_taps"
            case .errorFlood: "error_flood"
            }
        }
    }

    /// Downs at one spot, this many in a row at one period, are no finger.
    public static let phantomCount = 5
    /// How exact "exact" is: a finger's taps vary by tens of milliseconds.
    public static let phantomToleranceNs: Int64 = 2_000_000
    /// Periods shorter than this are a fast tapper's double taps, not a pattern.
    public static let phantomShortestPeriodNs: Int64 = 100_000_000
    public static let floodCount = 20
    public static let floodWindow = MonotonicDuration.milliseconds(1_000)
    /// The first hold-off after a recovery, doubled when the chip goes wrong again within
    /// `calmAfter` of the last recovery, up to `longestHoldOff`.
    public static let firstHoldOff = MonotonicDuration.milliseconds(1_000)
    public static let longestHoldOff = MonotonicDuration.milliseconds(300_000)
    public static let calmAfter = MonotonicDuration.milliseconds(600_000)

    /// Nil: the stuck check is off (`stuck_ms = 0`).
    public let stuckAfter: MonotonicDuration?
    private var lastFrame = TouchFrame()
    private var sameSince: MonotonicInstant?
    /// The latest downs: instant and spot, oldest first.
    private var downs: [(at: MonotonicInstant, position: Point)] = []
    private var errors: [MonotonicInstant] = []
    private var holdOffUntil: MonotonicInstant?
    private var holdOff = ControllerWatchdog.firstHoldOff
    private var lastRecoveryAt: MonotonicInstant?

    public init(stuckAfter: MonotonicDuration?) {
        self.stuckAfter = stuckAfter
    }

    /// A decoded report at `at`; a problem when this report shows the chip has gone wrong.
    public mutating func observe(_ frame: TouchFrame, at instant: MonotonicInstant) -> Problem? {
        defer { lastFrame = frame }
        if frame.isEmpty || frame != lastFrame {
            sameSince = frame.isEmpty ? nil : instant
        }
        // A down: said so (FT5x06), or an ID the last report did not have (a GT911 says nothing).
        for index in 0..<frame.count where frame[index].event == .down || !lastFrame.contains(id: frame[index].id) {
            downs.append((instant, frame[index].position))
            if downs.count > ControllerWatchdog.phantomCount { downs.removeFirst() }
        }
        guard !holdingOff(at: instant) else { return nil }
        if let stuckAfter, let sameSince, sameSince + stuckAfter <= instant {
            return .stuck(ms: (instant - sameSince).nanoseconds / 1_000_000)
        }
        return phantomTaps()
    }

    /// A malformed report at `at`.
    public mutating func observeError(at instant: MonotonicInstant) -> Problem? {
        errors.append(instant)
        while let first = errors.first, first + ControllerWatchdog.floodWindow <= instant { errors.removeFirst() }
        guard !holdingOff(at: instant), errors.count >= ControllerWatchdog.floodCount else { return nil }
        return .errorFlood(count: errors.count, windowMs: ControllerWatchdog.floodWindow.nanoseconds / 1_000_000)
    }

    /// The source recovered the chip at `at`: what was seen before no longer counts. Returns
    /// when the hold-off ends.
    @discardableResult
    public mutating func recovering(at instant: MonotonicInstant) -> MonotonicInstant {
        if let last = lastRecoveryAt, instant < last + ControllerWatchdog.calmAfter {
            holdOff = holdOff + holdOff
            if ControllerWatchdog.longestHoldOff < holdOff { holdOff = ControllerWatchdog.longestHoldOff }
        } else {
            holdOff = ControllerWatchdog.firstHoldOff
        }
        lastRecoveryAt = instant
        holdOffUntil = instant + holdOff
        forget()
        return instant + holdOff
    }

    /// The reads stopped (the chip failed, the source probes it): what was seen before no
    /// longer tells anything, so a report after the gap starts afresh.
    public mutating func forget() {
        lastFrame = TouchFrame()
        sameSince = nil
        downs = []
        errors = []
    }

    /// How long the current hold-off lasts.
    public var currentHoldOff: MonotonicDuration { holdOff }

    private func holdingOff(at instant: MonotonicInstant) -> Bool {
        guard let holdOffUntil else { return false }
        return instant < holdOffUntil
    }

    /// `phantomCount` downs at one spot whose intervals agree within the tolerance.
    private func phantomTaps() -> Problem? {
        guard downs.count == ControllerWatchdog.phantomCount else { return nil }
        let spot = downs[0].position
        guard downs.allSatisfy({ $0.position == spot }) else { return nil }
        let period = (downs[1].at - downs[0].at).nanoseconds
        guard period >= ControllerWatchdog.phantomShortestPeriodNs else { return nil }
        for index in 2..<downs.count {
            let interval = (downs[index].at - downs[index - 1].at).nanoseconds
            guard abs(interval - period) <= ControllerWatchdog.phantomToleranceNs else { return nil }
        }
        return .phantomTaps(count: downs.count, periodMs: period / 1_000_000, x: spot.x, y: spot.y)
    }
}
