import CLinux

/// The names in a directory, for listing the board presets found.
public enum DirectoryListing {
    /// The entries of `directory` other than `.` and `..`, in the order the file system gives
    /// them; empty when it cannot be read (missing directories are normal on a search path).
    public static func names(in directory: String) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { _ = closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = String(cString: clinux_dirent_name(entry))
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
