import TouchCore

/// Runs a `PanelEngine` on the simulated board: each scripted report is put into the
/// simulated chip's registers and its interrupt "falls" at the scripted instant. In
/// virtual time the clock jumps from one wake-up to the next, so a minute of trace plays
/// in milliseconds with exactly the logical times of a live panel; in real time the
/// runner sleeps in `waitUntil` like the live loop does.
public final class SimulatedBoardRunner {
    public enum Clock {
        case virtual
        /// `now` reads the real clock; `waitUntil` blocks (poll) until the instant or a signal.
        case real(now: () -> MonotonicInstant, waitUntil: (MonotonicInstant?) -> Bool)
    }

    private let engine: PanelEngine
    private let script: TouchScript
    private let load: (FT5x06Report) -> Void
    private let clock: Clock
    private let origin: MonotonicInstant

    /// `load` puts a report into the simulated chip's registers. Script instants are offsets
    /// from `origin`, the engine's start.
    public init(engine: PanelEngine, script: TouchScript, origin: MonotonicInstant, clock: Clock, load: @escaping (FT5x06Report) -> Void) {
        self.engine = engine
        self.script = script
        self.origin = origin
        self.clock = clock
        self.load = load
    }

    /// Plays the script to its end, then the remaining deadlines, then stops the engine.
    /// Returns false when a signal asked to stop early (real time only).
    @discardableResult
    public func run() -> Bool {
        var now = origin
        var index = 0
        var endHandled = false
        let endsAt = origin + (script.endsAt - MonotonicInstant(nanoseconds: 0))
        while true {
            let nextStep: MonotonicInstant? = index < script.steps.count
                ? origin + (script.steps[index].at - MonotonicInstant(nanoseconds: 0)) : nil
            var wakeAt = engine.nextWakeup
            for candidate in [nextStep, script.hasEndLine && !endHandled ? endsAt : nil] {
                if let candidate, wakeAt == nil || candidate < wakeAt! { wakeAt = candidate }
            }
            guard let target = wakeAt else { break }
            switch clock {
            case .virtual:
                if now < target { now = target }
            case .real(let readClock, let waitUntil):
                if !waitUntil(target) {
                    engine.shutdown(now: readClock())
                    return false
                }
                now = max(readClock(), target)
            }
            while index < script.steps.count, origin + (script.steps[index].at - MonotonicInstant(nanoseconds: 0)) <= now {
                let stepAt = origin + (script.steps[index].at - MonotonicInstant(nanoseconds: 0))
                engine.tick(now: stepAt)
                load(script.steps[index].report)
                engine.interrupt(edgeAt: stepAt, now: now)
                index += 1
            }
            if script.hasEndLine && !endHandled && endsAt <= now {
                engine.tick(now: endsAt)
                engine.cancelTouches(now: endsAt)
                endHandled = true
            }
            engine.tick(now: now)
            if index >= script.steps.count && (!script.hasEndLine || endHandled) && engine.nextWakeup == nil {
                break
            }
        }
        engine.shutdown(now: now)
        return true
    }
}
