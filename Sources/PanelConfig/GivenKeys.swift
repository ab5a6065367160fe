/// The keys one section has given so far: where each was given and, once its value was
/// accepted, its text as written. One type for every kind of section, so that reading a key is
/// compiled once rather than once per section (the firmware's size, issue 13); a section has
/// a few dozen keys at most, so a list searched by name is all it needs.
struct GivenKeys {
    private struct Entry {
        let name: String
        let place: SourceLine
        var text: String?
    }

    private var entries: [Entry] = []

    /// Where `name` was given, or nil when the section does not give it.
    func place(of name: String) -> SourceLine? {
        entries.first { $0.name == name }?.place
    }

    /// The text of `name` as written, when its value was accepted.
    func text(of name: String) -> String? {
        entries.first { $0.name == name }?.text
    }

    /// Records that `name` is given at `place`; false (and the reason in `errors`) when the
    /// section gave it already.
    mutating func admit(_ name: String, at place: SourceLine, section: String, errors: inout ErrorCollector) -> Bool {
        if let first = self.place(of: name) {
            errors.add(at: place, section: section, key: name,
                       "given twice in this section, on lines \(first.line) and \(place.line); keep one")
            return false
        }
        entries.append(Entry(name: name, place: place, text: nil))
        return true
    }

    /// Keeps the text of `name`, the key admitted last: its value was accepted.
    mutating func accept(_ text: String, for name: String) {
        precondition(entries.last?.name == name, "accept follows the admit of the same key")
        entries[entries.count - 1].text = text
    }

    /// Gives `name` as `other` gives it, place and text: merging a preset's section with the
    /// panel config's (`MergeableDraft`) into a fresh draft, which does not give `name` yet.
    /// Nothing when `other` does not give it.
    mutating func carry(_ name: String, from other: GivenKeys) {
        if let entry = other.entries.first(where: { $0.name == name }) { entries.append(entry) }
    }

    /// Records that the section does not give `name`, which it must, at its header.
    @inline(never)
    func require(_ name: String, _ explanation: String, header: SourceLine, section: String, errors: inout ErrorCollector) {
        if place(of: name) == nil {
            errors.add(at: header, section: section, key: name, "missing; expected \(explanation)")
        }
    }

    /// Records what was wrong with the value of `name`. Static, like `unknownKeyMessage`: shared
    /// by every kind of section and compiled once. Never inlined: each kind of section's `take`
    /// would carry a copy (the firmware's size).
    @inline(never)
    static func reject(
        _ name: String, value: String, problem: ValueProblem, at place: SourceLine, section: String,
        errors: inout ErrorCollector
    ) {
        var message = problem.message
        if ValueSyntax.hasHashAfterSpace(value) {
            // DESIGN.md speaks of `#` comments; libinih takes them only at a line's start.
            message += "; after a value only ` ;` starts a comment, `#` only at the start of a line"
        }
        errors.add(at: place, section: section, key: name, message)
    }

    /// Records a key the section does not take: `advice` where the section has some for it,
    /// else the generic message. Never inlined, as `reject`.
    @inline(never)
    static func refuseUnknown(
        _ name: String, advice: String?, keys: [String], at place: SourceLine, section: String, errors: inout ErrorCollector
    ) {
        errors.add(at: place, section: section, key: name, advice ?? unknownKeyMessage(name, keys: keys))
    }

    /// `unknown key; did you mean on_tap? valid keys: ...`: the technician sees the fix and
    /// the whole menu at once. `keys` in table order.
    static func unknownKeyMessage(_ name: String, keys: [String]) -> String {
        var message = "unknown key; "
        if let suggestion = Suggestion.closest(to: name, among: keys) {
            message += "did you mean \(suggestion)? "
        }
        return message + "valid keys: " + keys.joined(separator: ", ")
    }
}
