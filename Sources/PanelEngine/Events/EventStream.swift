import LinuxSystem

/// Event lines on their way to a reader that may be slow or gone. Nothing here ever waits:
/// what the reader cannot take now waits in a backlog of at most `backlogCapacity` bytes,
/// written as the descriptor becomes writable (the loop polls it for POLLOUT while
/// `wantsWritable`). A line that does not fit is dropped whole, never cut; a line begun is
/// always finished. Lines to a reader that is gone are dropped. The log says when dropping
/// begins and, once the reader has caught up, how many lines were lost.
public final class EventStream: LineSink {
    public static let backlogCapacity = 65_536

    private let descriptor: EventDescriptor
    private let log: PanelLog
    private var backlog: [UInt8] = []
    /// Lines dropped since the reader last caught up.
    public private(set) var droppedLines = 0
    public private(set) var readerGone = false

    public init(descriptor: EventDescriptor, log: PanelLog) {
        self.descriptor = descriptor
        self.log = log
        backlog.reserveCapacity(EventStream.backlogCapacity)
    }

    public var wantsWritable: Bool { !backlog.isEmpty && !readerGone }
    public var pollDescriptor: FileDescriptor { descriptor.pollDescriptor }
    public var backlogBytes: Int { backlog.count }

    /// Whole lines, each ending in `\n`.
    public func send(_ lines: [UInt8]) {
        guard !lines.isEmpty else { return }
        if readerGone {
            droppedLines += EventStream.lineCount(lines[...])
            return
        }
        var written = 0
        if backlog.isEmpty {
            switch lines.withUnsafeBytes({ descriptor.write($0) }) {
            case .wrote(let count): written = count
            case .wouldBlock: break
            case .closed:
                gone(dropping: lines[...])
                return
            case .failed(let errno):
                log.error("event lines: write to stdout failed: \(errno.message); \(EventStream.lineCount(lines[...])) dropped")
                return
            }
        }
        guard written < lines.count else { return }
        var rest = lines[written...]
        if written > 0 && lines[written - 1] != UInt8(ascii: "\n") {
            // The reader took part of a line: the rest of it goes first, whatever the room.
            let end = rest.firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? rest.endIndex
            backlog.append(contentsOf: rest[..<end])
            rest = rest[end...]
        }
        while let newline = rest.firstIndex(of: UInt8(ascii: "\n")) {
            let line = rest[...newline]
            if backlog.count + line.count <= EventStream.backlogCapacity {
                backlog.append(contentsOf: line)
            } else {
                if droppedLines == 0 {
                    log.warning("event lines: stdout's reader is behind; dropping lines until it catches up")
                }
                droppedLines += 1
            }
            rest = rest[(newline + 1)...]
        }
    }

    /// Writes what the reader takes now; call when the descriptor polls writable.
    public func writeBacklog() {
        while !backlog.isEmpty && !readerGone {
            switch backlog.withUnsafeBytes({ descriptor.write($0) }) {
            case .wrote(let count):
                backlog.removeFirst(count)
                if count == 0 { return }
            case .wouldBlock:
                return
            case .closed:
                gone(dropping: backlog[...])
                backlog.removeAll(keepingCapacity: true)
                return
            case .failed(let errno):
                log.error("event lines: write to stdout failed: \(errno.message); \(EventStream.lineCount(backlog[...])) dropped")
                backlog.removeAll(keepingCapacity: true)
                return
            }
        }
        if backlog.isEmpty && droppedLines > 0 {
            log.warning("event lines: \(droppedLines) dropped while stdout's reader was behind")
            droppedLines = 0
        }
    }

    private func gone(dropping lines: ArraySlice<UInt8>) {
        readerGone = true
        droppedLines += EventStream.lineCount(lines)
        log.warning("event lines: stdout's reader is gone (EPIPE); lines are dropped from now on, the panel goes on")
    }

    static func lineCount(_ bytes: ArraySlice<UInt8>) -> Int {
        var count = 0
        for byte in bytes where byte == UInt8(ascii: "\n") { count += 1 }
        return count
    }
}
