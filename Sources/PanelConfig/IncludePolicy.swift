/// Whether `include = FILE` lines are followed: yes for a config read from disk, no for text
/// from elsewhere (a config pushed over the broker), which must not make the panel open its
/// files.
public enum IncludePolicy: Sendable {
    /// Each `include` reads its file, relative to the including file's folder.
    case follow
    /// Each `include` line is an error.
    case refuse

    static let refusal = "include is not allowed in a pushed config"
}
