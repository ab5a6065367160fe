import CLinux
import LinuxSystem
import Testing

@Suite("FileDescriptor: reads, writes and close through one typed value")
struct FileDescriptorTests {
    /// A pipe's read and write ends, both non-blocking.
    private func pipeEnds() throws -> (read: FileDescriptor, write: FileDescriptor) {
        var ends: [Int32] = [-1, -1]
        try #require(clinux_pipe_cloexec(&ends) == 0)
        let reader = FileDescriptor(rawValue: ends[0])
        let writer = FileDescriptor(rawValue: ends[1])
        try reader.setNonBlocking()
        try writer.setNonBlocking()
        return (reader, writer)
    }

    @Test func aFailedCallsMinusOneIsNoDescriptor() {
        #expect(FileDescriptor(returnedBy: -1) == nil)
        #expect(FileDescriptor(returnedBy: 7) == FileDescriptor(rawValue: 7))
        #expect(FileDescriptor.standardError.rawValue == 2)
    }

    @Test func bytesWrittenAreReadBackThenTheEmptyPipeWouldBlock() throws {
        let (reader, writer) = try pipeEnds()
        defer { try? reader.close() }
        try writer.writeAll(Array("hello\n".utf8))
        var bytes = [UInt8](repeating: 0, count: 16)
        #expect(try reader.read(into: &bytes) == 6)
        #expect(Array(bytes[0..<6]) == Array("hello\n".utf8))
        #expect(throws: Errno.wouldBlock) { try reader.read(into: &bytes) }
        try writer.close()
        #expect(try reader.read(into: &bytes) == 0)  // the write end closed: end of file
    }

    @Test func aSecondCloseFailsWithEBADF() throws {
        let (reader, writer) = try pipeEnds()
        try reader.close()
        try writer.close()
        #expect(throws: Errno(EBADF)) { try writer.close() }
    }
}
