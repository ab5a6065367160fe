import CLinux

/// Where each section and key of a configuration was written, when it was read from more
/// than one file (`include = FILE`): `check` names each value's file and line, and messages
/// about an item point into the file that holds it. Empty for a config read from one file,
/// where everything is the config's own (`PanelConfiguration.file`).
///
/// Where a key was written is not part of what the configuration means: two configurations
/// that differ only in these are equal.
public struct ConfigOrigins: Equatable, Sendable {
    struct Origin: Sendable {
        var section: String
        /// Nil for the section's header.
        var key: String?
        var file: String
        var line: Int
    }

    private var all: [Origin] = []

    public init() {}

    public var isEmpty: Bool { all.isEmpty }

    mutating func add(section: String, key: String?, file: String, line: Int) {
        all.append(Origin(section: section, key: key, file: file, line: line))
    }

    /// The file and line of `key` in `[section]` (the section as written between the
    /// brackets: `button play`), or of the section's header when `key` is nil; nil when not
    /// recorded.
    public func place(section: String, key: String? = nil) -> (file: String, line: Int)? {
        guard let origin = all.first(where: { $0.section == section && $0.key == key }) else { return nil }
        return (origin.file, origin.line)
    }

    /// The file that holds `[section]`, or `fallback` when not recorded (a config read from
    /// one file).
    public func file(ofSection section: String, else fallback: String) -> String {
        place(section: section)?.file ?? fallback
    }

    public static func == (lhs: ConfigOrigins, rhs: ConfigOrigins) -> Bool { true }

    /// The longest line IniSession hands to libinih.
    static let longestLine = Int(clinux_ini_max_line()) - 2

    /// `; from common.ini:12` and a line end: the comment written above a key or header whose
    /// origin is known. A line above rather than after the value: an exec command may hold
    /// ` ;`, and libinih would take an inline comment for part of it. Nothing for a comment
    /// too long to read back.
    static func comment(file: String, line: Int) -> String {
        let text = "; from \(file):\(line)"
        return text.utf8.count > longestLine ? "" : text + "\n"
    }
}
