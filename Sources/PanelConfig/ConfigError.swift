/// One problem found in a config file, located for the person fixing it on site.
///
/// `line` is 1-based; it is 0 only when the file could not be read at all. `section` and
/// `key` name where in the file the problem is, when that is known and meaningful; a problem
/// with a section header itself (an unknown section) carries the header in its message instead.
public struct ConfigError: Error, Equatable, Sendable {
    public var file: String
    public var line: Int
    public var section: String?
    public var key: String?
    public var message: String

    public init(file: String, line: Int, section: String? = nil, key: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.section = section
        self.key = key
        self.message = message
    }

    /// `FILE:LINE: [SECTION] KEY: MESSAGE`, leaving out the parts that are absent, in the
    /// shape compilers use so that editors and terminals can jump to the line. Control bytes
    /// quoted from the file are shown as `\xNN`.
    public var rendered: String {
        var text = file
        if line > 0 { text += ":\(line)" }
        text += ": "
        var place = ""
        if let section { place = "[\(section)]" }
        if let key { place = place.isEmpty ? key : "\(place) \(key)" }
        if !place.isEmpty { text += "\(place): " }
        return ControlBytes.escaped(text + message)
    }
}

/// Everything wrong with one config file, in line order. Loading collects all of it rather
/// than stopping at the first problem, so one edit-and-retry round fixes the whole file.
public struct ConfigErrors: Error, Equatable, Sendable {
    public var errors: [ConfigError]

    public init(errors: [ConfigError]) {
        self.errors = errors
    }

    /// One rendered error per line, ready for stderr.
    public var rendered: String {
        var text = ""
        for error in errors {
            if !text.isEmpty { text += "\n" }
            text += error.rendered
        }
        return text
    }
}
