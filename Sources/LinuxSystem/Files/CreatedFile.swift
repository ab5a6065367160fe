import CLinux

/// A file created (or truncated) for writing, such as a recorded trace: each write goes out
/// whole before it returns, so what was written survives a power cut that comes after it.
public final class CreatedFile {
    public let path: String
    private let descriptor: Int32

    public init(path: String) throws(Errno) {
        self.path = path
        let descriptor = path.withCString { clinux_create_file($0) }
        guard descriptor >= 0 else { throw Errno.current }
        self.descriptor = descriptor
    }

    deinit {
        _ = close(descriptor)
    }

    /// Writes all of `bytes`; nil, or why the file took no more.
    public func write(_ bytes: [UInt8]) -> Errno? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { buffer in
                CLinux.write(descriptor, buffer.baseAddress, buffer.count)
            }
            if written < 0 {
                if Errno.current == .interrupted { continue }
                return Errno.current
            }
            offset += written
        }
        return nil
    }

    /// fsync: what was written is on the disk, not only in the page cache; nil, or why not.
    public func flushToDisk() -> Errno? {
        do throws(Errno) {
            _ = try Errno.retryingInterrupts { fsync(descriptor) }
            return nil
        } catch {
            return error
        }
    }
}
