/// One `key = value` line as read, with where it was written: kept apart from the builder so
/// that the lines of a file and of the files it includes can be merged before they are checked.
struct IniKey {
    var name: String
    var value: String
    var place: SourceLine
    /// What libinih dropped from the line's end as an inline comment.
    var cutComment: String?
}

/// One section of one or more files as read: its header and its lines in file order. The
/// reading problems of a line (a syntax error, an overlong line) stay among its keys, so that
/// the builder sees everything in the order the file gave it.
struct IniSection {
    enum Header {
        /// The lines before the first header.
        case top
        /// `[title]`, at its line.
        case named(String, SourceLine)
        /// A header that could not be read: its keys belong to no section.
        case unreadable
    }

    enum Entry {
        case key(IniKey)
        case problem(SourceLine, String)

        var keyName: String? {
            if case .key(let key) = self { return key.name }
            return nil
        }
    }

    var header: Header
    var entries: [Entry] = []

    var title: String? {
        if case .named(let title, _) = header { return title }
        return nil
    }

    /// Puts `entries` over this section's, key by key: a key both give takes the newer line
    /// (in the place of the older), the others are added at the end. Each older key is
    /// replaced once, so a key the newer lines give twice is still an error. `alternatives`:
    /// groups of keys that say one thing in different ways (a device by `device` or `name`);
    /// newer lines that give one of a group drop the older lines' others.
    mutating func override(with newer: [Entry], alternatives: [[String]] = []) {
        for group in alternatives where newer.contains(where: { $0.keyName.map(group.contains) ?? false }) {
            entries.removeAll { entry in
                guard let name = entry.keyName else { return false }
                return group.contains(name) && !newer.contains { $0.keyName == name }
            }
        }
        let olderCount = entries.count
        var replaced: [Int] = []
        for entry in newer {
            if let name = entry.keyName,
                let index = (0..<olderCount).first(where: { !replaced.contains($0) && entries[$0].keyName == name })
            {
                entries[index] = entry
                replaced.append(index)
            } else {
                entries.append(entry)
            }
        }
    }
}

/// The sections of a config as read: one file's, or several merged (`IncludeReader`). Always
/// starts with the `.top` section.
///
/// A file read with a `builder` whose top holds no `include` needs no merging: from its first
/// header on, its lines go straight to the builder and are not kept. Kept to the end of the
/// file, they left the running panel's heap 8 kB larger (the kernel VM's 4-page run: 404 kB
/// against 396): what the configuration keeps for the panel's life is allocated among them,
/// and holds their pages once they are freed.
struct IniSections {
    private(set) var all: [IniSection] = [IniSection(header: .top)]
    /// The `include = FILE` lines at the top, in order.
    private(set) var includes: [IniKey] = []
    /// Why an `include` line is refused here (a pushed config, a board preset); nil: followed.
    let includeRefusal: String?
    let file: String
    /// The builder that takes the lines as they are read once the top is passed without an
    /// `include` (`handedOver`); nil when they are kept, to be merged or replayed.
    private(set) var builder: ConfigBuilder?
    /// Whether `builder` has had the top's lines and takes every line from here on.
    private(set) var handedOver = false

    init(file: String, includeRefusal: String? = nil, builder: ConfigBuilder? = nil) {
        self.file = file
        self.includeRefusal = includeRefusal
        self.builder = builder
    }

    // MARK: Reading (IniSession)

    mutating func beginSection(_ text: String, line: Int) {
        let place = SourceLine(file: file, line: line)
        if handsOver() {
            builder?.beginSection(text, at: place)
            return
        }
        all.append(IniSection(header: .named(text, place)))
    }

    mutating func beginUnreadableSection() {
        if handsOver() {
            builder?.beginUnreadableSection()
            return
        }
        all.append(IniSection(header: .unreadable))
    }

    mutating func take(name: String, value: String, line: Int, cutComment: String? = nil) {
        let place = SourceLine(file: file, line: line)
        if name == TopKey.include.rawValue {
            if let includeRefusal {
                addError(line: line, includeRefusal)
                return
            }
            if all.count == 1 && !handedOver {
                includes.append(IniKey(name: name, value: value, place: place, cutComment: cutComment))
            } else {
                addError(line: line, "include is allowed only at the top of a file, before the first section")
            }
            return
        }
        if handedOver {
            builder?.take(name: name, value: value, at: place, cutComment: cutComment)
            return
        }
        all[all.count - 1].entries.append(.key(IniKey(name: name, value: value, place: place, cutComment: cutComment)))
    }

    mutating func addError(line: Int, _ message: String) {
        add(.problem(SourceLine(file: file, line: line), message))
    }

    /// A line of the section being read.
    mutating func add(_ entry: IniSection.Entry) {
        if handedOver {
            IniSections.hand(entry, to: &builder)
            return
        }
        all[all.count - 1].entries.append(entry)
    }

    /// The end of the file: a builder that had no header to be handed the lines at takes the
    /// top's now, when it includes nothing.
    mutating func finishReading() {
        _ = handsOver()
    }

    /// Whether the lines go to `builder` from here on: at the end of the top (the first header,
    /// or the end of the file) it takes the top's lines, unless the top includes a file, whose
    /// lines must come first (then the builder is let go, and every line is kept).
    private mutating func handsOver() -> Bool {
        guard !handedOver, builder != nil else { return handedOver }
        guard includes.isEmpty, all.count == 1 else {
            builder = nil
            return false
        }
        for entry in all[0].entries { IniSections.hand(entry, to: &builder) }
        all[0].entries = []
        handedOver = true
        return true
    }

    private static func hand(_ entry: IniSection.Entry, to builder: inout ConfigBuilder?) {
        switch entry {
        case .key(let key): builder?.take(name: key.name, value: key.value, at: key.place, cutComment: key.cutComment)
        case .problem(let place, let message): builder?.addError(at: place, message)
        }
    }

    /// A line before the first section: a problem with an include, at its line.
    mutating func addTop(_ entry: IniSection.Entry) {
        all[0].entries.append(entry)
    }

    // MARK: Merging

    /// Puts `newer` (the including file's sections) over these (what it includes): a section
    /// both have keeps its place here and takes `newer`'s keys over its own, key by key; the
    /// others are added in `newer`'s order. Each section here is merged into once, so a
    /// section `newer` gives twice is still an error.
    mutating func override(with newer: [IniSection]) {
        let olderCount = all.count
        var merged: [Int] = []
        for section in newer {
            switch section.header {
            case .top:
                all[0].entries += section.entries
            case .unreadable:
                all.append(section)
            case .named(let title, _):
                if let index = (1..<olderCount).first(where: { !merged.contains($0) && all[$0].title == title }) {
                    all[index].override(with: section.entries, alternatives: IniSections.alternatives(of: title))
                    merged.append(index)
                } else {
                    all.append(section)
                }
            }
        }
    }

    /// The groups of keys of `[title]` that say one thing in different ways, as
    /// `MergeableDraft.alternatives` gives them for a board preset's sections.
    static func alternatives(of title: String) -> [[String]] {
        guard case .controller? = SectionName(header: title) else { return [] }
        return ControllerDraft.alternatives.map { group in group.map { $0.rawValue } }
    }

    // MARK: Handing over

    /// The builder of these sections: the one that took the lines as they were read, or a new
    /// one of `file` in `role` that every kept line is fed to.
    func built(role: ConfigFileRole) -> ConfigBuilder {
        if handedOver, let builder { return builder }
        var builder = ConfigBuilder(file: file, role: role)
        replay(into: &builder)
        return builder
    }

    /// Feeds every section and line to `builder`, in order.
    func replay(into builder: inout ConfigBuilder) {
        for section in all {
            switch section.header {
            case .top: break
            case .named(let title, let place): builder.beginSection(title, at: place)
            case .unreadable: builder.beginUnreadableSection()
            }
            for entry in section.entries {
                switch entry {
                case .key(let key): builder.take(name: key.name, value: key.value, at: key.place, cutComment: key.cutComment)
                case .problem(let place, let message): builder.addError(at: place, message)
                }
            }
        }
    }

    /// Where each section and key was written, for `check`'s origin comments.
    var origins: ConfigOrigins {
        var origins = ConfigOrigins()
        for section in all {
            guard case .named(let title, let place) = section.header else { continue }
            origins.add(section: title, key: nil, file: place.file, line: place.line)
            for case .key(let key) in section.entries {
                origins.add(section: title, key: key.name, file: key.place.file, line: key.place.line)
            }
        }
        return origins
    }

    /// The sections as one config text without includes, each header and key after a comment
    /// naming where it was written. Values are written as read (libinih already cut their
    /// comments), so the text reads back to the same lines.
    func text(heading: String) -> String {
        var text = "; \(heading)\n"
        for section in all {
            guard case .named(let title, let place) = section.header else { continue }
            text += "\n" + ConfigOrigins.comment(file: place.file, line: place.line) + "[\(title)]\n"
            for case .key(let key) in section.entries {
                text += ConfigOrigins.comment(file: key.place.file, line: key.place.line)
                // ` ;` would start a comment: a value that starts with `;` goes right after `=`,
                // as does one whose line would not fit with the spaces (it was read from one).
                let spaced = "\(key.name) = \(key.value)"
                if key.value.utf8.first == UInt8(ascii: ";") || spaced.utf8.count > ConfigOrigins.longestLine {
                    text += "\(key.name)=\(key.value)\n"
                } else {
                    text += spaced + "\n"
                }
            }
        }
        return text
    }
}
