import LinuxSystem
import PanelEngine
import TouchCore

/// A touch controller on an I2C bus as a touch source: woken by its INT line's edges (the
/// kernel's timestamps are the frames' instants) or polled on a timer where no INT is wired.
/// A failed transfer cancels the held touches and the chip is probed again with back-off;
/// with `reopen`, the bus device is closed on failure and opened afresh for each probe (an
/// open /dev/i2c-N pins its adapter, so an adapter that went away could never come back).
public final class I2CTouchSource: TouchSource {
    public enum Wakeup {
        /// The chip pulls its INT line for each fresh report.
        case interrupt(InterruptSource)
        /// No INT wired: read every interval (the Pi kernel polls every 17 ms).
        case polling(interval: MonotonicDuration)
    }

    /// A GT911 may raise INT up to about 10 ms before its ready bit is set: after an edge whose
    /// report is not ready, the status is read again every `readyRetry`, for at most
    /// `readyTimeout` (the kernel's goodix driver waits 20 ms the same way).
    public static let readyRetry = MonotonicDuration.milliseconds(1)
    public static let readyTimeout = MonotonicDuration.milliseconds(20)

    public let description: String
    public let range: ControllerRange
    private var chip: I2CTouchChip?
    private let reopen: (() throws(I2CError) -> I2CTouchChip)?
    private let wakeup: Wakeup
    private let log: PanelLog
    public private(set) var recovery = SourceRecovery()
    private var nextPollAt: MonotonicInstant?
    /// After an edge whose report was not ready: the edge, and when to read again.
    private var unreadEdge: MonotonicInstant?
    private var readyRetryAt: MonotonicInstant?
    /// Watches for a chip gone wrong while still answering; nil: not watched.
    public private(set) var watchdog: ControllerWatchdog?
    /// The chip's reset line, for the watchdog's reset (nil: re-initialise over I2C only).
    private let resetLine: OutputLine?
    /// `touchpanel record`: where raw reports go.
    private var recorder: RawTraceRecorder?
    /// While the watchdog holds the chip in reset: when to release it.
    private var resetReleaseAt: MonotonicInstant?

    /// How long the watchdog holds the reset line (a GT911 needs over 10 ms, an FT5x06 5 ms),
    /// and how long after its release the chip is first asked again (an FT5x06 needs about
    /// 300 ms to start scanning).
    public static let resetHold = MonotonicDuration.milliseconds(20)
    public static let resetSettle = MonotonicDuration.milliseconds(300)

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
        self.wakeup = wakeup
        self.log = log
        self.reopen = reopen
        if case .polling = wakeup { nextPollAt = startedAt }
    }

    public func record(to recorder: RawTraceRecorder?) {
        self.recorder = recorder
    }

    public var waitDescriptor: Int32? {
        guard case .interrupt(let line) = wakeup, line.pollDescriptor >= 0 else { return nil }
        return line.pollDescriptor
    }

    public var nextWakeup: MonotonicInstant? {
        if let resetReleaseAt { return resetReleaseAt }
        guard recovery.isHealthy else { return recovery.nextProbeAt }
        return readyRetryAt ?? nextPollAt
    }

    public func service(now: MonotonicInstant, readiness: DescriptorReadiness, into sink: TouchSink) {
        if readiness == .failed {
            sink.sourceStopped("interrupt line failed (its GPIO chip went away)")
            return
        }
        if readiness == .readable, case .interrupt(let line) = wakeup {
            do throws(GPIOError) {
                // Edges are drained even while the chip is failed, so the descriptor quietens.
                if let edge = try line.readEdges(), recovery.isHealthy {
                    readyRetryAt = nil
                    read(measuredAt: edge, now: now, polled: false, into: sink)
                }
            } catch {
                log.error("interrupt line: \(error.message)")
            }
        }
        if let retryAt = readyRetryAt, retryAt <= now, let edge = unreadEdge {
            readyRetryAt = nil
            read(measuredAt: edge, now: now, polled: false, into: sink)
        }
        if let releaseAt = resetReleaseAt, releaseAt <= now {
            resetReleaseAt = nil
            do throws(GPIOError) {
                try resetLine?.set(true)
            } catch {
                log.error("reset line: \(error.message)")
            }
        }
        if resetReleaseAt == nil, let probeAt = recovery.nextProbeAt, probeAt <= now {
            probe(now: now, into: sink)
        }
        if recovery.isHealthy, case .polling(let interval) = wakeup, let pollAt = nextPollAt, pollAt <= now {
            // Skipped polls are not made up: one read, then the next slot after now.
            let slots = (now - pollAt).nanoseconds / interval.nanoseconds + 1
            nextPollAt = pollAt + interval * slots
            read(measuredAt: now, now: now, polled: true, into: sink)
        }
    }

    private func read(measuredAt instant: MonotonicInstant, now: MonotonicInstant, polled: Bool, into sink: TouchSink) {
        guard let chip else { return }
        let outcome: DecodeOutcome
        do throws(I2CError) {
            outcome = try chip.readReport(polled: polled)
        } catch {
            recorder?.comment("controller: \(error.message) (replay cannot show this failure)")
            if reopen != nil { self.chip = nil }
            unreadEdge = nil
            readyRetryAt = nil
            watchdog?.forget()
            recovery.failed(at: now)
            sink.sourceFailed("controller: \(error.message); touches cancelled, probing again", at: instant)
            return
        }
        if let recorder, let line = chip.rawTraceLine() {
            recorder.record(line, at: instant)
        }
        switch outcome {
        case .frame(let frame):
            unreadEdge = nil
            if let problem = watchdog?.observe(frame, at: instant) {
                recover(from: problem, at: instant, now: now, into: sink)
                return
            }
            sink.frame(frame, measuredAt: instant)
        case .malformed(let problem):
            unreadEdge = nil
            sink.dropped(problem, at: instant)
            if let flood = watchdog?.observeError(at: instant) {
                recover(from: flood, at: instant, now: now, into: sink)
            }
        case .pending:
            guard !polled, now < instant + I2CTouchSource.readyTimeout else {
                unreadEdge = nil
                return
            }
            unreadEdge = instant
            readyRetryAt = now + I2CTouchSource.readyRetry
        }
    }

    /// The watchdog's way back: the touches are cancelled, the chip is held in reset for
    /// `resetHold` and asked again `resetSettle` after, or (no reset line) asked again and
    /// restarted as after a failure; reads resume when it answers.
    private func recover(from problem: ControllerWatchdog.Problem, at instant: MonotonicInstant, now: MonotonicInstant, into sink: TouchSink) {
        watchdog?.recovering(at: instant)
        unreadEdge = nil
        readyRetryAt = nil
        if let resetLine {
            sink.sourceFailed("controller watchdog: \(problem.message); touches cancelled, resetting the controller", at: instant)
            do throws(GPIOError) {
                try resetLine.set(false)
                resetReleaseAt = now + I2CTouchSource.resetHold
                recovery.takenDown(at: now, firstProbeAt: now + I2CTouchSource.resetHold + I2CTouchSource.resetSettle)
                return
            } catch {
                log.error("reset line: \(error.message)")
            }
        } else {
            sink.sourceFailed("controller watchdog: \(problem.message); touches cancelled, initialising the controller again", at: instant)
        }
        recovery.failed(at: now)
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
            recovery.recovered()
            if case .polling = wakeup { nextPollAt = now }
            sink.sourceRecovered("controller answers again")
        } catch {
            if reopen != nil { chip = nil }
            recovery.failed(at: now)
        }
    }
}
