/// Loads and validates a panel config file (the INI contract of DESIGN.md section 5).
///
/// Either the whole file is understood and every value is valid, or the result is the full
/// list of problems, each with file and line: the panel never starts on a config it does not
/// fully understand, and the technician fixes everything in one round.
public enum PanelConfigLoader {
    /// Reads and parses the file at `path`. An unreadable file is one error on line 0.
    public static func load(path: String) throws(ConfigErrors) -> PanelConfiguration {
        let bytes: [UInt8]
        do {
            bytes = try FileContents.bytes(ofFile: path)
        } catch {
            throw ConfigErrors(errors: [ConfigError(file: path, line: 0, message: error.message)])
        }
        return try parse(bytes: bytes, file: path)
    }

    /// Parses config text; `file` is the name used in errors and kept in the result.
    public static func parse(text: String, file: String) throws(ConfigErrors) -> PanelConfiguration {
        try parse(bytes: Array(text.utf8), file: file)
    }

    static func parse(bytes: [UInt8], file: String) throws(ConfigErrors) -> PanelConfiguration {
        let session = IniSession(bytes: bytes, file: file)
        session.run()
        var builder = session.builder
        switch builder.finish() {
        case .success(let configuration): return configuration
        case .failure(let errors): throw errors
        }
    }
}
