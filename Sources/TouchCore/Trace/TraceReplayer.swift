/// Why a well-formed trace line cannot be played.
public enum TraceReplayError: Equatable, Sendable {
    /// Lines must not go back in time.
    case timeWentBack(previousMs: Int64)
    case touchAlreadyDown(id: UInt8, sinceLine: Int)
    case touchNotDown(id: UInt8)
    /// Point lines and raw reports may share a trace but not a touch ID at the same time.
    case touchHeldByReport(id: UInt8)
    case touchHeldByPointLine(id: UInt8, sinceLine: Int)
    case lineAfterEnd(endLine: Int)
    /// Without `end`, a touch from a point line must be lifted before the trace ends.
    case touchStillDown(id: UInt8, sinceLine: Int)
    /// Without `end`, a touch from raw lines of a source that has no lost-touch timeout (an
    /// input device reports every lift) must be lifted before the trace ends.
    case rawTouchStillDown(id: UInt8)
}

/// What playing one line did.
public enum TraceStepOutcome: Equatable, Sendable {
    case played
    /// A raw report the controller could have sent but that is garbage: dropped, as live.
    case reportDropped(MalformedReport)
    case refused(TraceReplayError)
}

/// Plays a trace through a `TouchPipeline` with the trace's own logical times. Raw lines go
/// through the same decoders as live input (`RawReportDecoder`).
public struct TraceReplayer: Sendable {
    public private(set) var pipeline: TouchPipeline
    public private(set) var decoder: RawReportDecoder
    private var lastMs: Int64 = 0
    /// For each touch ID held by a point line, the line of its down (0: not held).
    private var pointDownLine = InlineArray<16, Int>(repeating: 0)
    private var endLine = 0

    public init(pipeline: TouchPipeline, decoder: RawReportDecoder) {
        self.pipeline = pipeline
        self.decoder = decoder
    }

    @_optimize(speed)
    public mutating func play<Sink: GestureEventSink>(
        _ line: TraceLine, lineNumber: Int, into sink: inout Sink
    ) -> TraceStepOutcome {
        if case .blank = line { return .played }
        guard endLine == 0 else { return .refused(.lineAfterEnd(endLine: endLine)) }
        switch line {
        case .blank:
            return .played
        case .point(let atMs, let kind, let id, let position):
            if let refusal = checkTime(atMs) { return refusal }
            let slot = Int(id)
            let now = MonotonicInstant.milliseconds(atMs)
            switch kind {
            case .down:
                if pointDownLine[slot] != 0 {
                    return .refused(.touchAlreadyDown(id: id, sinceLine: pointDownLine[slot]))
                }
                if pipeline.tracker.isHeld(id: id) { return .refused(.touchHeldByReport(id: id)) }
                pointDownLine[slot] = lineNumber
                pipeline.touch(.down(id: id, at: position), at: now, into: &sink)
            case .move:
                guard pointDownLine[slot] != 0 else { return .refused(.touchNotDown(id: id)) }
                pipeline.touch(.move(id: id, to: position), at: now, into: &sink)
            case .up:
                guard pointDownLine[slot] != 0 else { return .refused(.touchNotDown(id: id)) }
                pointDownLine[slot] = 0
                pipeline.touch(.up(id: id, at: position), at: now, into: &sink)
            }
            return .played
        case .report(let atMs, let report):
            if let refusal = checkTime(atMs) { return refusal }
            let now = MonotonicInstant.milliseconds(atMs)
            switch decoder.decode(report) {
            case .malformed(let error):
                pipeline.advance(to: now, into: &sink)
                return .reportDropped(error)
            case .pending:
                pipeline.advance(to: now, into: &sink)
                return .played
            case .frame(let frame):
                for index in 0..<frame.count where pointDownLine[Int(frame[index].id)] != 0 {
                    let id = frame[index].id
                    return .refused(.touchHeldByPointLine(id: id, sinceLine: pointDownLine[Int(id)]))
                }
                pipeline.frame(frame, at: now, into: &sink)
                return .played
            }
        case .end(let atMs):
            if let refusal = checkTime(atMs) { return refusal }
            endLine = lineNumber
            for slot in 0..<16 {
                pointDownLine[slot] = 0
            }
            pipeline.cancelAllTouches(at: .milliseconds(atMs), into: &sink)
            return .played
        }
    }

    /// After the last line: refuses a point touch left down without `end`, otherwise runs
    /// the remaining deadlines (lost raw touches, pending tap sequences).
    @_optimize(speed)
    public mutating func finish<Sink: GestureEventSink>(into sink: inout Sink) -> TraceReplayError? {
        for slot in 0..<16 where pointDownLine[slot] != 0 {
            return .touchStillDown(id: UInt8(truncatingIfNeeded: slot), sinceLine: pointDownLine[slot])
        }
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

    private mutating func checkTime(_ atMs: Int64) -> TraceStepOutcome? {
        guard atMs >= lastMs else { return .refused(.timeWentBack(previousMs: lastMs)) }
        lastMs = atMs
        return nil
    }
}
