/// The keys one kind of section takes, spelt as in the file (case-sensitive, lowercase).
/// The declaration order of the cases is the order they are listed in messages.
protocol SectionKey: CaseIterable, Hashable, RawRepresentable where RawValue == String {}

/// One section of one file while it is read: the values taken so far and where each came
/// from. Each kind of section has its own draft type with its own key table (its `Key`
/// enum), so adding a key is one case plus one line in that draft's `set`.
protocol SectionDraft {
    associatedtype Key: SectionKey

    /// The section as written between the brackets, for messages: `display`, `button play`.
    var title: String { get }
    /// Where the section's header is; a missing key is reported there.
    var header: SourceLine { get }
    /// Where each key was given, to name both lines when a key is given twice.
    var keyLines: [Key: SourceLine] { get set }
    /// The text of each key whose value was valid, as written: what a board preset's section
    /// and the panel config's are merged from (see `MergeableDraft`).
    var texts: [Key: String] { get set }

    /// Parses and stores one value; throws what was wrong with it.
    mutating func set(_ key: Key, from value: String) throws(ValueProblem)

    /// A specific explanation for a key this section does not take but a reader might expect
    /// it to (a per-button `lost_ms`), or nil for the generic "unknown key" message.
    static func advice(forUnknownKey name: String) -> String?
}

extension SectionDraft {
    static func advice(forUnknownKey name: String) -> String? { nil }

    /// Takes one `key = value` line of this section, or records why not.
    mutating func take(name: String, value: String, at place: SourceLine, errors: inout ErrorCollector) {
        guard let key = Key(rawValue: name) else {
            let message = Self.advice(forUnknownKey: name) ?? Self.unknownKeyMessage(name)
            errors.add(at: place, section: title, key: name, message)
            return
        }
        if let first = keyLines[key] {
            errors.add(at: place, section: title, key: name,
                       "given twice in this section, on lines \(first.line) and \(place.line); keep one")
            return
        }
        keyLines[key] = place
        do {
            try set(key, from: value)
            texts[key] = value
        } catch {
            var message = error.message
            if ValueSyntax.hasHashAfterSpace(value) {
                // DESIGN.md speaks of `#` comments; libinih takes them only at a line's start.
                message += "; after a value only ` ;` starts a comment, `#` only at the start of a line"
            }
            errors.add(at: place, section: title, key: name, message)
        }
    }

    /// The keys of this kind of section, comma separated, in table order.
    static var keyList: String {
        var list = ""
        for key in Key.allCases {
            if !list.isEmpty { list += ", " }
            list += key.rawValue
        }
        return list
    }

    /// `unknown key; did you mean on_tap? valid keys: ...`: the technician sees the fix and
    /// the whole menu at once.
    static func unknownKeyMessage(_ name: String) -> String {
        var candidates: [String] = []
        for key in Key.allCases { candidates.append(key.rawValue) }
        var message = "unknown key; "
        if let suggestion = Suggestion.closest(to: name, among: candidates) {
            message += "did you mean \(suggestion)? "
        }
        return message + "valid keys: " + keyList
    }

    /// Records a required key that the section does not give.
    func requireKey(_ key: Key, _ explanation: String, errors: inout ErrorCollector) {
        if keyLines[key] == nil {
            errors.add(at: header, section: title, key: key.rawValue, "missing; expected \(explanation)")
        }
    }
}

/// A section a board preset may give too: `[board]`, `[display]`, `[touch]`, `[controller]`.
protocol MergeableDraft: SectionDraft {
    init(header: SourceLine)
    /// Keys that are different ways of saying one thing (an input device by `device` or by
    /// `name`): when the panel config gives one of a group, the preset's others are dropped.
    static var alternatives: [[Key]] { get }
}

extension MergeableDraft {
    static var alternatives: [[Key]] { [] }
}

extension MergeableDraft {
    /// The section the panel runs with: the preset's, with every key the panel config gives
    /// put over it, key by key. Each key keeps the place it came from, so that a later
    /// complaint about it points into the right file. Nil when neither file has the section.
    ///
    /// The merged draft is rebuilt from the texts as written: each was valid when it was read,
    /// and a value never depends on anything but its own text.
    static func merged(preset: Self?, panel: Self?) -> Self? {
        guard let preset else { return panel }
        guard let panel else { return preset }
        var result = Self(header: panel.header)
        let panelOnly = Set(Self.alternatives.filter { group in group.contains { panel.keyLines[$0] != nil } }.joined())
        for key in Key.allCases {
            let source = panel.keyLines[key] != nil || panelOnly.contains(key) ? panel : preset
            guard let place = source.keyLines[key] else { continue }
            result.keyLines[key] = place
            if let text = source.texts[key] {
                result.texts[key] = text
                try? result.set(key, from: text)
            }
        }
        return result
    }
}
