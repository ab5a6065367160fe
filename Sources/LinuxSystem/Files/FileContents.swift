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
        /// Set when the file was refused as larger than `maxBytes`: its size (with
        /// `checkSizeFirst`), or the bytes read before it passed the limit.
        public var tooLargeBytes: Int? = nil
    }

    /// The whole file. Only a regular file is read: a FIFO would wait for a writer forever and
    /// a device could be endless, so both are refused at once with what they are.
    /// `what` names what the file should be, for the message about one far too large.
    /// `checkSizeFirst`: a file whose size (fstat) is over `maxBytes` is refused before a byte
    /// of it is read, and the bytes are read into one allocation of that size. Not for sysfs or
    /// procfs attributes, whose size says nothing about what they hold (4096, or 0).
    public static func bytes(
        ofFile path: String, maxBytes: Int = configMaxBytes, what: String = "the panel config", checkSizeFirst: Bool = false
    ) throws(Failure) -> [UInt8] {
        guard let descriptor = FileDescriptor(returnedBy: path.withCString { clinux_open_file_to_read($0) }) else {
            let missing = clinux_errno() == ENOENT
            throw Failure(message: "cannot open: \(errnoText())", missing: missing)
        }
        defer { try? descriptor.close() }
        switch clinux_is_regular_file(descriptor.rawValue) {
        case 1: break
        case 0: throw Failure(message: "not a regular file (a FIFO, a device or a directory); give the path of a file")
        default: throw Failure(message: "cannot read: \(errnoText())")
        }

        var contents: [UInt8] = []
        if checkSizeFirst {
            let size = clinux_file_size(descriptor.rawValue)
            guard size >= 0 else { throw Failure(message: "cannot read: \(errnoText())") }
            guard size <= Int64(maxBytes) else {
                throw Failure(message: tooLargeText(maxBytes: maxBytes, what: what), tooLargeBytes: Int(size))
            }
            contents.reserveCapacity(Int(size))
        }
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count: Int
            do throws(Errno) {
                count = try descriptor.read(into: &chunk)
            } catch {
                throw Failure(message: "cannot read: \(errnoText(error.rawValue))")
            }
            if count == 0 { return contents }
            contents.append(contentsOf: chunk[0..<count])
            if contents.count > maxBytes {
                throw Failure(message: tooLargeText(maxBytes: maxBytes, what: what), tooLargeBytes: contents.count)
            }
        }
    }

    private static func tooLargeText(maxBytes: Int, what: String) -> String {
        "file is larger than \(maxBytes / 1024) KiB; is this \(what)?"
    }

    /// strerror of `code` (the current errno): "No such file or directory".
    private static func errnoText(_ code: Int32 = clinux_errno()) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
