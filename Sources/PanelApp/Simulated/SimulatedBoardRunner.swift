import LinuxSystem
import PanelDrivers
import PanelEngine
import TouchCore

/// The simulated board's script on `PanelLoop`: each scripted step is put into the simulated
/// chip or input device at the scripted instant (its INT line "falls" then), and the engine
/// takes it through the same `step` call as the live loop. On the virtual clock the loop jumps
/// from one wake-up to the next, so a minute of trace plays in milliseconds with exactly the
/// logical times of a live panel; on the real clock it sleeps like the live loop does.
public final class SimulatedBoardRunner: LoopParticipant {
    private let engine: PanelEngine
    private var script: TouchScript
    private let hardware: SimulatedTouchHardware
    private let traceLog: TraceLineLog?
    private let origin: MonotonicInstant
    private var snapshotsAt: [MonotonicInstant]
    private let snapshot: (MonotonicInstant) -> Void
    private var nextStep: TouchScript.Step?
    private var endHandled = false
    private let endsAt: MonotonicInstant
    /// Where the script's `homeassistant` lines go: the engine's entities.
    private let tracedEntities: TracedEntities?

    /// `hardware` is the engine's source's simulated chip or device. Script instants are
    /// offsets from `origin`, the engine's start. `snapshot` is called at each of `snapshotsAt`.
    public init(
        engine: PanelEngine, script: TouchScript, origin: MonotonicInstant,
        hardware: SimulatedTouchHardware, traceLog: TraceLineLog? = nil,
        snapshotsAt: [MonotonicInstant] = [], snapshot: @escaping (MonotonicInstant) -> Void = { _ in },
        tracedEntities: TracedEntities? = nil
    ) {
        self.engine = engine
        self.tracedEntities = tracedEntities
        self.script = script
        self.origin = origin
        self.hardware = hardware
        self.traceLog = traceLog
        self.snapshotsAt = snapshotsAt.sorted()
        self.snapshot = snapshot
        endsAt = origin + (script.endsAt - MonotonicInstant(nanoseconds: 0))
        nextStep = self.script.next()
        skipRestingRepeats()
    }

    /// Plays the script to its end, then the remaining deadlines, then stops the engine; the
    /// loop gives `others` (the control socket, the broker, signals) their turns after the
    /// script's. With `untilStopped` (no trace) it keeps running until `stopAsked`. Returns
    /// false when `stopAsked`, asked after every turn, stopped it early.
    @discardableResult
    public func run(
        on loop: PanelLoop, with others: [LoopParticipant] = [], untilStopped: Bool = false, stopAsked: () -> Bool = { false }
    ) -> Bool {
        let turns: [LoopParticipant] = [self] + others
        while untilStopped || !isFinished {
            guard loop.turn(turns) else { break }
            if stopAsked() {
                engine.shutdown(now: loop.now)
                return false
            }
        }
        engine.shutdown(now: loop.now)
        return true
    }

    /// Nothing left to play: no step, no `end` line, no deadline of the engine but idle
    /// blanking's (a real-time run with `[backlight]` waited `off_after_s` past the trace's
    /// end, issue 28), no snapshot.
    private var isFinished: Bool {
        nextStep == nil && (!script.hasEndLine || endHandled) && engine.nextWakeupBesidesIdle == nil && snapshotsAt.isEmpty
    }

    public var nextDeadline: MonotonicInstant? {
        var due = MonotonicInstant.earliest(engine.nextWakeup, nextStep.map { onClock($0.at) })
        if script.hasEndLine && !endHandled { due = MonotonicInstant.earliest(due, endsAt) }
        return MonotonicInstant.earliest(due, snapshotsAt.first)
    }

    /// What is due by `now`: the steps (each at its own instant), the `end` line, whatever
    /// else the engine has due, and the snapshots. A turn that woke early (a signal, a control
    /// command) does only what the clock says is due; the next turn waits for the rest.
    public func turn(_ events: ArraySlice<PollEvents>, now: MonotonicInstant) {
        while let step = nextStep, onClock(step.at) <= now {
            let stepAt = onClock(step.at)
            traceLog?.line = step.line
            if case .message(let topic, let payload) = step.input {
                engine.step(now: stepAt, readiness: .quiet)
                engine.received(topic: topic, payload: payload, now: stepAt)
            } else if case .homeAssistant(let text) = step.input {
                engine.step(now: stepAt, readiness: .quiet)
                tracedEntities?.deliver(text, to: engine, now: stepAt, line: step.line)
            } else if case .presence(let active) = step.input {
                engine.step(now: stepAt, readiness: .quiet)
                engine.presenceEdge(active, at: stepAt)
            } else {
                hardware.load(step.input, at: stepAt)
                engine.step(now: stepAt, readiness: .readable)
            }
            traceLog?.line = nil
            nextStep = script.next()
            skipRestingRepeats()
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
    }

    /// A resting finger's repeated report changes nothing but the instant the touch was last
    /// seen, which only matters once the touch would count as lost. So a repeat is played
    /// only when the engine has something due (a long press, a repeat, the lost-touch time,
    /// a pulse's end) before the step after it; the others are skipped, and an hour's hold
    /// plays as a report about every `lost_ms` rather than every report interval. Nothing the
    /// panel shows or sends changes: each deadline still fires at its instant.
    private func skipRestingRepeats() {
        while let step = nextStep, step.isRepeat {
            var ahead = script
            guard let following = ahead.next() else { return }
            if let due = engine.nextWakeup, due <= onClock(following.at) { return }
            nextStep = following
            script = ahead
        }
    }

    /// A script instant (an offset from the trace's zero) on the engine's clock.
    private func onClock(_ scriptInstant: MonotonicInstant) -> MonotonicInstant {
        origin + (scriptInstant - MonotonicInstant(nanoseconds: 0))
    }
}
