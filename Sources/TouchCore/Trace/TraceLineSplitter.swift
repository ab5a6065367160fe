/// Cuts a trace into its lines, numbered from 1, for every reader of traces (`replay`, the
/// simulated board, the fuzzer): so that a line number in any message points at the same
/// line. Holds only where the next line starts, so a caller may keep it between lines while
/// the trace's bytes move.
public struct TraceLineSplitter: Sendable {
    /// The number of the line `next` returned last; 0 before the first.
    public private(set) var lineNumber = 0
    private var start = 0

    public init() {}

    /// The next line of `trace`, without its `\n`; nil after the last one. Pass the same
    /// trace every time.
    public mutating func next(in trace: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        if lineNumber == 0 {
            start = TraceLineSplitter.contentStart(of: trace)
        }
        guard start < trace.count else { return nil }
        var end = start
        while end < trace.count && trace[end] != UInt8(ascii: "\n") {
            end += 1
        }
        let line = UnsafeBufferPointer(rebasing: trace[start..<end])
        start = end + 1
        lineNumber += 1
        return line
    }

    /// Where a trace's first line starts: after a UTF-8 byte order mark, if the editor that
    /// saved it wrote one (configs accept one too).
    private static func contentStart(of trace: UnsafeBufferPointer<UInt8>) -> Int {
        trace.count >= 3 && trace[0] == 0xEF && trace[1] == 0xBB && trace[2] == 0xBF ? 3 : 0
    }
}
