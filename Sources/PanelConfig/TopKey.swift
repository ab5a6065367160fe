/// The keys of a config file's top, before its first section: the files it is made from
/// (issue 48: one `common.ini` for many panels, one small file for each).
enum TopKey: String, SectionKey {
    case include

    var doc: KeyDoc {
        switch self {
        case .include:
            .words("none", "a config file read first, whose sections this file's replace key by key (a section both give keeps the "
                + "included file's other keys); relative to this file's folder, or absolute; several lines are read in order, "
                + "the later over the earlier; nested at most \(IncludeReader.maxDepth) deep, never in a circle; "
                + "not in a board preset or a pushed config")
        }
    }
}
