/// The keys of `[output NAME]`: where the line is, and how it is driven.
enum OutputKey: String, SectionKey {
    case chip
    case line
    case activeLow = "active_low"
    case start

    var doc: KeyDoc {
        switch self {
        case .chip: .required("the GPIO chip: a name, label or /dev path, like `gpiochip0`")
        case .line: .required("the line's offset 0..1023 or its name (`GPIO17`), as `interrupt_line` takes it")
        case .activeLow: .value("no", "`yes`: on is low, for relay boards that switch on a low input")
        case .start: .value("off", "the level the line is requested at when the panel starts: `off` or `on`")
        }
    }
}

/// `[output NAME]` while it is read.
struct OutputDraft: SectionDraft {
    let name: String
    let header: SourceLine
    /// False for an output that cannot be part of the panel (a bad or repeated name): its
    /// keys are still checked, so that one run reports everything.
    let counts: Bool
    var given = GivenKeys()
    var chip: String?
    var line: LineRef?
    var activeLow: Bool?
    var startsOn: Bool?

    init(name: String, header: SourceLine, counts: Bool) {
        self.name = name
        self.header = header
        self.counts = counts
    }

    var title: String { "output \(name)" }

    mutating func set(_ key: OutputKey, from value: String) throws(ValueProblem) {
        switch key {
        case .chip:
            let words = ValueSyntax.words(value)
            guard words.count == 1 else { throw .expected("one chip name, label or path, like gpiochip0", found: value) }
            chip = words[0]
        case .line:
            // As [controller] interrupt_line reads its line, without `none`: never nil.
            line = try ValueSyntax.lineRef(value, allowingNone: false)
        case .activeLow:
            activeLow = try ValueSyntax.boolean(value)
        case .start:
            switch value {
            case "on": startsOn = true
            case "off": startsOn = false
            default: throw .expected("on or off", found: value)
            }
        }
    }

    /// The output; nil (and the reasons in `errors`) when its chip or line is missing.
    func finish(errors: inout ErrorCollector) -> OutputConfig? {
        requireKey(.chip, "the GPIO chip, like chip = gpiochip0", errors: &errors)
        requireKey(.line, "the line's offset on the chip or its name, like line = 17 or line = GPIO17", errors: &errors)
        guard let chip, let line else { return nil }
        return OutputConfig(name: name, chip: chip, line: line, activeLow: activeLow ?? false, startsOn: startsOn ?? false)
    }

    /// For `gpio NAME ...` with a NAME no section declares.
    static func unknownOutputMessage(_ name: String, outputs: [OutputConfig]) -> String {
        let names = outputs.compactMap { $0.name }
        var message = "no [output \(name)] section; "
        if let suggestion = Suggestion.closest(to: name, among: names) {
            message += "did you mean \(suggestion)? "
        }
        message += names.isEmpty
            ? "declare it as [output \(name)] with chip and line, or write gpio CHIP LINE ..."
            : "declared outputs: " + names.joined(separator: ", ")
        return message
    }
}
