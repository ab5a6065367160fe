import CLinux
import LinuxSystem
import PanelEngine
@testable import PanelTestSupport
import Testing

@Suite("Event lines to a slow or closed reader: never blocking, lines whole, drops counted")
struct EventStreamTests {
    /// A reader that takes `room` bytes, then would block; or is gone.
    final class ScriptedReader: EventDescriptor {
        var room = Int.max
        var gone = false
        var received: [UInt8] = []
        var text: String { String(decoding: received, as: UTF8.self) }
        let pollDescriptor = FileDescriptor(rawValue: 99)

        func write(_ bytes: UnsafeRawBufferPointer) -> EventWriteResult {
            if gone { return .closed }
            guard room > 0 else { return .wouldBlock }
            let count = min(room, bytes.count)
            received.append(contentsOf: bytes[0..<count])
            room -= count
            return .wrote(count)
        }
    }

    static func line(_ n: Int) -> [UInt8] {
        Array(#"{"t_ms":\#(n),"button":"a","event":"pressed"}"#.utf8) + [UInt8(ascii: "\n")]
    }

    @Test func aReaderThatKeepsUpGetsEveryLineAtOnce() {
        let reader = ScriptedReader()
        let stream = EventStream(descriptor: reader, log: RecordingLog())
        stream.send(Self.line(1) + Self.line(2))
        #expect(reader.text == String(decoding: Self.line(1) + Self.line(2), as: UTF8.self))
        #expect(!stream.wantsWritable)
    }

    @Test func aLineTheReaderTookPartOfIsFinishedWhenItCatchesUp() {
        let reader = ScriptedReader()
        reader.room = 10
        let log = RecordingLog()
        let stream = EventStream(descriptor: reader, log: log)
        stream.send(Self.line(1) + Self.line(2))
        #expect(reader.received.count == 10)
        #expect(stream.wantsWritable)
        #expect(stream.backlogBytes == Self.line(1).count + Self.line(2).count - 10)
        reader.room = Int.max
        stream.writeBacklog()
        #expect(reader.received == Self.line(1) + Self.line(2))
        #expect(!stream.wantsWritable)
        #expect(log.lines.isEmpty)
    }

    @Test func linesBeyondTheBacklogAreDroppedWholeAndCounted() {
        let reader = ScriptedReader()
        reader.room = 0
        let log = RecordingLog()
        let stream = EventStream(descriptor: reader, log: log)
        let size = Self.line(1000).count   // every line below has a four-digit time: one size
        let fitting = EventStream.backlogCapacity / size
        for n in 1000..<(1000 + fitting + 7) { stream.send(Self.line(n)) }
        #expect(stream.backlogBytes == fitting * size)
        #expect(stream.droppedLines == 7)
        #expect(log.entries.map { $0.line } == ["event lines: stdout's reader is behind; dropping lines until it catches up"])
        reader.room = Int.max
        stream.writeBacklog()
        // The lines kept are the first ones, in order, each whole.
        let lines = reader.text.split(separator: "\n")
        #expect(lines.count == fitting)
        #expect(lines.first == #"{"t_ms":1000,"button":"a","event":"pressed"}"#)
        #expect(lines.last == #"{"t_ms":\#(1000 + fitting - 1),"button":"a","event":"pressed"}"#)
        #expect(log.lines.last == "event lines: 7 dropped while stdout's reader was behind")
        #expect(log.entries.last?.priority == .warning)
        #expect(stream.droppedLines == 0)
    }

    @Test func aReaderThatIsGoneCostsOnlyTheLinesNobodyReads() {
        let reader = ScriptedReader()
        reader.gone = true
        let log = RecordingLog()
        let stream = EventStream(descriptor: reader, log: log)
        stream.send(Self.line(1) + Self.line(2))
        stream.send(Self.line(3))
        #expect(stream.readerGone)
        #expect(stream.droppedLines == 3)
        #expect(!stream.wantsWritable)
        #expect(log.lines == ["event lines: stdout's reader is gone (EPIPE); lines are dropped from now on, the panel goes on"])
    }

    @Test func aRealPipeThatIsFullNeverBlocksTheWriter() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        #expect(clinux_set_nonblocking(ends[1]) == 0)
        let writer = PipeWriter(descriptor: FileDescriptor(rawValue: ends[1]))
        let log = RecordingLog()
        let stream = EventStream(descriptor: writer, log: log)
        // 64 KiB of pipe plus 64 KiB of backlog, then drops: every send returns at once.
        let line = Self.line(1000)
        let sent = 3 * 65_536 / line.count
        for _ in 0..<sent { stream.send(line) }
        let fitting = EventStream.backlogCapacity / line.count
        #expect(stream.droppedLines > 0)
        #expect(stream.backlogBytes == fitting * line.count)
        #expect(clinux_set_nonblocking(ends[0]) == 0)
        var received = 0
        var buffer = [UInt8](repeating: 0, count: 65_536)
        func drainPipe() {
            while true {
                let count = read(ends[0], &buffer, buffer.count)
                guard count > 0 else { return }
                received += count
            }
        }
        repeat {
            drainPipe()
            stream.writeBacklog()
        } while stream.wantsWritable
        drainPipe()
        // Every line the reader got is whole, and every line sent was either read or counted.
        #expect(received % line.count == 0)
        let dropped = sent - received / line.count
        #expect(dropped > 0)
        #expect(log.lines == [
            "event lines: stdout's reader is behind; dropping lines until it catches up",
            "event lines: \(dropped) dropped while stdout's reader was behind",
        ])
    }

    /// A plain non-blocking descriptor, as `StandardOutputEvents` writes a pipe.
    final class PipeWriter: EventDescriptor {
        let pollDescriptor: FileDescriptor
        init(descriptor: FileDescriptor) { pollDescriptor = descriptor }
        func write(_ bytes: UnsafeRawBufferPointer) -> EventWriteResult {
            let result = tp_event_descriptor_write(pollDescriptor.rawValue, Int32(TP_EVENT_NONBLOCKING), bytes.baseAddress, bytes.count)
            if result >= 0 { return .wrote(Int(result)) }
            return -result == Int(EAGAIN) ? .wouldBlock : .failed(Errno(Int32(-result)))
        }
    }
}
