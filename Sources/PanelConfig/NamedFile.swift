/// A key whose value names a file the panel reads when it starts (the labels' font, the MQTT
/// password and TLS files), and where it was written: `check` reads each as `run` would, so
/// that a config `check` passes does not stop `run` at a missing file (issue 28).
public struct NamedFile: Equatable, Sendable {
    /// `[display]`, `[mqtt]`: the section as written, without brackets.
    public var section: String
    public var key: String
    /// The file the key names (or its default).
    public var path: String
    /// The config file (the panel config or its preset) and the line; 0 for a default.
    public var file: String
    public var line: Int

    public init(section: String, key: String, path: String, file: String, line: Int) {
        self.section = section
        self.key = key
        self.path = path
        self.file = file
        self.line = line
    }

    /// `panel.ini:12: [mqtt] password_file: ` (without `:12` for a default), for messages.
    public var prefix: String {
        "\(file)\(line > 0 ? ":\(line)" : ""): [\(section)] \(key): "
    }
}

/// The files a configuration names, for `check`. Where a key was written is not part of what
/// the configuration means: two configurations that differ only in these are equal.
public struct NamedFiles: Equatable, Sendable {
    public var all: [NamedFile]

    public init(_ all: [NamedFile] = []) {
        self.all = all
    }

    public static func == (lhs: NamedFiles, rhs: NamedFiles) -> Bool { true }
}
