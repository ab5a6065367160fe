/// Where a section or key was written: the panel config, a file it includes or its board
/// preset, and the line.
struct SourceLine: Equatable {
    var file: String
    var line: Int

    /// This line as a message written at `other` names it: `line 12` in the same file,
    /// `common.ini:12` in another (a file the config includes).
    func named(from other: SourceLine) -> String {
        file == other.file ? "line \(line)" : "\(file):\(line)"
    }

    /// A path written on this line as the file to open: a relative one is taken from the
    /// folder of the config file it is written in, so that a config and its files (pictures,
    /// a token) move together.
    func resolving(_ path: String) -> String {
        guard path.utf8.first != UInt8(ascii: "/"), let slash = file.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(decoding: file.utf8[...slash], as: UTF8.self) + path
    }
}

/// Gathers the problems of a config file (and of the board preset it names) as they are
/// found, and hands them out in order: file by file, each in line order.
///
/// Problems are found in two passes (while reading lines, and when the sections are checked
/// as a whole at the end), so they are sorted once at the end; the sort is stable, so problems
/// on one line keep the order they were found in.
struct ErrorCollector {
    /// The file that errors without a location of their own are reported against.
    let file: String
    private(set) var errors: [ConfigError] = []

    init(file: String) {
        self.file = file
    }

    var isEmpty: Bool { errors.isEmpty }

    mutating func add(line: Int, section: String? = nil, key: String? = nil, _ message: String) {
        errors.append(ConfigError(file: file, line: line, section: section, key: key, message: message))
    }

    /// A problem at a place in any file: the panel config or its preset.
    mutating func add(at place: SourceLine, section: String? = nil, key: String? = nil, _ message: String) {
        errors.append(ConfigError(file: place.file, line: place.line, section: section, key: key, message: message))
    }

    /// Takes over everything another collector found (a preset's reading problems).
    mutating func add(contentsOf other: ErrorCollector) {
        errors.append(contentsOf: other.errors)
    }

    /// The problems sorted by file, in the order `files` gives them (files not listed last),
    /// then by line. A hand-written stable insertion sort: the lists are short, and the
    /// standard library's `sort` is not documented as stable.
    func inLineOrder(files: [String] = []) -> [ConfigError] {
        func rank(_ error: ConfigError) -> (Int, Int) {
            var fileRank = files.count
            for (index, name) in files.enumerated() where name == error.file {
                fileRank = index
                break
            }
            return (fileRank, error.line)
        }
        var sorted = errors
        var index = 1
        while index < sorted.count {
            let item = sorted[index]
            let itemRank = rank(item)
            var slot = index
            while slot > 0 && rank(sorted[slot - 1]) > itemRank {
                sorted[slot] = sorted[slot - 1]
                slot -= 1
            }
            sorted[slot] = item
            index += 1
        }
        return sorted
    }
}
