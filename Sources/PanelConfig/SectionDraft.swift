/// The keys one kind of section takes, spelt as in the file (case-sensitive, lowercase).
/// `allCases` is the order they are listed in messages and in the config reference's key tables (docs/config-reference.md): the
/// declaration order of the cases. A section that takes a shared table of keys (the timings,
/// the button colours) holds it as one case with the shared key, and spells out its `allCases`
/// and `rawValue` itself.
protocol SectionKey: CaseIterable, Hashable, RawRepresentable where RawValue == String {
    /// The key's row in the config reference's key tables (docs/config-reference.md).
    var doc: KeyDoc { get }
}

extension SectionKey {
    /// The key spelt `name`, for the sections that spell out their `allCases`.
    static func named(_ name: String) -> Self? {
        allCases.first { $0.rawValue == name }
    }
}

/// One section of one file while it is read: the values taken so far and where each came
/// from. Each kind of section has its own draft type with its own key table (its `Key`
/// enum). Adding a key takes: its case and its `doc` in the enum (name, default, what), its
/// parser in the draft's `set` and where the draft keeps the value, the field of the typed
/// config (and its hand-over in `finish` where the draft keeps its own fields), its line in
/// `EffectiveText`, and `scripts/update-doc-keys.sh` for the config reference's table. What every
/// kind shares (a key given twice, a bad value, an unknown key) lives in `GivenKeys`,
/// compiled once.
protocol SectionDraft {
    associatedtype Key: SectionKey

    /// The section as written between the brackets, for messages: `display`, `button play`.
    var title: String { get }
    /// Where the section's header is; a missing key is reported there.
    var header: SourceLine { get }
    /// Where each key was given, and the text of each key whose value was valid, as written:
    /// what a board preset's section and the panel config's are merged from (`MergeableDraft`).
    var given: GivenKeys { get set }

    /// Parses and stores one value; throws what was wrong with it.
    mutating func set(_ key: Key, from value: String) throws(ValueProblem)

    /// A specific explanation for a key this section does not take but a reader might expect
    /// it to (a per-button `lost_ms`), or nil for the generic "unknown key" message.
    static func advice(forUnknownKey name: String) -> String?

    /// A warning for a line that is valid but likely not what was meant, given the comment
    /// libinih cut from its end (`cutComment`); nil when there is none.
    func warning(key: String, value: String, cutComment: String) -> String?
}

extension SectionDraft {
    static func advice(forUnknownKey name: String) -> String? { nil }

    func warning(key: String, value: String, cutComment: String) -> String? { nil }

    /// Where `key` was given, or nil when this section does not give it.
    func place(_ key: Key) -> SourceLine? {
        given.place(of: key.rawValue)
    }

    /// Takes one `key = value` line of this section, or records why not.
    mutating func take(name: String, value: String, at place: SourceLine, errors: inout ErrorCollector) {
        guard let key = Key(rawValue: name) else {
            GivenKeys.refuseUnknown(name, advice: Self.advice(forUnknownKey: name), keys: Key.allCases.map { $0.rawValue },
                                    at: place, section: title, errors: &errors)
            return
        }
        guard given.admit(name, at: place, section: title, errors: &errors) else { return }
        do {
            try set(key, from: value)
            given.accept(value, for: name)
        } catch {
            GivenKeys.reject(name, value: value, problem: error, at: place, section: title, errors: &errors)
        }
    }

    /// Records a required key that the section does not give.
    func requireKey(_ key: Key, _ explanation: String, errors: inout ErrorCollector) {
        given.require(key.rawValue, explanation, header: header, section: title, errors: &errors)
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
        // By name: comparing names is compiled once, comparing keys once for each kind of key.
        var panelOnly: [String] = []
        for group in Self.alternatives where group.contains(where: { panel.place($0) != nil }) {
            for key in group { panelOnly.append(key.rawValue) }
        }
        for key in Key.allCases {
            let name = key.rawValue
            let source = panel.given.place(of: name) != nil || panelOnly.contains(name) ? panel : preset
            result.given.carry(name, from: source.given)
            if let text = source.given.text(of: name) {
                try? result.set(key, from: text)
            }
        }
        return result
    }
}
