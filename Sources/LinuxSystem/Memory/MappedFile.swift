import CLinux

/// A whole regular file mapped read-only and shared (mmap PROT_READ, MAP_SHARED): its pages
/// belong to the page cache, so the kernel counts them as file-backed memory that it may drop
/// and read again, not as the process's anonymous memory. The one owner of the mapping: it is
/// unmapped when this is released.
///
/// A page of the mapping past the file's end (someone cut the file: `truncate -s0`) kills the
/// reader with SIGBUS, so the file stays open and `change()` tells, right before each use,
/// whether it is still the size and age it was mapped at.
public final class MappedFile {
    public let bytes: UnsafeRawBufferPointer
    /// As it was opened, for log lines.
    public let path: String
    private let descriptor: FileDescriptor
    /// st_mtim when mapped, in ns.
    private let modifiedNs: Int64

    /// The file at `path` when it is a regular file of exactly `byteCount` bytes (a file of
    /// another size is not the one wanted: nil, and no error); otherwise why not.
    public static func open(path: String, byteCount: Int) -> Result<MappedFile?, Errno> {
        guard let descriptor = FileDescriptor(returnedBy: path.withCString { clinux_open_readonly($0) }) else {
            return .failure(Errno.current)
        }
        let size = clinux_file_size(descriptor.rawValue)
        let modifiedNs = clinux_file_modified_ns(descriptor.rawValue)
        guard size >= 0, modifiedNs >= 0 else {
            let error = Errno.current
            try? descriptor.close()
            return .failure(error)
        }
        guard byteCount > 0, clinux_is_regular_file(descriptor.rawValue) == 1, size == Int64(byteCount) else {
            try? descriptor.close()
            return .success(nil)
        }
        guard let address = clinux_mmap_readonly_shared(descriptor.rawValue, byteCount) else {
            let error = Errno.current
            try? descriptor.close()
            return .failure(error)
        }
        return .success(MappedFile(bytes: UnsafeRawBufferPointer(start: address, count: byteCount), path: path, descriptor: descriptor, modifiedNs: modifiedNs))
    }

    private init(bytes: UnsafeRawBufferPointer, path: String, descriptor: FileDescriptor, modifiedNs: Int64) {
        self.bytes = bytes
        self.path = path
        self.descriptor = descriptor
        self.modifiedNs = modifiedNs
    }

    /// nil while the file is the size and age it was mapped at, so that reading `bytes` now
    /// is safe; otherwise how it changed, in a log's words (`PATH is 0 bytes now, not 768000`).
    /// A file cut or rewritten in place since is never read again: the caller drops the
    /// mapping. (A file replaced by rename or deleted leaves these pages as they were: no
    /// change.) A page that cannot be read (a read error of the card) is found too: every page
    /// is loaded under a SIGBUS guard (`clinux_mapping_readable`), which also brings them in
    /// before the copy; only a page the kernel drops again in between is left unguarded.
    public func change() -> String? {
        let size = clinux_file_size(descriptor.rawValue)
        let modifiedNs = clinux_file_modified_ns(descriptor.rawValue)
        if size < 0 || modifiedNs < 0 { return "\(path) cannot be examined: \(Errno.current.message)" }
        if size != Int64(bytes.count) { return "\(path) is \(size) bytes now, not \(bytes.count)" }
        if modifiedNs != self.modifiedNs { return "\(path) was written since it was mapped" }
        // Every page loaded once with SIGBUS caught: a page the card cannot give back is found
        // here, not by the copy that follows; after it the pages are in memory.
        switch clinux_mapping_readable(bytes.baseAddress, bytes.count) {
        case 1: return nil
        case 0: return "\(path) cannot be read (an I/O error under its mapping)"
        default: return "\(path) cannot be examined: \(Errno.current.message)"
        }
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
        try? descriptor.close()
    }
}
