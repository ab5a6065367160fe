import TouchCore

/// Turns the sections and keys of one file, as they arrive line by line, into a
/// `PanelConfiguration` or the full list of what is wrong with the file.
///
/// It knows nothing of libinih or bytes: `IniSession` tells it where sections start and which
/// `key = value` pairs they hold, each with its line.
struct ConfigBuilder {
    /// Where the `key = value` lines being read go.
    private enum OpenSection {
        /// Before the first header.
        case none
        /// An unknown section, or a header that could not be read: its keys are not checked,
        /// its header already carries the error.
        case ignored
        case display(Int)
        case touch(Int)
        case controller(Int)
        case button(Int)
    }

    private(set) var errors: ErrorCollector
    private var open = OpenSection.none
    /// Every section of each kind in file order. Only the first `[display]`, `[touch]` and
    /// `[controller]` count; later ones are errors whose keys are still checked.
    private var displays: [DisplayDraft] = []
    private var touches: [TouchDraft] = []
    private var controllers: [ControllerDraft] = []
    private var buttons: [ButtonDraft] = []
    /// Header line of each button name taken, to point at the first of two buttons with one name.
    private var buttonLines: [String: Int] = [:]
    private var countedButtons = 0
    private var reportedTooManyButtons = false

    init(file: String) {
        errors = ErrorCollector(file: file)
    }

    // MARK: Reading

    /// A `[header]` line; `text` is what stands between the brackets.
    mutating func beginSection(_ text: String, line: Int) {
        guard let name = SectionName(header: text) else {
            errors.add(line: line, "unknown section [\(text)]; expected \(SectionName.expectedList)")
            open = .ignored
            return
        }
        switch name {
        case .display:
            rejectRepeat(of: displays.first?.headerLine, title: "display", line: line)
            displays.append(DisplayDraft(headerLine: line))
            open = .display(displays.count - 1)
        case .touch:
            rejectRepeat(of: touches.first?.headerLine, title: "touch", line: line)
            touches.append(TouchDraft(headerLine: line))
            open = .touch(touches.count - 1)
        case .controller:
            rejectRepeat(of: controllers.first?.headerLine, title: "controller", line: line)
            controllers.append(ControllerDraft(headerLine: line))
            open = .controller(controllers.count - 1)
        case .button(let buttonName):
            buttons.append(ButtonDraft(name: buttonName, headerLine: line, counts: admitButton(buttonName, line: line)))
            open = .button(buttons.count - 1)
        }
    }

    /// A header line too long to hand to libinih: its keys must not land in the section before.
    mutating func beginUnreadableSection() {
        open = .ignored
    }

    /// One `key = value` line of the section that is open.
    mutating func take(name: String, value: String, line: Int) {
        switch open {
        case .none:
            errors.add(line: line, key: name,
                       "key outside any section; put it under \(SectionName.expectedList)")
        case .ignored:
            break
        case .display(let index):
            displays[index].take(name: name, value: value, line: line, errors: &errors)
        case .touch(let index):
            touches[index].take(name: name, value: value, line: line, errors: &errors)
        case .controller(let index):
            controllers[index].take(name: name, value: value, line: line, errors: &errors)
        case .button(let index):
            buttons[index].take(name: name, value: value, line: line, errors: &errors)
        }
    }

    /// A problem found outside any key: a syntax error, an overlong line, an unreadable file.
    mutating func addError(line: Int, _ message: String) {
        errors.add(line: line, message)
    }

    private mutating func rejectRepeat(of firstLine: Int?, title: String, line: Int) {
        guard let firstLine else { return }
        errors.add(line: line, section: title,
                   "section given twice; the first [\(title)] is on line \(firstLine); merge the two")
    }

    /// Whether a new button with `name` can join the panel; records why not.
    private mutating func admitButton(_ name: String, line: Int) -> Bool {
        guard SectionName.isValidButtonName(name) else {
            errors.add(line: line, name.isEmpty
                ? "a button section needs a name: [button NAME], NAME 1 to 32 characters of A-Z a-z 0-9 _ . -"
                : "invalid button name in [button \(name)]; expected 1 to 32 characters of A-Z a-z 0-9 _ . -, found \"\(name)\"")
            return false
        }
        if let first = buttonLines[name] {
            errors.add(line: line, section: "button \(name)",
                       "overlapping names: a button named \"\(name)\" is already defined on line \(first)")
            return false
        }
        buttonLines[name] = line
        guard countedButtons < ButtonLayout.capacity else {
            if !reportedTooManyButtons {
                reportedTooManyButtons = true
                errors.add(line: line, section: "button \(name)",
                           "too many buttons; a panel holds at most \(ButtonLayout.capacity)")
            }
            return false
        }
        countedButtons += 1
        return true
    }

    // MARK: Finishing

    /// The configuration, or every problem found in the file, in line order.
    mutating func finish() -> Result<PanelConfiguration, ConfigErrors> {
        var display: DisplayConfig?
        if let draft = displays.first {
            display = draft.finish(errors: &errors)
        } else {
            errors.add(line: 1, "missing section [display]; it gives the display size: [display] width = ..., height = ...")
        }
        let touch = touches.first ?? TouchDraft(headerLine: 0)
        let panelTimings = touch.panelTimings

        var controller: ControllerConfig?
        if let display, let displayDraft = displays.first {
            controller = (controllers.first ?? ControllerDraft(headerLine: 0))
                .finish(display: display, from: displayDraft, errors: &errors)
        }

        var finished: [ButtonConfig] = []
        for draft in buttons where draft.counts {
            if let button = draft.finish(display: display, panelTimings: panelTimings, errors: &errors) {
                finished.append(button)
            }
        }

        guard errors.isEmpty, let display, let controller else {
            return .failure(ConfigErrors(errors: errors.inLineOrder()))
        }
        return .success(PanelConfiguration(
            file: errors.file, display: display, timings: panelTimings, lostAfter: touch.lostAfter,
            controller: controller, buttons: finished))
    }
}
