import CLinux
import Foundation
import LinuxSystem
import Testing

/// A file's mapping is examined before it is read: a file cut short since it was mapped, or a
/// page that cannot be read, is a reason in words and never a SIGBUS (issue 43, item 2).
@Suite("Mapped files")
struct MappedFileTests {
    private func file(_ path: String, bytes: Int) {
        _ = FileManager.default.createFile(atPath: path, contents: Data(repeating: 0x5A, count: bytes))
    }

    @Test func aFileAsItWasMappedIsReadable() throws {
        try inTemporaryDirectory(named: "mapped") { directory in
            file(directory + "/page.fb", bytes: 3 * 4_096 + 100)
            guard case .success(let mapped?) = MappedFile.open(path: directory + "/page.fb", byteCount: 3 * 4_096 + 100) else {
                Issue.record("not mapped")
                return
            }
            #expect(mapped.change() == nil)
            #expect(clinux_mapping_readable(mapped.bytes.baseAddress, mapped.bytes.count) == 1)
        }
    }

    /// The guard alone: the pages past the cut give SIGBUS, which it catches, and the
    /// process's SIGBUS handler is the one it had again after it.
    @Test func pagesPastACutAreFoundUnreadableWithoutASignal() throws {
        try inTemporaryDirectory(named: "mapped") { directory in
            let path = directory + "/page.fb"
            file(path, bytes: 4 * 4_096)
            guard case .success(let mapped?) = MappedFile.open(path: path, byteCount: 4 * 4_096) else {
                Issue.record("not mapped")
                return
            }
            // Read between guards: the tests run on many threads, each guard in turn.
            let before = clinux_sigbus_handler()
            #expect(truncate(path, 4_096) == 0)
            #expect(clinux_mapping_readable(mapped.bytes.baseAddress, 4_096) == 1)
            #expect(clinux_mapping_readable(mapped.bytes.baseAddress, mapped.bytes.count) == 0)
            #expect(mapped.change() == "\(path) is 4096 bytes now, not 16384")
            #expect(clinux_sigbus_handler() == before)
        }
    }
}
