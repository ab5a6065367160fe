import PanelConfig
import TouchCore

/// The panel's behaviour between the devices: reads reports when the loop says one is
/// waiting, runs them through the touch pipeline, writes event lines, runs actions, repaints
/// the buttons that changed, and recovers from a failed controller. It never waits and
/// never reads a clock: the loop (live or simulated) tells it what happened and when, and
/// asks `nextWakeup` how long it may sleep. That keeps every path testable with virtual time.
public final class PanelEngine {
    public let config: PanelConfiguration
    private let reader: ReportReader
    private let mode: TouchMode
    private let surface: PanelSurface?
    private let log: PanelLog
    public let actions: ActionRunner
    private var pipeline: TouchPipeline
    private var writer: EventLineWriter
    private var events: EventCollector
    private var report = FT5x06Report()
    public private(set) var recovery = ControllerRecovery()
    private var nextPollAt: MonotonicInstant?
    /// Polling mode ignores reports until TD_STATUS first changes: what the controller holds
    /// before anyone touched it may be stale (the Raspberry Pi kernel driver does the same).
    private var pollGate = FT5x06TDStatusWatch()
    private var looks: ButtonRepaintTracker
    /// The instant of the last input handed to the pipeline: logical time never goes back.
    private var lastInputAt: MonotonicInstant
    /// Measures edge-to-event and edge-to-pixels for reports that changed something.
    public var latency: LatencyRecorder?
    /// The edge (or poll) instant of the report being handled.
    private var reportEdge: MonotonicInstant?

    public init(
        config: PanelConfiguration, reader: ReportReader, mode: TouchMode, actions: ActionRunner,
        output: OutputBuffer, surface: PanelSurface?, log: PanelLog, startedAt: MonotonicInstant
    ) {
        self.config = config
        self.reader = reader
        self.mode = mode
        self.actions = actions
        self.surface = surface
        self.log = log
        pipeline = config.makePipeline()
        writer = EventLineWriter(buttonNames: config.buttons.map { $0.name }, output: output, origin: startedAt)
        events = EventCollector()
        looks = ButtonRepaintTracker(layout: config.makeLayout())
        for index in actions.latched.indices where actions.latched[index] {
            looks.setLatched(index, true)
        }
        lastInputAt = startedAt
        if case .polling = mode {
            nextPollAt = startedAt
        }
        _ = looks.takeDirty()
        surface?.drawAll(config.buttons.indices.map { looks.visualState(ofButton: $0) })
        surface?.frameDone(at: startedAt)
    }

    /// The earliest instant the engine has work: a gesture deadline, a lost touch, the next
    /// poll, a controller probe, the end of a GPIO pulse. Nil: sleep until an fd wakes us.
    public var nextWakeup: MonotonicInstant? {
        var earliest = pipeline.nextDeadline
        for candidate in [recovery.isHealthy ? nextPollAt : nil, recovery.nextProbeAt, actions.nextDeadline] {
            if let candidate, earliest == nil || candidate < earliest! {
                earliest = candidate
            }
        }
        return earliest
    }

    /// The controller's INT line fell at `edgeAt` (the kernel's timestamp). The report is
    /// read now and takes the edge's instant: that is when the finger moved.
    public func interrupt(edgeAt: MonotonicInstant, now: MonotonicInstant) {
        guard recovery.isHealthy else { return }
        reportEdge = edgeAt
        readAndFeed(at: max(edgeAt, lastInputAt), now: now)
        reportEdge = nil
    }

    /// Everything due at `now`: polls, probes, pulse ends, gesture deadlines.
    public func tick(now: MonotonicInstant) {
        if let probeAt = recovery.nextProbeAt, probeAt <= now {
            do throws(ControllerFault) {
                try reader.probe()
                recovery.recovered()
                log.log("controller answers again")
                if case .polling = mode {
                    nextPollAt = now
                    pollGate.reset()
                }
            } catch {
                recovery.failed(at: now)
            }
        }
        if recovery.isHealthy, case .polling(let interval) = mode, let pollAt = nextPollAt, pollAt <= now {
            // Skipped polls are not made up: one read, then the next slot after now.
            let slots = (now - pollAt).nanoseconds / interval.nanoseconds + 1
            nextPollAt = pollAt + interval * slots
            reportEdge = now
            readAndFeed(at: max(now, lastInputAt), now: now, polled: true)
            reportEdge = nil
        }
        actions.tick(now: now)
        feed(now: now, fromDeadlines: true) { pipeline, sink in pipeline.advance(to: now, into: &sink) }
    }

    /// Every held touch is cancelled at `now` (a trace's `end`, a reload, a stop).
    public func cancelTouches(now: MonotonicInstant) {
        let at = max(now, lastInputAt)
        feed(now: at) { pipeline, sink in pipeline.cancelAllTouches(at: at, into: &sink) }
    }

    /// Stop (exit or reload): touches still held are cancelled (every `pressed` gets its end),
    /// tap sequences still waiting for a further tap fire as they would have (one `tap` with
    /// the taps they had, at release+W), pulses end.
    public func shutdown(now: MonotonicInstant) {
        cancelTouches(now: now)
        while let due = pipeline.classifier.nextDeadline {
            feed(now: due) { pipeline, sink in pipeline.advance(to: due, into: &sink) }
        }
        actions.endPulses()
        writer.flush()
    }

    private func readAndFeed(at instant: MonotonicInstant, now: MonotonicInstant, polled: Bool = false) {
        do throws(ControllerFault) {
            try reader.readReport(into: &report)
        } catch {
            log.log("controller: \(error.message); touches cancelled, probing again")
            recovery.failed(at: now)
            feed(now: instant) { pipeline, sink in pipeline.controllerFailed(at: instant, into: &sink) }
            return
        }
        if polled, report.count >= FT5x06Report.headerLength, !pollGate.accept(tdStatus: report[2]) {
            return
        }
        let current = report
        var outcome = FT5x06DecodeOutcome.frame(TouchFrame())
        feed(now: instant) { pipeline, sink in outcome = pipeline.report(current, at: instant, into: &sink) }
        if case .malformed(let problem) = outcome {
            log.log("controller report dropped: \(ReportErrorText.describe(problem))")
        }
    }

    /// Runs one pipeline call, then writes the event lines, runs the actions and repaints.
    private func feed(
        now: MonotonicInstant, fromDeadlines: Bool = false, _ body: (inout TouchPipeline, inout EventCollector) -> Void
    ) {
        if lastInputAt < now { lastInputAt = now }
        events.removeAll()
        body(&pipeline, &events)
        guard !events.isEmpty else { return }
        for index in 0..<events.count {
            let event = events[index]
            if fromDeadlines { latency?.deadlineFired(logicalAt: event.at) }
            writer.receive(event)
            if actions.handle(event) {
                looks.setLatched(event.button, actions.latched[event.button])
            }
            looks.receive(event)
        }
        writer.flush()
        if let edge = reportEdge { latency?.eventsWritten(sinceEdge: edge) }
        var dirty = looks.takeDirty()
        guard !dirty.isEmpty, let surface else { return }
        while let button = dirty.popFirst() {
            surface.draw(button: button, state: looks.visualState(ofButton: button))
        }
        if let edge = reportEdge { latency?.framePainted(sinceEdge: edge) }
        surface.frameDone(at: events[events.count - 1].at)
    }
}

/// Collects one pipeline call's events; its storage is reserved once and reused.
struct EventCollector: GestureEventSink {
    private var events: [GestureEvent] = []

    init() {
        events.reserveCapacity(64)
    }

    var count: Int { events.count }
    var isEmpty: Bool { events.isEmpty }
    subscript(index: Int) -> GestureEvent { events[index] }

    mutating func receive(_ event: GestureEvent) {
        events.append(event)
    }

    mutating func removeAll() {
        events.removeAll(keepingCapacity: true)
    }
}
