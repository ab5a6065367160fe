import CLinux
import LinuxSystem
import PanelDrivers
import PanelEngine
import TouchCore

/// An INT line driven by the test. Pollable by default: `pushEdge` writes a byte to a pipe
/// so a real poll() wakes up; `pollable: false` gives pollDescriptor -1 for code that is
/// driven directly.
final class FakeInterruptSource: InterruptSource {
    let pollDescriptor: Int32
    private let writeEnd: Int32
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
            pollDescriptor = ends[0]
            writeEnd = ends[1]
        } else {
            pollDescriptor = -1
            writeEnd = -1
        }
    }

    deinit {
        if pollDescriptor >= 0 { close(pollDescriptor) }
        if writeEnd >= 0 { close(writeEnd) }
    }

    /// A falling edge at `instant`, pending until the next read.
    func pushEdge(at instant: MonotonicInstant) {
        pending.append(instant)
        if writeEnd >= 0 {
            var byte: UInt8 = 1
            _ = write(writeEnd, &byte, 1)
        }
    }

    var pendingEdges: Int { pending.count }

    func readEdges() throws(GPIOError) -> MonotonicInstant? {
        reads += 1
        if let error = failNextRead {
            failNextRead = nil
            throw error
        }
        if pollDescriptor >= 0 {
            var scratch = [UInt8](repeating: 0, count: 64)
            while read(pollDescriptor, &scratch, scratch.count) > 0 {}
        }
        let latest = pending.max()
        pending.removeAll()
        return latest
    }
}
