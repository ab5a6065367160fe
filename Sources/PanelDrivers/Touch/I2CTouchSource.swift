import LinuxSystem
import PanelEngine
import TouchCore

/// A touch controller on an I2C bus as a touch source: woken by its INT line's edges (the
/// kernel's timestamps are the frames' instants) or polled on a timer where no INT is wired.
/// A failed transfer cancels the held touches and the chip is probed again with back-off;
/// with `reopen`, the bus device is closed on failure and opened afresh for each probe (an
/// open /dev/i2c-N pins its adapter, so an adapter that went away could never come back).
/// When to do what is `I2CSourceState`'s to say; the source performs its effects.
public final class I2CTouchSource: TouchSource {
    public enum Wakeup {
        /// The chip pulls its INT line for each fresh report.
        case interrupt(InterruptSource)
        /// No INT wired: read every interval (the Pi kernel polls every 17 ms).
        case polling(interval: MonotonicDuration)
    }

    public let description: String
    public let range: ControllerRange
    private var chip: I2CTouchChip?
    /// The chip's row in the model table: its timings.
    private let model: ControllerModel
    private let reopen: (() throws(I2CError) -> I2CTouchChip)?
    private let wakeup: Wakeup
    private let pollInterval: MonotonicDuration?
    private let log: PanelLog
    public private(set) var state: I2CSourceState
    /// Watches for a chip gone wrong while still answering; nil: not watched.
    public private(set) var watchdog: ControllerWatchdog?
    /// The chip's reset line, for the watchdog's reset (nil: re-initialise over I2C only).
    private let resetLine: OutputLine?
    /// `touchpanel record`: where raw reports go.
    private var recorder: RawTraceRecorder?
    /// `--debug source,watchdog`.
    private var transitions: TransitionLog?

    public init(
        description: String, range: ControllerRange, chip: I2CTouchChip, wakeup: Wakeup, startedAt: MonotonicInstant,
        log: PanelLog, reopen: (() throws(I2CError) -> I2CTouchChip)? = nil,
        watchdog: ControllerWatchdog? = nil, resetLine: OutputLine? = nil
    ) {
        self.description = description
        self.watchdog = watchdog
        self.resetLine = resetLine
        self.range = range
        self.chip = chip
        model = chip.model
        self.wakeup = wakeup
        if case .polling(let interval) = wakeup { pollInterval = interval } else { pollInterval = nil }
        self.log = log
        self.reopen = reopen
        state = .reading(nextPollAt: pollInterval == nil ? nil : startedAt)
    }

    public func record(to recorder: RawTraceRecorder?) {
        self.recorder = recorder
    }

    public func debug(to transitions: TransitionLog?) {
        self.transitions = transitions
    }

    public var waitDescriptor: FileDescriptor? {
        guard case .interrupt(let line) = wakeup else { return nil }
        return line.pollDescriptor
    }

    public var nextWakeup: MonotonicInstant? { state.deadline }

    /// False while the chip is down: in reset, or probed.
    public var isHealthy: Bool { state.isHealthy }

    public func service(now: MonotonicInstant, readiness: DescriptorReadiness, into sink: TouchSink) {
        if readiness == .failed {
            sink.sourceStopped("interrupt line failed (its GPIO chip went away)")
            return
        }
        if readiness == .readable, case .interrupt(let line) = wakeup {
            do throws(GPIOError) {
                // Edges are drained even while the chip is down, so the descriptor quietens.
                if let edge = try line.readEdges() { step(.edge(edge), now: now, into: sink) }
            } catch {
                log.error("interrupt line: " + error.message)
            }
        }
        // Each step that is due moves the deadline past now.
        while let due = state.deadline, due <= now {
            step(.due, now: now, into: sink)
        }
    }

    /// The one place the state changes: the transition is logged, then its effect performed.
    private func step(_ input: I2CSourceState.Input, now: MonotonicInstant, into sink: TouchSink) {
        let (next, effect) = I2CSourceState.next(
            state, input, now: now, model: model, pollInterval: pollInterval, resets: resetLine != nil)
        if let transitions, transitions.wants(.source) {
            transitions.record(
                .source, at: now, of: description, from: TransitionText.source(state, origin: transitions.origin),
                input: TransitionText.source(input, origin: transitions.origin),
                to: TransitionText.source(next, origin: transitions.origin))
        }
        state = next
        switch effect {
        case .none:
            break
        case .read(let instant, let polled):
            read(measuredAt: instant, now: now, polled: polled, into: sink)
        case .holdReset, .releaseReset:
            let hold = if case .holdReset = effect { true } else { false }
            do throws(GPIOError) {
                try resetLine?.set(!hold)
            } catch {
                log.error("reset line: " + error.message)
                if hold { step(.resetFailed, now: now, into: sink) }
            }
        case .probe:
            probe(now: now, into: sink)
        }
    }

    private func read(measuredAt instant: MonotonicInstant, now: MonotonicInstant, polled: Bool, into sink: TouchSink) {
        guard let chip else { return }
        let outcome: DecodeOutcome
        do throws(I2CError) {
            outcome = try chip.readReport(polled: polled)
        } catch {
            recorder?.comment("controller: " + error.message + " (replay cannot show this failure)")
            if reopen != nil { self.chip = nil }
            watchdog?.forget()
            step(.readFailed, now: now, into: sink)
            sink.sourceFailed("controller: " + error.message + "; touches cancelled, probing again", at: instant)
            return
        }
        if let recorder, let line = chip.rawTraceLine() {
            recorder.record(line, at: instant)
        }
        switch outcome {
        case .frame(let frame):
            if let problem = watchdog?.observe(frame, at: instant) {
                trip(problem, at: instant, now: now, into: sink)
                return
            }
            sink.frame(frame, measuredAt: instant)
        case .malformed(let problem):
            sink.dropped(problem, at: instant)
            if let flood = watchdog?.observeError(at: instant) {
                trip(flood, at: instant, now: now, into: sink)
            }
        case .pending:
            if !polled { step(.notReady(edge: instant), now: now, into: sink) }
        }
    }

    /// The watchdog's way back: the touches are cancelled, the chip is held in reset and
    /// asked again once it has settled, or (no reset line) asked again and restarted as after
    /// a failure; reads resume when it answers. The one place the watchdog's state changes.
    private func trip(_ problem: ControllerWatchdog.Problem, at instant: MonotonicInstant, now: MonotonicInstant, into sink: TouchSink) {
        let holdOffUntil = watchdog?.recovering(at: instant)
        // It finds problems only while watching; its hold-off ends by itself.
        if let transitions, transitions.wants(.watchdog), let holdOffUntil {
            transitions.record(
                .watchdog, at: now, of: description, from: "watching", input: problem.name,
                to: TransitionText.timed("holding_off(until ", holdOffUntil, origin: transitions.origin))
        }
        let how = resetLine == nil ? "; touches cancelled, initialising the controller again" : "; touches cancelled, resetting the controller"
        sink.sourceFailed("controller watchdog: " + problem.message + how, at: instant)
        step(.tripped, now: now, into: sink)
    }

    private func probe(now: MonotonicInstant, into sink: TouchSink) {
        do throws(I2CError) {
            if let reopen {
                chip = nil
                chip = try reopen()
            }
            guard let chip else { throw I2CError.noAcknowledge }
            try chip.identify()
            chip.restart()
        } catch {
            if reopen != nil { chip = nil }
            step(.silent, now: now, into: sink)
            return
        }
        step(.answered, now: now, into: sink)
        sink.sourceRecovered("controller answers again")
    }
}
