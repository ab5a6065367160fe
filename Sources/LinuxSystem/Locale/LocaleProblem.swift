/// Why a locale cannot be used: the words for each are the caller's (a config error names
/// its file and line).
public enum LocaleProblem: Error, Equatable {
    /// Not a locale's name (`LocaleName.isValid`): a path, spaces, an empty value.
    case badName(String)
    /// The C library has no data for it: not generated (locale-gen) on this system.
    case notInstalled(String)
    /// Installed, but in another codeset than UTF-8 (`de_DE` is ISO-8859-1).
    case notUTF8(String, codeset: String)
}
