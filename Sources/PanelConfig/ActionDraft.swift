/// A button's action as read, before the `[output NAME]` sections are known: they may come
/// after the button that names them.
enum ActionDraft: Equatable {
    case ready(ButtonAction)
    /// `gpio NAME on|off|toggle|pulse MS`, on the line of `[output NAME]`.
    case output(name: String, operation: GPIOOperation)

    /// `gpio NAME ...` when neither NAME nor the word after it is a number (`gpio 17 on` lacks
    /// its chip); every other action as `ButtonAction` reads it.
    init(parsing value: String) throws(ValueProblem) {
        let words = ValueSyntax.words(value)
        if words.count == 3 || words.count == 4, words[0] == "gpio",
           ValueSyntax.integer(words[1].utf8) == nil, ValueSyntax.integer(words[2].utf8) == nil
        {
            self = .output(name: words[1], operation: try ButtonAction.operation(words[2...], text: value))
        } else {
            self = .ready(try ButtonAction(parsing: value))
        }
    }

    /// The action with its output's chip and line; nil when no `[output NAME]` has that name.
    func resolved(outputs: [OutputConfig]) -> ButtonAction? {
        switch self {
        case .ready(let action):
            return action
        case .output(let name, let operation):
            guard let output = outputs.first(where: { $0.name == name }) else { return nil }
            return .gpio(chip: output.chip, line: output.line, operation: operation)
        }
    }
}

extension ActionDraft {
    /// The action as the panel runs it; nil, with `ok` false and the reason in `errors`, when it
    /// names an output no `[output NAME]` declares, drives one of the controller's own lines,
    /// gives by offset a line on a chip whose `[output]` names its line, or shows a page that
    /// is not there. Buttons' actions and pages' swipes share it.
    func resolve(
        at keyPlace: SourceLine, section: String, key: String, outputs: [OutputConfig], controller: ControllerConfig?,
        pageNames: [String], ok: inout Bool, errors: inout ErrorCollector
    ) -> ButtonAction? {
        guard let action = resolved(outputs: outputs) else {
            if case .output(let name, _) = self {
                errors.add(at: keyPlace, section: section, key: key, OutputDraft.unknownOutputMessage(name, outputs: outputs))
            }
            ok = false
            return nil
        }
        switch action {
        case .page(let target):
            if pageNames.isEmpty {
                errors.add(at: keyPlace, section: section, key: key,
                           "page \(target.text) needs pages: add [page NAME] sections and give each item page = NAME")
                ok = false
                return nil
            }
            if case .named(let name) = target, !pageNames.contains(name) {
                errors.add(at: keyPlace, section: section, key: key,
                           "no [page \(name)]; the pages are \(pageNames.joined(separator: ", "))")
                ok = false
                return nil
            }
            return action
        case .gpio(let chip, let line, _):
            if let problem = controller?.problemDriving(chip: chip, line: line) {
                errors.add(at: keyPlace, section: section, key: key, problem)
                ok = false
                return nil
            }
            // An output's own line passed this when its section was read; this catches an offset
            // in the action on a chip whose [output] names its line.
            if let other = OutputConfig.otherNaming(chip: chip, line: line, among: outputs) {
                errors.add(at: keyPlace, section: section, key: key,
                           OutputConfig.otherNamingMessage(chip: chip, line: line, other: other)
                               + "; an action reaches a named line through its section: gpio NAME on|off|toggle|pulse MS")
                ok = false
                return nil
            }
            return action
        case .emit, .exec, .mqtt, .service:
            return action
        }
    }
}
