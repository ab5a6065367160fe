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

    /// The line a refusal after the last line names: the `down` of the touch left down; nil
    /// for a raw touch, which no one line put down.
    public var downLine: Int? {
        if case .touchStillDown(_, let sinceLine) = self { return sinceLine }
        return nil
    }
}

/// The trace rules that need no decoder, in one book for both players of traces: `replay`
/// (`TraceReplayer`) and the simulated board (`TouchScript`), so that both refuse a line
/// that breaks them with the same error. Time never goes back, a point-line touch goes down
/// once and comes up before the trace ends, nothing follows `end`. Whether raw lines hold a
/// touch is the caller's to say: only a player that decodes them knows.
public struct TraceRules: Sendable {
    private var lastMs: Int64 = 0
    /// For each touch ID held by a point line, the line of its down (0: not held).
    private var pointDownLine = InlineArray<16, Int>(repeating: 0)
    private var endLine = 0

    public init() {}

    /// Checks `line`, number `lineNumber`, against the lines before it and notes what it
    /// holds or ends; nil when it keeps the rules. `heldByReport`: raw lines hold the touch
    /// ID of this `down` line.
    public mutating func check(_ line: TraceLine, lineNumber: Int, heldByReport: Bool = false) -> TraceReplayError? {
        guard let atMs = line.atMs else { return nil }
        guard endLine == 0 else { return .lineAfterEnd(endLine: endLine) }
        guard atMs >= lastMs else { return .timeWentBack(previousMs: lastMs) }
        lastMs = atMs
        switch line {
        case .blank, .report, .message, .homeAssistant, .presence:
            break
        case .point(_, let kind, let id, _):
            let slot = Int(id)
            switch kind {
            case .down:
                if pointDownLine[slot] != 0 { return .touchAlreadyDown(id: id, sinceLine: pointDownLine[slot]) }
                if heldByReport { return .touchHeldByReport(id: id) }
                pointDownLine[slot] = lineNumber
            case .move:
                if pointDownLine[slot] == 0 { return .touchNotDown(id: id) }
            case .up:
                if pointDownLine[slot] == 0 { return .touchNotDown(id: id) }
                pointDownLine[slot] = 0
            }
        case .end:
            endLine = lineNumber
            pointDownLine = InlineArray(repeating: 0)
        }
        return nil
    }

    /// The line of the point-line `down` that holds `id`, or nil.
    public func pointLine(holding id: UInt8) -> Int? {
        guard id < 16, pointDownLine[Int(id)] != 0 else { return nil }
        return pointDownLine[Int(id)]
    }

    /// After the last line: a point-line touch left down without `end`. Once a trace: built
    /// for size.
    @_optimize(size)
    public func finish() -> TraceReplayError? {
        for slot in 0..<16 where pointDownLine[slot] != 0 {
            return .touchStillDown(id: UInt8(truncatingIfNeeded: slot), sinceLine: pointDownLine[slot])
        }
        return nil
    }
}
