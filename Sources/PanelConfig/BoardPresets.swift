import CLinux
import LinuxSystem

/// Finding board presets: `NAME.ini` files in `boards` directories, looked for along a search
/// path (first match wins):
///
/// 1. the directories in `TOUCHPANEL_BOARDS`, colon-separated;
/// 2. `boards` next to the config file, then `../boards` from it (a source checkout, where
///    configs live in `examples/`);
/// 3. `/usr/local/share/touchpanel/boards`, then `/usr/share/touchpanel/boards`.
public enum BoardPresets {
    public static let environmentVariable = "TOUCHPANEL_BOARDS"
    public static let systemDirectories = ["/usr/local/share/touchpanel/boards", "/usr/share/touchpanel/boards"]

    /// The search path for the presets of the config file at `configFile`, in order.
    public static func searchPath(forConfig configFile: String) -> [String] {
        var path: [String] = []
        if let value = getenv(environmentVariable) {
            for part in Array(String(cString: value).utf8).split(separator: UInt8(ascii: ":")) {
                path.append(String(decoding: part, as: UTF8.self))
            }
        }
        let directory = directory(of: configFile)
        path.append(join(directory, "boards"))
        path.append(join(directory, "../boards"))
        path.append(contentsOf: systemDirectories)
        return path
    }

    /// The preset names found along `searchPath` (each `NAME.ini` that is a valid name), each
    /// once, sorted byte by byte.
    public static func available(in searchPath: [String]) -> [String] {
        var names: [String] = []
        for directory in searchPath {
            for entry in DirectoryListing.names(in: directory) {
                let bytes = Array(entry.utf8)
                guard bytes.count > 4, bytes.suffix(4).elementsEqual(".ini".utf8) else { continue }
                let name = String(decoding: bytes[..<(bytes.count - 4)], as: UTF8.self)
                guard (try? BoardDraft.presetName(name)) != nil, !names.contains(name) else { continue }
                names.append(name)
            }
        }
        return sortedBytewise(names)
    }

    /// The first `DIR/NAME.ini` along `searchPath` that exists.
    static func locate(_ name: String, in searchPath: [String]) -> String? {
        for directory in searchPath {
            let path = join(directory, name + ".ini")
            if path.withCString({ access($0, F_OK) }) == 0 { return path }
        }
        return nil
    }

    /// `unknown board preset "x"; did you mean y? presets found: a, b (looked for x.ini in D1, D2)`.
    static func unknownPresetMessage(_ name: String, searchPath: [String]) -> String {
        let found = available(in: searchPath)
        var message = "unknown board preset \"\(name)\"; "
        if let suggestion = Suggestion.closest(to: name, among: found) {
            message += "did you mean \(suggestion)? "
        }
        if found.isEmpty {
            message += "no presets found"
        } else {
            message += "presets found: " + found.joined(separator: ", ")
        }
        return message + " (looked for \(name).ini in " + searchPath.joined(separator: ", ") + ")"
    }

    /// The directory part of a path: `.` for a bare file name.
    static func directory(of path: String) -> String {
        let bytes = Array(path.utf8)
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        if slash == 0 { return "/" }
        return String(decoding: bytes[..<slash], as: UTF8.self)
    }

    static func join(_ directory: String, _ name: String) -> String {
        directory.utf8.last == UInt8(ascii: "/") ? directory + name : directory + "/" + name
    }

    static func sortedBytewise(_ names: [String]) -> [String] {
        var sorted = names
        var index = 1
        while index < sorted.count {
            let item = sorted[index]
            var slot = index
            while slot > 0 && item.utf8.lexicographicallyPrecedes(sorted[slot - 1].utf8) {
                sorted[slot] = sorted[slot - 1]
                slot -= 1
            }
            sorted[slot] = item
            index += 1
        }
        return sorted
    }
}
