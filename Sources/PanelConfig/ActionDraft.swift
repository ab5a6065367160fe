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
