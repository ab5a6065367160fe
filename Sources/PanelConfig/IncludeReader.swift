import LinuxSystem

/// Reads a config file with the files it includes (`include = FILE` at its top), and merges
/// them into one list of sections: the included files first, in order, then the including
/// file's lines over them, key by key (`IniSections.override`).
///
/// Includes nest at most `maxDepth` deep and never in a circle; a file that cannot be read,
/// one too deep and a circle are errors at the include's line.
struct IncludeReader {
    /// A file included by a file included by ... the config: 4 levels below the config.
    static let maxDepth = 4

    let policy: IncludePolicy
    /// Every file read, the config first, then the included ones in reading order, each once.
    private(set) var files: [String] = []

    init(policy: IncludePolicy) {
        self.policy = policy
    }

    /// The sections of `file` (its text `bytes`) with its includes merged in. `chain`: the
    /// files that include it, the config first. `builder`: where the lines go as they are
    /// read when the file includes nothing (`IniSections.built`).
    mutating func read(_ bytes: [UInt8], file: String, chain: [String] = [], builder: ConfigBuilder? = nil) -> IniSections {
        if !files.contains(file) { files.append(file) }
        let session = IniSession(
            bytes: bytes, file: file, includeRefusal: policy == .refuse ? IncludePolicy.refusal : nil, builder: builder)
        session.run()
        let own = session.sections
        guard !own.includes.isEmpty else { return own }

        var merged = IniSections(file: file)
        let path = chain + [file]
        for include in own.includes {
            let target = IncludeReader.normalized(include.place.resolving(include.value))
            if include.value.isEmpty {
                merged.addTop(.problem(include.place, "include needs a file: include = FILE, relative to this file's folder"))
            } else if path.contains(where: { IncludeReader.normalized($0) == target }) {
                merged.addTop(.problem(include.place, "include cycle: \((path + [target]).joined(separator: " -> ")); "
                    + "a file cannot include itself, directly or through others"))
            } else if path.count > IncludeReader.maxDepth {
                merged.addTop(.problem(include.place, "include nested too deep: \((path + [target]).joined(separator: " -> ")); "
                    + "includes nest at most \(IncludeReader.maxDepth) deep"))
            } else {
                do {
                    let included = try FileContents.bytes(ofFile: target)
                    merged.override(with: read(included, file: target, chain: path).all)
                } catch {
                    merged.addTop(.problem(include.place, "cannot read include \(target): \(error.message)"))
                }
            }
        }
        merged.override(with: own.all)
        return merged
    }

    /// `path` without `.` and `dir/..` parts, so that one file has one name in messages and
    /// in the circle check.
    static func normalized(_ path: String) -> String {
        let absolute = path.utf8.first == UInt8(ascii: "/")
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part == "..", absolute {
                continue
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : joined
    }
}
