import TouchCore

/// What a file is to the loader: the panel config, or the board preset it names. A preset
/// holds no buttons and names no further preset.
enum ConfigFileRole {
    case panel
    case preset
}

/// Turns the sections and keys of one file, as they arrive line by line, into drafts of its
/// sections and the list of what is wrong with them. `ConfigAssembly` then puts the panel
/// config and its board preset together into a `PanelConfiguration`.
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
        case board(Int)
        case display(Int)
        case theme(Int)
        case touch(Int)
        case controller(Int)
        case backlight(Int)
        case control(Int)
        case exec(Int)
        case mqtt(Int)
        case button(Int)
        case output(Int)
        case text(Int)
        case page(Int)
        case slider(Int)
    }

    let role: ConfigFileRole
    private(set) var errors: ErrorCollector
    /// What is valid but likely not what was meant (an exec command cut by a comment).
    private(set) var warnings: ErrorCollector
    private var open = OpenSection.none
    /// Every section of each kind in file order. Only the first `[board]`, `[display]`,
    /// `[touch]` and `[controller]` count; later ones are errors whose keys are still checked.
    private var boards: [BoardDraft] = []
    private var displays: [DisplayDraft] = []
    private var themes: [ThemeDraft] = []
    private var touches: [TouchDraft] = []
    private var controllers: [ControllerDraft] = []
    private var backlights: [BacklightDraft] = []
    private var controls: [ControlDraft] = []
    private var execs: [ExecDraft] = []
    private var mqtts: [MQTTDraft] = []
    private(set) var buttons: [ButtonDraft] = []
    private(set) var outputs: [OutputDraft] = []
    private(set) var texts: [TextDraft] = []
    private(set) var pages: [PageDraft] = []
    private(set) var sliders: [SliderDraft] = []
    private var countedSliders = 0
    /// Header line of each page name taken.
    private var pageLines: [String: Int] = [:]
    /// Header line of each output name taken.
    private var outputLines: [String: Int] = [:]
    /// Header line of each button name taken, to point at the first of two buttons with one name.
    private var buttonLines: [String: Int] = [:]
    private var countedButtons = 0
    private var reportedTooManyButtons = false

    init(file: String, role: ConfigFileRole = .panel) {
        self.role = role
        errors = ErrorCollector(file: file)
        warnings = ErrorCollector(file: file)
    }

    var file: String { errors.file }

    /// The sections that count, as this file gives them.
    var board: BoardDraft? { boards.first }
    var display: DisplayDraft? { displays.first }
    var theme: ThemeDraft? { themes.first }
    var touch: TouchDraft? { touches.first }
    var controller: ControllerDraft? { controllers.first }
    var backlight: BacklightDraft? { backlights.first }
    var control: ControlDraft? { controls.first }
    var exec: ExecDraft? { execs.first }
    var mqtt: MQTTDraft? { mqtts.first }

    private var expectedSections: String {
        role == .panel ? SectionName.expectedList : SectionName.expectedPresetList
    }

    // MARK: Reading

    /// A `[header]` line; `text` is what stands between the brackets.
    mutating func beginSection(_ text: String, line: Int) {
        guard let name = SectionName(header: text) else {
            errors.add(line: line, "unknown section [\(text)]; expected \(expectedSections)")
            open = .ignored
            return
        }
        let header = SourceLine(file: file, line: line)
        switch name {
        case .board:
            rejectRepeat(of: boards.first?.header, title: "board", line: line)
            boards.append(BoardDraft(header: header, inPreset: role == .preset))
            open = .board(boards.count - 1)
        case .display:
            rejectRepeat(of: displays.first?.header, title: "display", line: line)
            displays.append(DisplayDraft(header: header))
            open = .display(displays.count - 1)
        case .theme:
            guard admitPanelOnly(section: "theme", line: line, "a board preset holds no [theme]: looks are the panel's; put it in the panel config") else { return }
            rejectRepeat(of: themes.first?.header, title: "theme", line: line)
            themes.append(ThemeDraft(header: header))
            open = .theme(themes.count - 1)
        case .touch:
            rejectRepeat(of: touches.first?.header, title: "touch", line: line)
            touches.append(TouchDraft(header: header))
            open = .touch(touches.count - 1)
        case .controller:
            rejectRepeat(of: controllers.first?.header, title: "controller", line: line)
            controllers.append(ControllerDraft(header: header))
            open = .controller(controllers.count - 1)
        case .backlight:
            guard admitPanelOnly(section: "backlight", line: line, "a board preset holds no [backlight]; put it in the panel config") else { return }
            rejectRepeat(of: backlights.first?.header, title: "backlight", line: line)
            backlights.append(BacklightDraft(header: header))
            open = .backlight(backlights.count - 1)
        case .control:
            guard admitPanelOnly(section: "control", line: line, "a board preset holds no [control]; put it in the panel config") else { return }
            rejectRepeat(of: controls.first?.header, title: "control", line: line)
            controls.append(ControlDraft(header: header))
            open = .control(controls.count - 1)
        case .exec:
            guard admitPanelOnly(section: "exec", line: line, "a board preset holds no [exec]; put it in the panel config") else { return }
            rejectRepeat(of: execs.first?.header, title: "exec", line: line)
            execs.append(ExecDraft(header: header))
            open = .exec(execs.count - 1)
        case .mqtt:
            guard admitPanelOnly(section: "mqtt", line: line, "a board preset holds no [mqtt]; put it in the panel config") else { return }
            rejectRepeat(of: mqtts.first?.header, title: "mqtt", line: line)
            mqtts.append(MQTTDraft(header: header))
            open = .mqtt(mqtts.count - 1)
        case .button(let buttonName):
            guard admitPanelOnly(section: "button \(buttonName)", line: line,
                                 "a board preset holds no buttons; put [button NAME] sections in the panel config") else { return }
            buttons.append(ButtonDraft(name: buttonName, header: header, counts: admitButton(buttonName, line: line)))
            open = .button(buttons.count - 1)
        case .output(let outputName):
            guard admitPanelOnly(section: "output \(outputName)", line: line,
                                 "a board preset holds no outputs; put [output NAME] sections in the panel config") else { return }
            outputs.append(OutputDraft(name: outputName, header: header, counts: admitOutput(outputName, line: line)))
            open = .output(outputs.count - 1)
        case .text(let textName):
            guard admitPanelOnly(section: "text \(textName)", line: line,
                                 "a board preset holds no texts; put [text NAME] sections in the panel config") else { return }
            texts.append(TextDraft(name: textName, header: header, counts: admitItem(textName, kind: "text", line: line)))
            open = .text(texts.count - 1)
        case .page(let pageName):
            guard admitPanelOnly(section: "page \(pageName)", line: line,
                                 "a board preset holds no pages; put [page NAME] sections in the panel config") else { return }
            pages.append(PageDraft(name: pageName, header: header, counts: admitPage(pageName, line: line)))
            open = .page(pages.count - 1)
        case .slider(let sliderName):
            guard admitPanelOnly(section: "slider \(sliderName)", line: line,
                                 "a board preset holds no sliders; put [slider NAME] sections in the panel config") else { return }
            sliders.append(SliderDraft(name: sliderName, header: header, counts: admitSlider(sliderName, line: line)))
            open = .slider(sliders.count - 1)
        }
    }

    /// A header line too long to hand to libinih: its keys must not land in the section before.
    mutating func beginUnreadableSection() {
        open = .ignored
    }

    /// One `key = value` line of the section that is open; `cutComment` is what libinih
    /// dropped from its end as an inline comment.
    mutating func take(name: String, value: String, line: Int, cutComment: String? = nil) {
        let place = SourceLine(file: file, line: line)
        if case .button(let index) = open, let cutComment, value.utf8.starts(with: "exec ".utf8) {
            warnings.add(line: line, section: buttons[index].title, key: name,
                         "warning: the exec command ends before \"\(cutComment)\": libinih reads \" ;\" as the start of a comment; "
                         + "write \\; for a ; the shell should see, or put the comment on a line of its own")
        }
        switch open {
        case .none:
            errors.add(line: line, key: name, "key outside any section; put it under \(expectedSections)")
        case .ignored:
            break
        case .board(let index):
            boards[index].take(name: name, value: value, at: place, errors: &errors)
        case .display(let index):
            displays[index].take(name: name, value: value, at: place, errors: &errors)
        case .theme(let index):
            themes[index].take(name: name, value: value, at: place, errors: &errors)
        case .touch(let index):
            touches[index].take(name: name, value: value, at: place, errors: &errors)
        case .controller(let index):
            controllers[index].take(name: name, value: value, at: place, errors: &errors)
        case .backlight(let index):
            backlights[index].take(name: name, value: value, at: place, errors: &errors)
        case .control(let index):
            controls[index].take(name: name, value: value, at: place, errors: &errors)
        case .exec(let index):
            execs[index].take(name: name, value: value, at: place, errors: &errors)
        case .mqtt(let index):
            mqtts[index].take(name: name, value: value, at: place, errors: &errors)
        case .button(let index):
            buttons[index].take(name: name, value: value, at: place, errors: &errors)
        case .output(let index):
            outputs[index].take(name: name, value: value, at: place, errors: &errors)
        case .text(let index):
            texts[index].take(name: name, value: value, at: place, errors: &errors)
        case .page(let index):
            pages[index].take(name: name, value: value, at: place, errors: &errors)
        case .slider(let index):
            sliders[index].take(name: name, value: value, at: place, errors: &errors)
        }
    }

    /// A problem found outside any key: a syntax error, an overlong line, an unreadable file.
    mutating func addError(line: Int, _ message: String) {
        errors.add(line: line, message)
    }

    private mutating func rejectRepeat(of first: SourceLine?, title: String, line: Int) {
        guard let first else { return }
        errors.add(line: line, section: title,
                   "section given twice; the first [\(title)] is on line \(first.line); merge the two")
    }

    /// Sections a board preset may not hold: false (the error recorded, its keys ignored) in
    /// a preset.
    private mutating func admitPanelOnly(section: String, line: Int, _ message: String) -> Bool {
        guard role == .panel else {
            errors.add(line: line, section: section, message)
            open = .ignored
            return false
        }
        return true
    }

    /// Whether a new output with `name` can join the panel; records why not.
    private mutating func admitOutput(_ name: String, line: Int) -> Bool {
        guard admitName(name, kind: "output", article: "an", line: line, takenOnLine: outputLines[name]) else { return false }
        outputLines[name] = line
        return true
    }

    /// A valid name for `[KIND NAME]`, not taken before (`takenOnLine`: the header that took it).
    private mutating func admitName(_ name: String, kind: String, article: String, line: Int, takenOnLine: Int?) -> Bool {
        guard SectionName.isValidButtonName(name) else {
            errors.add(line: line, name.isEmpty
                ? "\(article) \(kind) section needs a name: [\(kind) NAME], NAME 1 to 32 characters of A-Z a-z 0-9 _ . -"
                : "invalid \(kind) name in [\(kind) \(name)]; expected 1 to 32 characters of A-Z a-z 0-9 _ . -, found \"\(name)\"")
            return false
        }
        if let first = takenOnLine {
            errors.add(line: line, section: "\(kind) \(name)",
                       "overlapping names: \(article) \(kind) named \"\(name)\" is already defined on line \(first)")
            return false
        }
        return true
    }

    /// Whether a new page with `name` can join the panel; records why not. `all` stands for
    /// every page in an item's `page`, so no page has that name.
    private mutating func admitPage(_ name: String, line: Int) -> Bool {
        if name == "all" {
            errors.add(line: line, section: "page all", "no page may be named all: page = all puts an item on every page")
            return false
        }
        if PageTarget.relativeWords.contains(name) {
            errors.add(line: line, section: "page \(name)", "no page may be named \(name): page \(name) is an action of its own")
            return false
        }
        guard admitName(name, kind: "page", article: "a", line: line, takenOnLine: pageLines[name]) else { return false }
        pageLines[name] = line
        guard pageLines.count <= PageLayout.capacity else {
            errors.add(line: line, section: "page \(name)", "too many pages; a panel holds at most \(PageLayout.capacity)")
            return false
        }
        return true
    }

    /// Whether a new button with `name` can join the panel; records why not.
    private mutating func admitButton(_ name: String, line: Int) -> Bool {
        admitItem(name, kind: "button", line: line)
    }

    /// Whether a new slider can join the panel: its name is an item's (one set of names for
    /// buttons, texts and sliders), and sliders have places of their own.
    private mutating func admitSlider(_ name: String, line: Int) -> Bool {
        guard admitName(name, kind: "slider", article: "a", line: line, takenOnLine: buttonLines[name]) else { return false }
        buttonLines[name] = line
        guard countedSliders < SliderLayout.capacity else {
            errors.add(line: line, section: "slider \(name)", "too many sliders; a panel holds at most \(SliderLayout.capacity)")
            return false
        }
        countedSliders += 1
        return true
    }

    /// Whether a new item (a button or a text: they share one set of names, which the
    /// control socket and the broker's topics use, and the 64 places of the drawing) can join
    /// the panel; records why not.
    private mutating func admitItem(_ name: String, kind: String, line: Int) -> Bool {
        guard admitName(name, kind: kind, article: "a", line: line, takenOnLine: buttonLines[name]) else { return false }
        buttonLines[name] = line
        guard countedButtons < ButtonLayout.capacity else {
            if !reportedTooManyButtons {
                reportedTooManyButtons = true
                errors.add(line: line, section: "\(kind) \(name)",
                           "too many buttons and texts; a panel holds at most \(ButtonLayout.capacity)")
            }
            return false
        }
        countedButtons += 1
        return true
    }
}
