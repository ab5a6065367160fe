import CLinux

/// Why a file could not be read, in the C library's words.
struct FileReadError: Error {
    var reason: String
}

/// Whole-file reads through open(2)/read(2): traces and configs are small, and the same
/// code runs in the firmware build, which has no Foundation.
enum FileContents {
    static func read(path: String) -> Result<[UInt8], FileReadError> {
        let fd = clinux_open_readonly(path)
        guard fd >= 0 else { return .failure(FileReadError(reason: lastErrorText())) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glue.read(fd, $0.baseAddress, $0.count) }
            if count == 0 { return .success(bytes) }
            if count < 0 {
                if clinux_errno() == EINTR { continue }
                return .failure(FileReadError(reason: lastErrorText()))
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    static func lastErrorText() -> String {
        String(cString: strerror(clinux_errno()))
    }
}

/// Names the C calls whose Swift names clash with our own methods.
enum Glue {
    static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        CLinux.read(fd, buffer, count)
    }
}
