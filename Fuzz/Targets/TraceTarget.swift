import TouchCore

/// Trace text: every line through the parser, and every parsed line through the replayer
/// over an FT5x06 panel, as `touchpanel replay` plays them; the events must keep the rules.
/// Lines past an hour of trace time are parsed but not played: a repeat button held for
/// years rightly repeats every 100 ms for years (the first long run timed out on a 405 billion
/// ms hold), and the parser's limits at the end of time have unit tests of their own.
/// An hour.
let playedMs: Int64 = 3_600_000

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTrace(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var layout = ButtonLayout()
    layout.append(ButtonSpec(rect: Rect(x: 0, y: 0, width: 400, height: 240), highestTapCount: 2, listensForLongPress: true))
    layout.append(ButtonSpec(rect: Rect(x: 400, y: 0, width: 400, height: 240), highestTapCount: 1, listensForRepeat: true))
    var replayer = TraceReplayer(
        pipeline: TouchPipeline(transform: .identity(width: 800, height: 480), lostAfter: .milliseconds(200), layout: layout),
        decoder: RawReportDecoder(model: .ft5406, width: 800, height: 480))
    var sink = InvariantSink(buttons: 2)
    let text = UnsafeBufferPointer(start: data, count: size)
    var lines = TraceLineSplitter()
    while let line = lines.next(in: text) {
        let lineNumber = lines.lineNumber
        guard case .line(let parsed) = TraceLineParser.parse(line) else { return 0 }
        switch parsed {
        case .point(let atMs, _, _, _), .report(let atMs, _), .end(let atMs):
            guard atMs <= playedMs else { return 0 }
        default:
            break
        }
        if case .point(let atMs, _, _, _) = parsed { sink.now = .milliseconds(atMs) }
        if case .report(let atMs, _) = parsed { sink.now = .milliseconds(atMs) }
        if case .end(let atMs) = parsed { sink.now = .milliseconds(atMs) }
        if case .refused = replayer.play(parsed, lineNumber: lineNumber, into: &sink) { return 0 }
        if let violation = sink.violation { fatalError("trace line \(lineNumber): \(violation)") }
    }
    sink.now = .milliseconds(playedMs + 3_600_000)
    _ = replayer.finish(into: &sink)
    if let violation = sink.violation { fatalError("trace, at the end: \(violation)") }
    return 0
}
