/// The whole hot path of DESIGN.md section 1 after the bus read: decode, transform, track,
/// classify. One value, so the firmware loop, the replay command and the benchmarks drive
/// exactly the same code.
public struct TouchPipeline: Sendable {
    public var codec: FT5x06Codec
    public var transform: CoordinateTransform
    public private(set) var tracker: TouchTracker
    public private(set) var classifier: GestureClassifier

    public init(codec: FT5x06Codec, transform: CoordinateTransform, lostAfter: MonotonicDuration, layout: ButtonLayout) {
        self.codec = codec
        self.transform = transform
        tracker = TouchTracker(lostAfter: lostAfter)
        classifier = GestureClassifier(layout: layout)
    }

    /// The earliest instant at which `advance(to:)` has work: a gesture deadline, or the
    /// instant held touches count as lost.
    public var nextDeadline: MonotonicInstant? {
        let gesture = classifier.nextDeadline
        guard let lost = tracker.deadline else { return gesture }
        guard let gesture else { return lost }
        return lost < gesture ? lost : gesture
    }

    /// Fires everything due at or before `now`, in time order. One rule for equal instants
    /// everywhere: gesture deadlines fire before any input at the same instant, a lost-touch
    /// cancel included.
    public mutating func advance<Sink: GestureEventSink>(to now: MonotonicInstant, into sink: inout Sink) {
        while let lostAt = tracker.deadline, lostAt <= now {
            classifier.handle(.deadline, at: lostAt, into: &sink)
            if tracker.cancelAll() {
                classifier.handle(.touch(.cancelAll), at: lostAt, into: &sink)
            }
        }
        classifier.handle(.deadline, at: now, into: &sink)
    }

    /// One report read from the controller at `now`. A malformed report is dropped whole
    /// and returned for the log; it does not count as a frame for lost-touch detection.
    @discardableResult
    public mutating func report<Sink: GestureEventSink>(
        _ report: FT5x06Report, at now: MonotonicInstant, into sink: inout Sink
    ) -> FT5x06DecodeOutcome {
        let outcome = codec.decode(report)
        switch outcome {
        case .frame(let frame):
            self.frame(frame, at: now, into: &sink)
        case .malformed:
            advance(to: now, into: &sink)
        }
        return outcome
    }

    /// A decoded report's frame (controller coordinates) at `now`: transform, track, classify.
    public mutating func frame<Sink: GestureEventSink>(_ frame: TouchFrame, at now: MonotonicInstant, into sink: inout Sink) {
        advance(to: now, into: &sink)
        var frame = frame
        for index in 0..<frame.count {
            frame[index].position = transform.apply(frame[index].position)
        }
        let inputs = tracker.track(frame, at: now)
        for index in 0..<inputs.count {
            classifier.handle(.touch(inputs[index]), at: now, into: &sink)
        }
    }

    /// The controller failed (an I2C error): every held touch is cancelled (rule 7).
    public mutating func controllerFailed<Sink: GestureEventSink>(at now: MonotonicInstant, into sink: inout Sink) {
        cancelAllTouches(at: now, into: &sink)
    }

    /// Every held touch, from reports or from direct inputs, is cancelled at `now`.
    public mutating func cancelAllTouches<Sink: GestureEventSink>(at now: MonotonicInstant, into sink: inout Sink) {
        advance(to: now, into: &sink)
        _ = tracker.cancelAll()
        classifier.handle(.touch(.cancelAll), at: now, into: &sink)
    }

    /// A touch input already in display pixels (trace point lines), bypassing the tracker.
    public mutating func touch<Sink: GestureEventSink>(_ input: TouchInput, at now: MonotonicInstant, into sink: inout Sink) {
        advance(to: now, into: &sink)
        classifier.handle(.touch(input), at: now, into: &sink)
    }
}
