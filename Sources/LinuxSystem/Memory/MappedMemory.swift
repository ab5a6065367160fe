import CLinux

/// Memory in a mapping of its own (anonymous mmap), unmapped when released: what comes and
/// goes while the panel runs (a button's prepared look, made when its page is shown, dropped
/// when another is) goes back to the kernel at once, instead of leaving freed pages in the
/// heap between the ones that stay. Page-granular: for blocks of a few KiB and more.
public final class MappedMemory {
    public let bytes: UnsafeMutableRawBufferPointer

    /// Nil when the kernel refuses the mapping (or `byteCount` is not positive).
    public init?(byteCount: Int) {
        guard byteCount > 0, let address = clinux_mmap_anonymous(byteCount) else { return nil }
        bytes = UnsafeMutableRawBufferPointer(start: address, count: byteCount)
    }

    deinit {
        munmap(bytes.baseAddress, bytes.count)
    }
}
