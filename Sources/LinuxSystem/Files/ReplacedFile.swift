import CLinux

/// A small file replaced whole, so that a reader (or the next start after a power cut) finds
/// either the old contents or the new, never half of them: written to `PATH.tmp`, flushed to
/// the disk (fsync), then renamed over `PATH`, and the directory flushed so the rename lasts.
public enum ReplacedFile {
    /// Writes `bytes` as the new `path`; nil, or the step that failed and why.
    public static func write(_ bytes: [UInt8], to path: String) -> String? {
        let temporary = path + ".tmp"
        let file: CreatedFile
        do throws(Errno) {
            file = try CreatedFile(path: temporary)
        } catch {
            return "cannot create \(temporary): \(error.message)"
        }
        if let error = file.write(bytes) ?? file.flushToDisk() {
            _ = temporary.withCString { unlink($0) }
            return "cannot write \(temporary): \(error.message)"
        }
        if let error = rename(temporary, to: path) {
            _ = temporary.withCString { unlink($0) }
            return "cannot rename \(temporary) to \(path): \(error.message)"
        }
        flushDirectory(of: path)
        return nil
    }

    /// Renames `from` to `to` (replacing it); nil, or why not.
    public static func rename(_ from: String, to: String) -> Errno? {
        let result = from.withCString { source in to.withCString { target in CLinux.rename(source, target) } }
        return result == 0 ? nil : Errno.current
    }

    /// fsync of the directory holding `path`: the rename itself is then on the disk. A
    /// directory that cannot be opened is left as it is (the file's contents are safe).
    private static func flushDirectory(of path: String) {
        var directory = "."
        if let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) {
            directory = slash == path.utf8.startIndex ? "/" : String(decoding: path.utf8[..<slash], as: UTF8.self)
        }
        guard let descriptor = FileDescriptor(returnedBy: directory.withCString { clinux_open_readonly($0) }) else { return }
        _ = fsync(descriptor.rawValue)
        try? descriptor.close()
    }
}
