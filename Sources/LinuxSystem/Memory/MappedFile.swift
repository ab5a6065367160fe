import CLinux

/// A whole regular file mapped read-only and shared (mmap PROT_READ, MAP_SHARED): its pages
/// belong to the page cache, so the kernel counts them as file-backed memory that it may drop
/// and read again, not as the process's anonymous memory. The one owner of the mapping: it is
/// unmapped when this is released.
public final class MappedFile {
    public let bytes: UnsafeRawBufferPointer

    /// The file at `path` when it is a regular file of exactly `byteCount` bytes (a file of
    /// another size is not the one wanted: nil, and no error); otherwise why not.
    public static func open(path: String, byteCount: Int) -> Result<MappedFile?, Errno> {
        let descriptor = path.withCString { clinux_open_readonly($0) }
        guard descriptor >= 0 else { return .failure(Errno.current) }
        defer { _ = close(descriptor) }
        let size = clinux_file_size(descriptor)
        guard size >= 0 else { return .failure(Errno.current) }
        guard byteCount > 0, clinux_is_regular_file(descriptor) == 1, size == Int64(byteCount) else { return .success(nil) }
        guard let address = clinux_mmap_readonly_shared(descriptor, byteCount) else { return .failure(Errno.current) }
        return .success(MappedFile(bytes: UnsafeRawBufferPointer(start: address, count: byteCount)))
    }

    private init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }
}
