import CLinux

/// Reads a whole file with open/read, for the firmware build has no Foundation.
public enum FileContents {
    /// A config file is a few kilobytes; anything this large is the wrong file (or a device
    /// like /dev/zero), and reading on would only use up the board's memory.
    public static let configMaxBytes = 1 << 20

    /// Why a file could not be read, worded for the message.
    public struct Failure: Error {
        public var message: String
        /// The file is not there (ENOENT at open): for files that are fine to be missing.
        public var missing = false
    }

    /// The whole file. Only a regular file is read: a FIFO would wait for a writer forever and
    /// a device could be endless, so both are refused at once with what they are.
    /// `what` names what the file should be, for the message about one far too large.
    public static func bytes(ofFile path: String, maxBytes: Int = configMaxBytes, what: String = "the panel config") throws(Failure) -> [UInt8] {
        let descriptor = path.withCString { clinux_open_file_to_read($0) }
        guard descriptor >= 0 else {
            let missing = clinux_errno() == ENOENT
            throw Failure(message: "cannot open: \(errnoText())", missing: missing)
        }
        defer { _ = close(descriptor) }
        switch clinux_is_regular_file(descriptor) {
        case 1: break
        case 0: throw Failure(message: "not a regular file (a FIFO, a device or a directory); give the path of a file")
        default: throw Failure(message: "cannot read: \(errnoText())")
        }

        var contents: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if clinux_errno() == EINTR { continue }
                throw Failure(message: "cannot read: \(errnoText())")
            }
            if count == 0 { return contents }
            contents.append(contentsOf: chunk[0..<count])
            if contents.count > maxBytes {
                throw Failure(message: "file is larger than \(maxBytes / 1024) KiB; is this \(what)?")
            }
        }
    }

    /// strerror of the current errno: "No such file or directory".
    private static func errnoText() -> String {
        guard let text = strerror(clinux_errno()) else { return "error \(clinux_errno())" }
        return String(cString: text)
    }
}
