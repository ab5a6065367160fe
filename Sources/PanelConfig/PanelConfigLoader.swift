import LinuxSystem
/// Loads and validates a panel config file (the INI contract of DESIGN.md section 5), with
/// the files it includes (`include = FILE`, see `IncludeReader`) and the board preset it names
/// (`[board] preset = NAME`, see `BoardPresets`).
///
/// Either the whole file is understood and every value is valid, or the result is the full
/// list of problems, each with file and line: the panel never starts on a config it does not
/// fully understand, and the technician fixes everything in one round.
public enum PanelConfigLoader {
    /// Reads and parses the file at `path`. An unreadable file is one error on line 0.
    /// `presetSearchPath` replaces the directories board presets are looked for in (nil: the
    /// usual ones, `BoardPresets.searchPath(forConfig: path)`).
    public static func load(path: String, presetSearchPath: [String]? = nil) throws(ConfigErrors) -> PanelConfiguration {
        try parse(bytes: try contents(of: path), file: path, presetSearchPath: presetSearchPath, includes: .follow)
    }

    /// Parses config text; `file` is the name used in errors and kept in the result, and the
    /// place board presets and included files are looked for from (see `load`). `includes`:
    /// `.refuse` for text that did not come from disk (a pushed config), where an `include`
    /// line is an error.
    public static func parse(
        text: String, file: String, presetSearchPath: [String]? = nil, includes: IncludePolicy = .follow
    ) throws(ConfigErrors) -> PanelConfiguration {
        try parse(bytes: Array(text.utf8), file: file, presetSearchPath: presetSearchPath, includes: includes)
    }

    /// The config at `path` with the files it includes, merged, as one config text without
    /// `include` lines: each header and key as written, after a comment naming the file and
    /// line it came from (`; from common.ini:12`). Parsed (with the same preset search path)
    /// it gives the same configuration, for a panel that has none of the included files.
    /// Relative paths in values stay as written: they are taken from the flattened file's
    /// folder, so it belongs where the config was. Throws what `load` would.
    public static func flattened(path: String, presetSearchPath: [String]? = nil) throws(ConfigErrors) -> String {
        var reader = IncludeReader(policy: .follow)
        let sections = reader.read(try contents(of: path), file: path)
        _ = try assemble(sections, files: reader.files, file: path, presetSearchPath: presetSearchPath)
        let included = reader.files.dropFirst()
        let heading = included.isEmpty
            ? "\(path), flattened: it includes no file."
            : "\(path) with the files it includes (\(included.joined(separator: ", "))), flattened."
        return sections.text(heading: heading)
    }

    static func parse(
        bytes: [UInt8], file: String, presetSearchPath: [String]?, includes: IncludePolicy = .follow
    ) throws(ConfigErrors) -> PanelConfiguration {
        var reader = IncludeReader(policy: includes)
        // A config that includes nothing goes to its builder line by line, none of it kept.
        let sections = reader.read(bytes, file: file, builder: ConfigBuilder(file: file, role: .panel))
        return try assemble(sections, files: reader.files, file: file, presetSearchPath: presetSearchPath)
    }

    private static func contents(of path: String) throws(ConfigErrors) -> [UInt8] {
        do {
            return try FileContents.bytes(ofFile: path)
        } catch {
            throw ConfigErrors(errors: [ConfigError(file: path, line: 0, message: error.message)])
        }
    }

    /// The configuration of `sections` (the config's, includes merged in) and its preset.
    private static func assemble(
        _ sections: IniSections, files: [String], file: String, presetSearchPath: [String]?
    ) throws(ConfigErrors) -> PanelConfiguration {
        let panel = sections.built(role: .panel)
        var errors = ErrorCollector(file: file)
        var preset: ConfigBuilder?
        var presetFile: String?
        if let board = panel.board, let name = board.preset, let place = board.place(.preset) {
            let searchPath = presetSearchPath ?? BoardPresets.searchPath(forConfig: file)
            if let path = BoardPresets.locate(name, in: searchPath) {
                do {
                    preset = readPreset(try FileContents.bytes(ofFile: path), file: path)
                    presetFile = path
                } catch {
                    errors.add(at: place, section: board.title, key: BoardKey.preset.rawValue,
                               "cannot read board preset \(path): \(error.message)")
                }
            } else {
                errors.add(at: place, section: board.title, key: BoardKey.preset.rawValue,
                           BoardPresets.unknownPresetMessage(name, searchPath: searchPath))
            }
        }
        let origins = files.count > 1 ? sections.origins : ConfigOrigins()
        switch ConfigAssembly.finish(
            panel: panel, preset: preset, presetFile: presetFile, sourceFiles: files, origins: origins, errors: errors)
        {
        case .success(let configuration): return configuration
        case .failure(let errors): throw errors
        }
    }

    /// A board preset, which includes no other file.
    private static func readPreset(_ bytes: [UInt8], file: String) -> ConfigBuilder {
        let session = IniSession(
            bytes: bytes, file: file, includeRefusal: "a board preset includes no other file; put include = FILE in the panel config",
            builder: ConfigBuilder(file: file, role: .preset))
        session.run()
        return session.sections.built(role: .preset)
    }
}
