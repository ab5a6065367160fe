import TouchCore

/// An item's `page = NAME | all` (rule 10): read as written, then resolved to the page's
/// place in file order, or `PageLayout.allPages`, once every `[page NAME]` is known.
enum ItemPage {
    /// A page's name or `all`.
    static func name(_ value: String) throws(ValueProblem) -> String {
        guard value == "all" || SectionName.isValidButtonName(value) else {
            throw .expected("a [page NAME]'s name or all", found: value)
        }
        return value
    }

    /// The item's page; nil, with the reason in `errors`, for a page that is not there, a
    /// `page` without pages, or an item without `page` on a panel with pages.
    static func resolve(
        _ name: String?, pageNames: [String], at place: SourceLine?, header: SourceLine, section: String,
        errors: inout ErrorCollector
    ) -> Int? {
        switch (name, pageNames.isEmpty) {
        case (nil, true):
            return 0
        case (nil, false):
            errors.add(at: header, section: section,
                       "with [page NAME] sections every item says where it is: page = NAME (one of \(pageNames.joined(separator: ", "))) or page = all")
            return nil
        case (let name?, true):
            errors.add(at: place ?? header, section: section, key: "page",
                       "page = \(name) needs [page NAME] sections; without them the panel is one page")
            return nil
        case (let name?, false):
            if name == "all" { return PageLayout.allPages }
            guard let index = pageNames.firstIndex(of: name) else {
                errors.add(at: place ?? header, section: section, key: "page",
                           "no [page \(name)]; the pages are \(pageNames.joined(separator: ", "))")
                return nil
            }
            return index
        }
    }
}
