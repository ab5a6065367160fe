import CLinux

/// Who may read or write a file, for advice about a file that holds a secret.
public enum FilePermissions {
    /// The permission bits of `path` (`0o640`), links followed; nil when it cannot be
    /// looked at (missing, or a directory on the way that may not be searched).
    public static func bits(ofFile path: String) -> Int? {
        let bits = path.withCString { clinux_permission_bits($0) }
        return bits < 0 ? nil : Int(bits)
    }
}
