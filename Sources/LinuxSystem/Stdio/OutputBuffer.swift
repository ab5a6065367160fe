import CLinux

/// Where whole lines go instead of a stdio stream: the live panel's event stream, which
/// never blocks on a slow reader.
public protocol LineSink: AnyObject {
    /// Whole lines, each ending in `\n`.
    func send(_ lines: [UInt8])
}

/// Bytes on their way to a stdio stream. The buffer is reserved once and reused, so writing
/// event lines does not allocate on the way.
public struct OutputBuffer {
    private let stream: UnsafeMutablePointer<FILE>
    /// The live panel's event lines go here instead of `stream`: a slow reader never blocks it.
    private let events: LineSink?
    private var bytes: [UInt8] = []
    private let flushThreshold: Int

    public init(stream: UnsafeMutablePointer<FILE>, capacity: Int = 16384) {
        self.stream = stream
        events = nil
        flushThreshold = capacity - 512
        bytes.reserveCapacity(capacity)
    }

    /// Whole lines through `events` (stdout, never blocking).
    public init(events: LineSink, capacity: Int = 16384) {
        stream = clinux_stdout()
        self.events = events
        flushThreshold = capacity - 512
        bytes.reserveCapacity(capacity)
    }

    public static func standardOutput() -> OutputBuffer { OutputBuffer(stream: clinux_stdout()) }
    public static func standardError() -> OutputBuffer { OutputBuffer(stream: clinux_stderr(), capacity: 1024) }

    public mutating func write(_ text: StaticString) {
        let start = text.utf8Start
        for index in 0..<text.utf8CodeUnitCount {
            bytes.append(start[index])
        }
    }

    public mutating func write(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    public mutating func write(bytes more: [UInt8]) {
        bytes.append(contentsOf: more)
    }

    public mutating func write(byte: UInt8) {
        bytes.append(byte)
    }

    /// Decimal digits without going through String.
    public mutating func write(decimal value: Int64) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
        }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            while count > 0 {
                count -= 1
                bytes.append(buffer[count])
            }
        }
    }

    /// Writes out when the buffer is nearly full; `flush()` writes out now.
    public mutating func flushIfFull() {
        if bytes.count >= flushThreshold { flush() }
    }

    /// Lines nobody can take (the reader closed the pipe: EPIPE, SIGPIPE being ignored) are
    /// dropped; the stream's error is cleared so that a later reader gets the lines after them.
    public mutating func flush() {
        guard !bytes.isEmpty else { return }
        if let events {
            events.send(bytes)
            bytes.removeAll(keepingCapacity: true)
            return
        }
        bytes.withUnsafeBufferPointer { buffer in
            _ = fwrite(buffer.baseAddress, 1, buffer.count, stream)
        }
        if fflush(stream) != 0 || ferror(stream) != 0 { clearerr(stream) }
        bytes.removeAll(keepingCapacity: true)
    }
}
