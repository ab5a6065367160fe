import Foundation
import LinuxSystem
import Testing

@Suite("FileContents: a file's size refused before or while it is read")
struct FileContentsTests {
    private func write(_ path: String, bytes: Int, sparseTo size: UInt64? = nil) throws {
        #expect(FileManager.default.createFile(atPath: path, contents: Data((0..<bytes).map { UInt8($0 & 0xFF) })))
        if let size {
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.truncate(atOffset: size)
            try handle.close()
        }
    }

    @Test func checkSizeFirstRefusesByFstatWithTheFileSize() throws {
        try inTemporaryDirectory(named: "contents") { dir in
            // 1 TiB, sparse: only fstat can know its size, and reading it would not end.
            try write("\(dir)/huge", bytes: 10, sparseTo: 1 << 40)
            let failure = #expect(throws: FileContents.Failure.self) {
                try FileContents.bytes(ofFile: "\(dir)/huge", maxBytes: 16 << 10, what: "a test file", checkSizeFirst: true)
            }
            #expect(failure?.message == "file is larger than 16 KiB; is this a test file?")
            #expect(failure?.tooLargeBytes == 1 << 40)
            #expect(failure?.missing == false)
            // At the limit it is read whole.
            try write("\(dir)/limit", bytes: 16 << 10)
            let bytes = try FileContents.bytes(ofFile: "\(dir)/limit", maxBytes: 16 << 10, checkSizeFirst: true)
            #expect(bytes == (0..<(16 << 10)).map { UInt8($0 & 0xFF) })
        }
    }

    @Test func withoutCheckSizeFirstTheReadStopsPastTheLimit() throws {
        try inTemporaryDirectory(named: "contents") { dir in
            try write("\(dir)/over", bytes: 20_000)
            // Read in 4096-byte pieces: refused at the first piece past 16 KiB (5 pieces).
            let failure = #expect(throws: FileContents.Failure.self) {
                try FileContents.bytes(ofFile: "\(dir)/over", maxBytes: 16 << 10)
            }
            #expect(failure?.message == "file is larger than 16 KiB; is this the panel config?")
            #expect(failure?.tooLargeBytes == 20_000)
        }
    }
}
