import CLinux

/// A file created (or truncated) for writing, such as a recorded trace: each write goes out
/// whole before it returns, so what was written survives a power cut that comes after it.
public final class CreatedFile {
    public let path: String
    private let descriptor: FileDescriptor

    public init(path: String) throws(Errno) {
        self.path = path
        guard let descriptor = FileDescriptor(returnedBy: path.withCString { clinux_create_file($0) }) else { throw Errno.current }
        self.descriptor = descriptor
    }

    deinit {
        try? descriptor.close()
    }

    /// Writes all of `bytes`; nil, or why the file took no more.
    public func write(_ bytes: [UInt8]) -> Errno? {
        do throws(Errno) {
            try descriptor.writeAll(bytes)
            return nil
        } catch {
            return error
        }
    }

    /// fsync: what was written is on the disk, not only in the page cache; nil, or why not.
    public func flushToDisk() -> Errno? {
        do throws(Errno) {
            _ = try Errno.retryingInterrupts { fsync(descriptor.rawValue) }
            return nil
        } catch {
            return error
        }
    }
}
