/// The whole hot path of DESIGN.md section 1 above the input seam: transform, track, the
/// wake gate of idle blanking, classify. It takes TouchFrames in controller coordinates with their instants, whichever
/// source decoded them, and names no controller. One value, so the firmware loop, the
/// simulated board, the replay command and the benchmarks drive exactly the same code.
public struct TouchPipeline: Sendable {
    public var transform: CoordinateTransform
    public private(set) var tracker: TouchTracker
    public private(set) var classifier: GestureClassifier
    public private(set) var wakeGate: WakeGate

    /// `lostAfter`: nil for a source that sends nothing while fingers rest (see `TouchTracker`).
    /// `idle`: the blanking times, nil for a panel without `[backlight]`; `startedAt` is
    /// where its idle time starts.
    public init(
        transform: CoordinateTransform, lostAfter: MonotonicDuration?, layout: ButtonLayout,
        pages: PageLayout = PageLayout(), sliders: SliderLayout = SliderLayout(), idle: IdleTimings? = nil,
        startedAt: MonotonicInstant = MonotonicInstant(nanoseconds: 0), awayAfter: MonotonicDuration? = nil
    ) {
        self.transform = transform
        tracker = TouchTracker(lostAfter: lostAfter)
        classifier = GestureClassifier(layout: layout, pages: pages, sliders: sliders)
        wakeGate = WakeGate(timings: idle, startedAt: startedAt, awayAfter: awayAfter)
    }

    /// The earliest instant at which `advance(to:)` has work: a gesture deadline, the
    /// instant held touches count as lost, or the end of an idle time.
    public var nextDeadline: MonotonicInstant? {
        MonotonicInstant.earliest(MonotonicInstant.earliest(classifier.nextDeadline, tracker.deadline), wakeGate.deadline)
    }

    /// `nextDeadline` for a caller that holds the pipeline in a class (the panel engine):
    /// mutating only so that it is read in place. Through the getter, each read copied the
    /// whole pipeline (about 9 KB) first, on every turn of the loop.
    public mutating func earliestDeadline() -> MonotonicInstant? {
        MonotonicInstant.earliest(MonotonicInstant.earliest(classifier.nextDeadline, tracker.deadline), wakeGate.deadline)
    }

    /// `earliestDeadline()` without the idle time's end (dim, off): what a played-out trace
    /// still waits for, since blanking a panel nobody touches any more shows nothing new.
    public mutating func earliestDeadlineBesidesIdle() -> MonotonicInstant? {
        MonotonicInstant.earliest(classifier.nextDeadline, tracker.deadline)
    }

    /// Enables or disables a button for the touches that go down from now on.
    public mutating func setEnabled(_ index: Int, _ enabled: Bool) {
        classifier.setEnabled(index, enabled)
    }

    /// A value from outside for a slider, as a step, at `now` (rule 12).
    @_optimize(speed)
    public mutating func setSliderStep<Sink: GestureEventSink>(_ index: Int, _ step: Int32, at now: MonotonicInstant, into sink: inout Sink) {
        advance(to: now, into: &sink)
        classifier.setSliderStep(index, step, at: now, into: &sink)
    }

    public mutating func setSliderEnabled(_ index: Int, _ enabled: Bool) {
        classifier.setSliderEnabled(index, enabled)
    }

    /// Slider `index` spans `stepCount` steps from now on (its entity stated its own range).
    public mutating func setSliderStepCount(_ index: Int, _ stepCount: Int32) {
        classifier.setSliderStepCount(index, stepCount)
    }

    /// Says whether a command `index` started still runs (it keeps its interlock group).
    public mutating func setCommandsRunning(_ index: Int, _ running: Bool) {
        classifier.setCommandsRunning(index, running)
    }

    /// Shows another page at `now`, after everything due before it (rule 10).
    @_optimize(speed)
    public mutating func showPage<Sink: GestureEventSink>(_ page: Int, at now: MonotonicInstant, into sink: inout Sink) {
        advance(to: now, into: &sink)
        classifier.showPage(page, at: now, into: &sink)
    }

    /// Wake or blank from outside (the control socket) at `now`.
    @_optimize(speed)
    public mutating func power<Sink: GestureEventSink>(_ input: PanelPower.Input, at now: MonotonicInstant, into sink: inout Sink) {
        advance(to: now, into: &sink)
        wakeGate.apply(input, at: now, into: &sink)
    }

    /// `[presence]` changed at `now`, after everything due before it.
    @_optimize(speed)
    public mutating func setPresent<Sink: GestureEventSink>(_ present: Bool, at now: MonotonicInstant, into sink: inout Sink) {
        advance(to: now, into: &sink)
        wakeGate.setPresent(present, at: now, into: &sink)
    }

    /// The idle times from `now` on (the night schedule's change), after everything due before it.
    @_optimize(speed)
    public mutating func setIdleTimings<Sink: GestureEventSink>(_ timings: IdleTimings, at now: MonotonicInstant, into sink: inout Sink) {
        advance(to: now, into: &sink)
        wakeGate.setTimings(timings, at: now, into: &sink)
    }

    /// Fires everything due at or before `now`, in time order. One rule for equal instants
    /// everywhere: gesture deadlines fire before any input at the same instant, a lost-touch
    /// cancel included.
    @_optimize(speed)
    public mutating func advance<Sink: GestureEventSink>(to now: MonotonicInstant, into sink: inout Sink) {
        // Most reports come with nothing due: no work, not even the classifier's own check.
        guard hasWorkDue(at: now) else { return }
        while let lostAt = tracker.deadline, lostAt <= now {
            classifier.handle(.deadline, at: lostAt, into: &sink)
            // Only the touches the tracker held are lost: a touch from a trace's point line
            // (which bypasses the tracker) goes on.
            var lost = tracker.cancelAll()
            while let id = TouchTracker.takeLowestID(&lost) {
                classify(.cancel(id: id), at: lostAt, into: &sink)
            }
        }
        while let idleEnd = wakeGate.deadline, idleEnd <= now {
            classifier.handle(.deadline, at: idleEnd, into: &sink)
            _ = wakeGate.advance(to: idleEnd, into: &sink)
        }
        classifier.handle(.deadline, at: now, into: &sink)
    }

    /// Whether anything is due at or before `now`. Mutating on purpose, like
    /// `earliestDeadline`; and it stops at the first field that is due, which on the firmware
    /// costs about 30 instructions a report less than comparing `earliestDeadline()`.
    @inline(__always)
    private mutating func hasWorkDue(at now: MonotonicInstant) -> Bool {
        if let at = classifier.nextDeadline, at <= now { return true }
        if let at = tracker.deadline, at <= now { return true }
        if let at = wakeGate.deadline, at <= now { return true }
        return false
    }

    /// One input through the wake gate to the classifier.
    @inline(__always)
    @_optimize(speed)
    private mutating func classify<Sink: GestureEventSink>(_ input: TouchInput, at now: MonotonicInstant, into sink: inout Sink) {
        guard let passed = wakeGate.pass(input, at: now, into: &sink) else { return }
        classifier.handle(.touch(passed), at: now, into: &sink)
    }

    /// A frame in controller coordinates, measured at `now`: deadlines due up to `now` fire
    /// first, then the frame is transformed, tracked and classified. A report that decoded
    /// to nothing (malformed, not ready) is no frame: the caller calls `advance` instead, and
    /// it does not count for lost-touch detection.
    @_optimize(speed)
    public mutating func frame<Sink: GestureEventSink>(_ frame: TouchFrame, at now: MonotonicInstant, into sink: inout Sink) {
        advance(to: now, into: &sink)
        for index in 0..<frame.count {
            var point = frame[index]
            point.position = transform.apply(point.position)
            switch tracker.track(point) {
            case .unchanged:
                break
            case .input(let input):
                classify(input, at: now, into: &sink)
            case .replaced(let up, let down):
                classify(up, at: now, into: &sink)
                classify(down, at: now, into: &sink)
            }
        }
        var vanished = tracker.endFrame(at: now)
        while let id = TouchTracker.takeLowestID(&vanished) {
            classify(.up(id: id, at: tracker.lastPosition(of: id)), at: now, into: &sink)
        }
    }

    /// Every held touch, from frames or from direct inputs, is cancelled at `now`: the source
    /// failed (rule 7), a trace's `end`, a reload, a stop.
    @_optimize(speed)
    public mutating func cancelAllTouches<Sink: GestureEventSink>(at now: MonotonicInstant, into sink: inout Sink) {
        advance(to: now, into: &sink)
        tracker.cancelAll()
        classify(.cancelAll, at: now, into: &sink)
    }

    /// The button a touch going down at `point` (display pixels) would land on now (rules 1
    /// and 10), enabled or not; nil: none.
    public mutating func button(at point: Point) -> Int? {
        classifier.button(at: point)
    }

    /// A touch input already in display pixels (trace point lines), bypassing the tracker.
    @_optimize(speed)
    public mutating func touch<Sink: GestureEventSink>(_ input: TouchInput, at now: MonotonicInstant, into sink: inout Sink) {
        advance(to: now, into: &sink)
        classify(input, at: now, into: &sink)
    }
}
