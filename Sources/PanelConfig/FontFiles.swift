import CLinux
import LinuxSystem

/// Where a font named by its file name alone is found: the folders Debian's font packages
/// install into (fonts-noto-core into /usr/share/fonts/truetype/noto, fonts-noto-cjk into
/// /usr/share/fonts/opentype/noto) and the one for fonts added by hand. A chain of full paths
/// would not fit libinih's line of 198 characters.
public enum FontFiles {
    public static let folders = ["/usr/share/fonts", "/usr/local/share/fonts"]
    /// Font packages put their files two folders down; three is the most looked into.
    static let depth = 3

    /// The first file called `name` in `folders` and their subfolders, the folders and each
    /// folder's entries taken in byte order; nil when there is none.
    public static func locate(_ name: String, in folders: [String] = FontFiles.folders) -> String? {
        for folder in folders {
            if let path = locate(name, under: folder, depth: depth) { return path }
        }
        return nil
    }

    private static func locate(_ name: String, under folder: String, depth: Int) -> String? {
        let entries = BoardPresets.sortedBytewise(DirectoryListing.names(in: folder))
        if entries.contains(name) {
            let path = folder + "/" + name
            if path.withCString({ access($0, R_OK) }) == 0 { return path }
        }
        guard depth > 0 else { return nil }
        for entry in entries where entry != name {
            if let path = locate(name, under: folder + "/" + entry, depth: depth - 1) { return path }
        }
        return nil
    }
}
