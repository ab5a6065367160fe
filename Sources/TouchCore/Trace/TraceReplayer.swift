/// What playing one line did.
public enum TraceStepOutcome: Equatable, Sendable {
    case played
    /// A raw report the controller could have sent but that is garbage: dropped, as live.
    case reportDropped(MalformedReport)
    case refused(TraceReplayError)
}

/// Plays a trace through a `TouchPipeline` with the trace's own logical times. Raw lines go
/// through the same decoders as live input (`RawReportDecoder`). Lines are checked against
/// `TraceRules`, plus the rules about raw touches, which need the decoder and the tracker.
public struct TraceReplayer: Sendable {
    public private(set) var pipeline: TouchPipeline
    public private(set) var decoder: RawReportDecoder
    private var rules = TraceRules()

    public init(pipeline: TouchPipeline, decoder: RawReportDecoder) {
        self.pipeline = pipeline
        self.decoder = decoder
    }

    @_optimize(speed)
    public mutating func play<Sink: GestureEventSink>(
        _ line: TraceLine, lineNumber: Int, into sink: inout Sink
    ) -> TraceStepOutcome {
        var heldByReport = false
        if case .point(_, .down, let id, _) = line {
            heldByReport = pipeline.tracker.isHeld(id: id)
        }
        if let refusal = rules.check(line, lineNumber: lineNumber, heldByReport: heldByReport) {
            return .refused(refusal)
        }
        switch line {
        case .blank:
            return .played
        case .point(let atMs, let kind, let id, let position):
            let now = MonotonicInstant.milliseconds(atMs)
            switch kind {
            case .down: pipeline.touch(.down(id: id, at: position), at: now, into: &sink)
            case .move: pipeline.touch(.move(id: id, to: position), at: now, into: &sink)
            case .up: pipeline.touch(.up(id: id, at: position), at: now, into: &sink)
            }
            return .played
        case .report(let atMs, let report):
            let now = MonotonicInstant.milliseconds(atMs)
            switch decoder.decode(report) {
            case .malformed(let error):
                pipeline.advance(to: now, into: &sink)
                return .reportDropped(error)
            case .pending:
                pipeline.advance(to: now, into: &sink)
                return .played
            case .frame(let frame):
                for index in 0..<frame.count {
                    let id = frame[index].id
                    if let sinceLine = rules.pointLine(holding: id) {
                        return .refused(.touchHeldByPointLine(id: id, sinceLine: sinceLine))
                    }
                }
                pipeline.frame(frame, at: now, into: &sink)
                return .played
            }
        case .message(let atMs, _, _), .homeAssistant(let atMs, _), .presence(let atMs, _):
            // State from outside changes no gesture (DESIGN.md rule 13): only time passes.
            pipeline.advance(to: .milliseconds(atMs), into: &sink)
            return .played
        case .end(let atMs):
            pipeline.cancelAllTouches(at: .milliseconds(atMs), into: &sink)
            return .played
        }
    }

    /// Fires what is due up to `now`: a caller that acts on events (the panel's `page`
    /// actions) does so before the line at `now` plays, as the live loop wakes at each deadline.
    @_optimize(speed)
    public mutating func advance<Sink: GestureEventSink>(to now: MonotonicInstant, into sink: inout Sink) {
        pipeline.advance(to: now, into: &sink)
    }

    /// Shows another page at `now` (rule 10), as a `page` action does on the panel.
    @_optimize(speed)
    public mutating func showPage<Sink: GestureEventSink>(_ page: Int, at now: MonotonicInstant, into sink: inout Sink) {
        pipeline.showPage(page, at: now, into: &sink)
    }

    /// After the last line: refuses a point touch left down without `end`, otherwise runs
    /// the remaining deadlines (lost raw touches, pending tap sequences).
    @_optimize(speed)
    public mutating func finish<Sink: GestureEventSink>(into sink: inout Sink) -> TraceReplayError? {
        if let refusal = rules.finish() { return refusal }
        if pipeline.tracker.lostAfter == nil {
            for slot in 0..<16 where pipeline.tracker.isHeld(id: UInt8(truncatingIfNeeded: slot)) {
                return .rawTouchStillDown(id: UInt8(truncatingIfNeeded: slot))
            }
        }
        while let due = pipeline.nextDeadline {
            pipeline.advance(to: due, into: &sink)
        }
        return nil
    }
}
