import CLinux
import LinuxSystem
import PanelDrivers
import PanelEngine
import TouchCore

/// An INT line driven by the test. Pollable by default: `pushEdge` writes a byte to a pipe
/// so a real poll() wakes up; `pollable: false` gives no pollDescriptor, for code that is
/// driven directly.
final class FakeInterruptSource: InterruptSource {
    let pollDescriptor: FileDescriptor?
    private let writeEnd: FileDescriptor?
    private var pending: [MonotonicInstant] = []
    /// How often the code under test drained the line.
    private(set) var reads = 0
    /// The next read fails with this error.
    var failNextRead: GPIOError?

    init(pollable: Bool = true) {
        if pollable {
            var ends: [Int32] = [-1, -1]
            let result = pipe(&ends)
            precondition(result == 0, "pipe failed")
            _ = clinux_set_nonblocking(ends[0])
            _ = clinux_set_nonblocking(ends[1])
            pollDescriptor = FileDescriptor(rawValue: ends[0])
            writeEnd = FileDescriptor(rawValue: ends[1])
        } else {
            pollDescriptor = nil
            writeEnd = nil
        }
    }

    deinit {
        try? pollDescriptor?.close()
        try? writeEnd?.close()
    }

    /// A falling edge at `instant`, pending until the next read.
    func pushEdge(at instant: MonotonicInstant) {
        pending.append(instant)
        if let writeEnd {
            var byte: UInt8 = 1
            _ = write(writeEnd.rawValue, &byte, 1)
        }
    }

    var pendingEdges: Int { pending.count }

    func readEdges() throws(GPIOError) -> MonotonicInstant? {
        reads += 1
        if let error = failNextRead {
            failNextRead = nil
            throw error
        }
        if let pollDescriptor {
            var scratch = [UInt8](repeating: 0, count: 64)
            while read(pollDescriptor.rawValue, &scratch, scratch.count) > 0 {}
        }
        let latest = pending.max()
        pending.removeAll()
        return latest
    }
}
