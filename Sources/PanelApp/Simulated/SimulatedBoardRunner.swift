import LinuxSystem
import PanelDrivers
import PanelEngine
import TouchCore

/// Runs a `PanelEngine` on the simulated board: each scripted step is put into the simulated
/// chip or input device at the scripted instant (its INT line "falls" then), and the engine
/// takes it through the same `step` call as the live loop. In
/// virtual time the clock jumps from one wake-up to the next, so a minute of trace plays
/// in milliseconds with exactly the logical times of a live panel; in real time the
/// runner sleeps in `waitUntil` like the live loop does.
public final class SimulatedBoardRunner {
    public enum Clock {
        /// `keepGoing` is asked at every wake-up, with the virtual instant, without waiting:
        /// it reaps finished children and says false when SIGTERM or SIGINT asks to stop.
        case virtual(keepGoing: (MonotonicInstant) -> Bool)
        /// `now` reads the real clock; `waitUntil` blocks (poll) until the instant, a signal or
        /// a control command.
        case real(now: () -> MonotonicInstant, waitUntil: (MonotonicInstant?) -> Bool)
    }

    private let engine: PanelEngine
    private var script: TouchScript
    private let hardware: SimulatedTouchHardware
    private let traceLog: TraceLineLog?
    private let clock: Clock
    private let origin: MonotonicInstant
    private var snapshotsAt: [MonotonicInstant]
    private let snapshot: (MonotonicInstant) -> Void

    /// `hardware` is the engine's source's simulated chip or device. Script instants are
    /// offsets from `origin`, the engine's start. `snapshot` is called at each of `snapshotsAt`.
    public init(
        engine: PanelEngine, script: TouchScript, origin: MonotonicInstant, clock: Clock,
        hardware: SimulatedTouchHardware, traceLog: TraceLineLog? = nil,
        snapshotsAt: [MonotonicInstant] = [], snapshot: @escaping (MonotonicInstant) -> Void = { _ in }
    ) {
        self.engine = engine
        self.script = script
        self.origin = origin
        self.clock = clock
        self.hardware = hardware
        self.traceLog = traceLog
        self.snapshotsAt = snapshotsAt.sorted()
        self.snapshot = snapshot
    }

    /// Plays the script to its end, then the remaining deadlines, then stops the engine.
    /// With `untilStopped` (real time, no trace) it keeps running until a signal stops it.
    /// Returns false when a signal asked to stop early.
    @discardableResult
    public func run(untilStopped: Bool = false) -> Bool {
        var now = origin
        var nextStep = script.next()
        var endHandled = false
        let endsAt = onClock(script.endsAt)
        while true {
            var wakeAt = engine.nextWakeup
            for candidate in [nextStep.map { onClock($0.at) }, script.hasEndLine && !endHandled ? endsAt : nil, snapshotsAt.first] {
                if let candidate, wakeAt == nil || candidate < wakeAt! { wakeAt = candidate }
            }
            if wakeAt == nil, untilStopped, case .real = clock {
                wakeAt = now + .milliseconds(3_600_000)
            }
            guard let target = wakeAt else { break }
            switch clock {
            case .virtual(let keepGoing):
                if !keepGoing(now) {
                    engine.shutdown(now: now)
                    return false
                }
                if now < target { now = target }
            case .real(let readClock, let waitUntil):
                if !waitUntil(target) {
                    engine.shutdown(now: readClock())
                    return false
                }
                // The wait may end early (a child finished, a control command came): only what
                // is due by the clock fires; the next turn waits for the rest.
                now = max(now, readClock())
            }
            while let step = nextStep, onClock(step.at) <= now {
                let stepAt = onClock(step.at)
                traceLog?.line = step.line
                hardware.load(step.input, at: stepAt)
                engine.step(now: stepAt, readiness: .readable)
                traceLog?.line = nil
                nextStep = script.next()
            }
            if script.hasEndLine && !endHandled && endsAt <= now {
                engine.cancelTouches(now: endsAt)
                endHandled = true
            }
            engine.step(now: now, readiness: .quiet)
            while let first = snapshotsAt.first, first <= now {
                snapshotsAt.removeFirst()
                snapshot(first)
            }
            if untilStopped { continue }
            if nextStep == nil && (!script.hasEndLine || endHandled) && engine.nextWakeup == nil && snapshotsAt.isEmpty {
                break
            }
        }
        engine.shutdown(now: now)
        return true
    }

    /// A script instant (an offset from the trace's zero) on the engine's clock.
    private func onClock(_ scriptInstant: MonotonicInstant) -> MonotonicInstant {
        origin + (scriptInstant - MonotonicInstant(nanoseconds: 0))
    }
}
