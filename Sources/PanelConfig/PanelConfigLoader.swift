import LinuxSystem
/// Loads and validates a panel config file (the INI contract of DESIGN.md section 5), with
/// the board preset it names (`[board] preset = NAME`, see `BoardPresets`).
///
/// Either the whole file is understood and every value is valid, or the result is the full
/// list of problems, each with file and line: the panel never starts on a config it does not
/// fully understand, and the technician fixes everything in one round.
public enum PanelConfigLoader {
    /// Reads and parses the file at `path`. An unreadable file is one error on line 0.
    /// `presetSearchPath` replaces the directories board presets are looked for in (nil: the
    /// usual ones, `BoardPresets.searchPath(forConfig: path)`).
    public static func load(path: String, presetSearchPath: [String]? = nil) throws(ConfigErrors) -> PanelConfiguration {
        let bytes: [UInt8]
        do {
            bytes = try FileContents.bytes(ofFile: path)
        } catch {
            throw ConfigErrors(errors: [ConfigError(file: path, line: 0, message: error.message)])
        }
        return try parse(bytes: bytes, file: path, presetSearchPath: presetSearchPath)
    }

    /// Parses config text; `file` is the name used in errors and kept in the result, and the
    /// place board presets are looked for from (see `load`).
    public static func parse(text: String, file: String, presetSearchPath: [String]? = nil) throws(ConfigErrors) -> PanelConfiguration {
        try parse(bytes: Array(text.utf8), file: file, presetSearchPath: presetSearchPath)
    }

    static func parse(bytes: [UInt8], file: String, presetSearchPath: [String]?) throws(ConfigErrors) -> PanelConfiguration {
        let panel = read(bytes, file: file, role: .panel)
        var errors = ErrorCollector(file: file)
        var preset: ConfigBuilder?
        var presetFile: String?
        if let board = panel.board, let name = board.preset, let place = board.place(.preset) {
            let searchPath = presetSearchPath ?? BoardPresets.searchPath(forConfig: file)
            if let path = BoardPresets.locate(name, in: searchPath) {
                do {
                    preset = read(try FileContents.bytes(ofFile: path), file: path, role: .preset)
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
        switch ConfigAssembly.finish(panel: panel, preset: preset, presetFile: presetFile, errors: errors) {
        case .success(let configuration): return configuration
        case .failure(let errors): throw errors
        }
    }

    private static func read(_ bytes: [UInt8], file: String, role: ConfigFileRole) -> ConfigBuilder {
        let session = IniSession(bytes: bytes, file: file, role: role)
        session.run()
        return session.builder
    }
}
