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
/// It knows nothing of libinih or bytes: `IniSections` tells it where sections start and which
/// `key = value` pairs they hold, each with its file and line (a config may include others).
struct ConfigBuilder {
    /// Where the `key = value` lines being read go.
    private enum OpenSection {
        /// Before the first header.
        case none
        /// An unknown section, or a header that could not be read: its keys are not checked,
        /// its header already carries the error.
        case ignored
        /// A section of the registry (`beginSection`): `take` hands it one line, and the
        /// comment libinih cut from its end.
        case section(take: (inout SectionDrafts, inout Messages, _ name: String, _ value: String, SourceLine, _ cutComment: String?) -> Void)
    }

    /// Every section of each kind in file order. Only the first `[board]`, `[display]`,
    /// `[touch]` and `[controller]` count; later ones are errors whose keys are still checked.
    struct SectionDrafts {
        var boards: [BoardDraft] = []
        var displays: [DisplayDraft] = []
        var themes: [ThemeDraft] = []
        var touches: [TouchDraft] = []
        var controllers: [ControllerDraft] = []
        var backlights: [BacklightDraft] = []
        var screensavers: [ScreensaverDraft] = []
        var presences: [PresenceDraft] = []
        var controls: [ControlDraft] = []
        var execs: [ExecDraft] = []
        var mqtts: [MQTTDraft] = []
        var homeAssistants: [HomeAssistantDraft] = []
        var feedbacks: [FeedbackDraft] = []
        var fleets: [FleetDraft] = []
        var panels: [PanelDraft] = []
        var buttons: [ButtonDraft] = []
        var outputs: [OutputDraft] = []
        var texts: [TextDraft] = []
        var pages: [PageDraft] = []
        var sliders: [SliderDraft] = []
        var qrCodes: [QRCodeDraft] = []
        var dials: [DialDraft] = []
        var charts: [ChartDraft] = []
    }

    /// What is wrong, and what is valid but likely not what was meant (an exec command cut by
    /// a comment).
    struct Messages {
        var errors: ErrorCollector
        var warnings: ErrorCollector
    }

    /// Hands `body` one kind's list of drafts in place (Embedded Swift has no key paths).
    typealias DraftList<Draft> = (inout SectionDrafts, (inout [Draft]) -> Void) -> Void

    let role: ConfigFileRole
    private var messages: Messages
    var errors: ErrorCollector { messages.errors }
    var warnings: ErrorCollector { messages.warnings }
    private var open = OpenSection.none
    private var drafts = SectionDrafts()
    var buttons: [ButtonDraft] { drafts.buttons }
    var outputs: [OutputDraft] { drafts.outputs }
    var texts: [TextDraft] { drafts.texts }
    var pages: [PageDraft] { drafts.pages }
    var sliders: [SliderDraft] { drafts.sliders }
    var qrCodes: [QRCodeDraft] { drafts.qrCodes }
    var dials: [DialDraft] { drafts.dials }
    var charts: [ChartDraft] { drafts.charts }
    private var countedSliders = 0
    private var countedQRCodes = 0
    private var countedCharts = 0
    /// Header of each page name taken.
    private var pageLines: [String: SourceLine] = [:]
    /// Header of each output name taken.
    private var outputLines: [String: SourceLine] = [:]
    /// Header of each button name taken, to point at the first of two buttons with one name.
    private var buttonLines: [String: SourceLine] = [:]
    private var countedButtons = 0
    private var reportedTooManyButtons = false

    init(file: String, role: ConfigFileRole = .panel) {
        self.role = role
        messages = Messages(errors: ErrorCollector(file: file), warnings: ErrorCollector(file: file))
    }

    var file: String { errors.file }

    /// The sections that count, as this file gives them.
    var board: BoardDraft? { drafts.boards.first }
    var display: DisplayDraft? { drafts.displays.first }
    var theme: ThemeDraft? { drafts.themes.first }
    var touch: TouchDraft? { drafts.touches.first }
    var controller: ControllerDraft? { drafts.controllers.first }
    var backlight: BacklightDraft? { drafts.backlights.first }
    var screensaver: ScreensaverDraft? { drafts.screensavers.first }
    var presence: PresenceDraft? { drafts.presences.first }
    var control: ControlDraft? { drafts.controls.first }
    var exec: ExecDraft? { drafts.execs.first }
    var mqtt: MQTTDraft? { drafts.mqtts.first }
    var homeAssistant: HomeAssistantDraft? { drafts.homeAssistants.first }
    var feedback: FeedbackDraft? { drafts.feedbacks.first }
    var fleet: FleetDraft? { drafts.fleets.first }
    /// `[panel]` (`panel` is the config file the builder reads).
    var panelSection: PanelDraft? { drafts.panels.first }

    private var expectedSections: String {
        role == .panel ? SectionName.expectedList : SectionName.expectedPresetList
    }

    // MARK: Reading

    /// A `[header]` line; `text` is what stands between the brackets.
    mutating func beginSection(_ text: String, at line: SourceLine) {
        guard let name = SectionName(header: text) else {
            messages.errors.add(at: line, "unknown section [\(text)]; expected \(expectedSections)")
            open = .ignored
            return
        }
        // The registry of sections: each kind's list, whether a board preset may hold it, and
        // for the named ones what admits a name.
        let inPreset = role == .preset
        switch name {
        case .board: openSingle({ $1(&$0.boards) }, "board", line: line) { BoardDraft(header: $0, inPreset: inPreset) }
        case .display: openSingle({ $1(&$0.displays) }, "display", line: line) { DisplayDraft(header: $0) }
        case .theme:
            openSingle({ $1(&$0.themes) }, "theme", line: line, presetRefusal: "a board preset holds no [theme]: looks are the panel's; put it in the panel config") {
                ThemeDraft(header: $0)
            }
        case .touch: openSingle({ $1(&$0.touches) }, "touch", line: line) { TouchDraft(header: $0) }
        case .controller: openSingle({ $1(&$0.controllers) }, "controller", line: line) { ControllerDraft(header: $0) }
        case .backlight:
            openSingle({ $1(&$0.backlights) }, "backlight", line: line, presetRefusal: "a board preset holds no [backlight]; put it in the panel config") {
                BacklightDraft(header: $0)
            }
        case .screensaver:
            openSingle({ $1(&$0.screensavers) }, "screensaver", line: line, presetRefusal: "a board preset holds no [screensaver]; put it in the panel config") {
                ScreensaverDraft(header: $0)
            }
        case .presence:
            openSingle({ $1(&$0.presences) }, "presence", line: line, presetRefusal: "a board preset holds no [presence]; put it in the panel config") {
                PresenceDraft(header: $0)
            }
        case .control:
            openSingle({ $1(&$0.controls) }, "control", line: line, presetRefusal: "a board preset holds no [control]; put it in the panel config") {
                ControlDraft(header: $0)
            }
        case .exec:
            openSingle({ $1(&$0.execs) }, "exec", line: line, presetRefusal: "a board preset holds no [exec]; put it in the panel config") {
                ExecDraft(header: $0)
            }
        case .mqtt:
            openSingle({ $1(&$0.mqtts) }, "mqtt", line: line, presetRefusal: "a board preset holds no [mqtt]; put it in the panel config") {
                MQTTDraft(header: $0)
            }
        case .homeAssistant:
            openSingle({ $1(&$0.homeAssistants) }, "homeassistant", line: line,
                       presetRefusal: "a board preset holds no [homeassistant]; put it in the panel config") {
                HomeAssistantDraft(header: $0)
            }
        case .feedback:
            openSingle({ $1(&$0.feedbacks) }, "feedback", line: line, presetRefusal: "a board preset holds no [feedback]; put it in the panel config") {
                FeedbackDraft(header: $0)
            }
        case .fleet:
            openSingle({ $1(&$0.fleets) }, "fleet", line: line, presetRefusal: "a board preset holds no [fleet]; put it in the panel config") {
                FleetDraft(header: $0)
            }
        case .panel:
            openSingle({ $1(&$0.panels) }, "panel", line: line, presetRefusal: "a board preset holds no [panel]; put it in the panel config") {
                PanelDraft(header: $0)
            }
        case .button(let name):
            openNamed({ $1(&$0.buttons) }, "button", name, line: line, admit: { $0.admitItem(name, kind: "button", line: line) },
                      presetRefusal: "a board preset holds no buttons; put [button NAME] sections in the panel config", ButtonDraft.init)
        case .output(let name):
            openNamed({ $1(&$0.outputs) }, "output", name, line: line, admit: { $0.admitOutput(name, line: line) },
                      presetRefusal: "a board preset holds no outputs; put [output NAME] sections in the panel config", OutputDraft.init)
        case .text(let name):
            openNamed({ $1(&$0.texts) }, "text", name, line: line, admit: { $0.admitItem(name, kind: "text", line: line) },
                      presetRefusal: "a board preset holds no texts; put [text NAME] sections in the panel config", TextDraft.init)
        case .page(let name):
            openNamed({ $1(&$0.pages) }, "page", name, line: line, admit: { $0.admitPage(name, line: line) },
                      presetRefusal: "a board preset holds no pages; put [page NAME] sections in the panel config", PageDraft.init)
        case .slider(let name):
            openNamed({ $1(&$0.sliders) }, "slider", name, line: line, admit: { $0.admitSlider(name, kind: "slider", line: line) },
                      presetRefusal: "a board preset holds no sliders; put [slider NAME] sections in the panel config", SliderDraft.init)
        case .qr(let name):
            openNamed({ $1(&$0.qrCodes) }, "qr", name, line: line, admit: { $0.admitQRCode(name, line: line) },
                      presetRefusal: "a board preset holds no QR codes; put [qr NAME] sections in the panel config", QRCodeDraft.init)
        case .dial(let name):
            openNamed({ $1(&$0.dials) }, "dial", name, line: line, admit: { $0.admitSlider(name, kind: "dial", line: line) },
                      presetRefusal: "a board preset holds no dials; put [dial NAME] sections in the panel config", DialDraft.init)
        case .chart(let name):
            openNamed({ $1(&$0.charts) }, "chart", name, line: line, admit: { $0.admitChart(name, line: line) },
                      presetRefusal: "a board preset holds no charts; put [chart NAME] sections in the panel config", ChartDraft.init)
        }
    }

    /// Opens a section a file holds at most one of (a second is an error whose keys are still
    /// checked); `presetRefusal` says why a board preset may not hold it.
    private mutating func openSingle<Draft: SectionDraft>(
        _ list: @escaping DraftList<Draft>, _ title: String, line: SourceLine, presetRefusal: String? = nil,
        _ make: (SourceLine) -> Draft
    ) {
        if let presetRefusal {
            guard admitPanelOnly(section: title, line: line, presetRefusal) else { return }
        }
        var first: SourceLine?
        list(&drafts) { first = $0.first?.header }
        rejectRepeat(of: first, title: title, line: line)
        open(make(line), in: list)
    }

    /// Opens `[KIND NAME]`, a section of the panel config only; `admit` records why the name
    /// cannot join the panel (the draft is still read, and does not count).
    private mutating func openNamed<Draft: SectionDraft>(
        _ list: @escaping DraftList<Draft>, _ kind: String, _ name: String, line: SourceLine,
        admit: (inout ConfigBuilder) -> Bool, presetRefusal: String, _ make: (String, SourceLine, Bool) -> Draft
    ) {
        guard admitPanelOnly(section: "\(kind) \(name)", line: line, presetRefusal) else { return }
        let counts = admit(&self)
        open(make(name, line, counts), in: list)
    }

    /// Appends `draft` to its list and routes the lines that follow to it.
    private mutating func open<Draft: SectionDraft>(_ draft: Draft, in list: @escaping DraftList<Draft>) {
        var index = 0
        list(&drafts) { all in
            all.append(draft)
            index = all.count - 1
        }
        open = .section { drafts, messages, name, value, place, cutComment in
            list(&drafts) { all in
                if let cutComment, let warning = all[index].warning(key: name, value: value, cutComment: cutComment) {
                    messages.warnings.add(at: place, section: all[index].title, key: name, warning)
                }
                all[index].take(name: name, value: value, at: place, errors: &messages.errors)
            }
        }
    }

    /// A header line too long to hand to libinih: its keys must not land in the section before.
    mutating func beginUnreadableSection() {
        open = .ignored
    }

    /// One `key = value` line of the section that is open; `cutComment` is what libinih
    /// dropped from its end as an inline comment.
    mutating func take(name: String, value: String, at place: SourceLine, cutComment: String? = nil) {
        switch open {
        case .none:
            messages.errors.add(at: place, key: name, "key outside any section; put it under \(expectedSections)")
        case .ignored:
            break
        case .section(let take):
            take(&drafts, &messages, name, value, place, cutComment)
        }
    }

    /// A problem found outside any key: a syntax error, an overlong line, an unreadable file.
    mutating func addError(at place: SourceLine, _ message: String) {
        messages.errors.add(at: place, message)
    }

    private mutating func rejectRepeat(of first: SourceLine?, title: String, line: SourceLine) {
        guard let first else { return }
        messages.errors.add(at: line, section: title,
                   "section given twice; the first [\(title)] is on \(first.named(from: line)); merge the two")
    }

    /// Sections a board preset may not hold: false (the error recorded, its keys ignored) in
    /// a preset.
    private mutating func admitPanelOnly(section: String, line: SourceLine, _ message: String) -> Bool {
        guard role == .panel else {
            messages.errors.add(at: line, section: section, message)
            open = .ignored
            return false
        }
        return true
    }

    /// Whether a new output with `name` can join the panel; records why not.
    private mutating func admitOutput(_ name: String, line: SourceLine) -> Bool {
        guard admitName(name, kind: "output", article: "an", line: line, takenOnLine: outputLines[name]) else { return false }
        outputLines[name] = line
        return true
    }

    /// A valid name for `[KIND NAME]`, not taken before (`takenOnLine`: the header that took it).
    private mutating func admitName(_ name: String, kind: String, article: String, line: SourceLine, takenOnLine: SourceLine?) -> Bool {
        guard SectionName.isValidButtonName(name) else {
            messages.errors.add(at: line, name.isEmpty
                ? "\(article) \(kind) section needs a name: [\(kind) NAME], NAME 1 to 32 characters of A-Z a-z 0-9 _ . -"
                : "invalid \(kind) name in [\(kind) \(name)]; expected 1 to 32 characters of A-Z a-z 0-9 _ . -, found \"\(name)\"")
            return false
        }
        if let first = takenOnLine {
            messages.errors.add(at: line, section: "\(kind) \(name)",
                       "overlapping names: \(article) \(kind) named \"\(name)\" is already defined on \(first.named(from: line))")
            return false
        }
        return true
    }

    /// Whether a new page with `name` can join the panel; records why not. `all` stands for
    /// every page in an item's `page`, so no page has that name.
    private mutating func admitPage(_ name: String, line: SourceLine) -> Bool {
        if name == "all" {
            messages.errors.add(at: line, section: "page all", "no page may be named all: page = all puts an item on every page")
            return false
        }
        if PageTarget.relativeWords.contains(name) {
            messages.errors.add(at: line, section: "page \(name)", "no page may be named \(name): page \(name) is an action of its own")
            return false
        }
        guard admitName(name, kind: "page", article: "a", line: line, takenOnLine: pageLines[name]) else { return false }
        pageLines[name] = line
        guard pageLines.count <= PageLayout.capacity else {
            messages.errors.add(at: line, section: "page \(name)", "too many pages; a panel holds at most \(PageLayout.capacity)")
            return false
        }
        return true
    }

    /// Whether a new slider or dial (`kind`) can join the panel: its name is an item's (one
    /// set of names for buttons, texts and sliders), and sliders and dials share places of
    /// their own.
    private mutating func admitSlider(_ name: String, kind: String, line: SourceLine) -> Bool {
        guard admitName(name, kind: kind, article: "a", line: line, takenOnLine: buttonLines[name]) else { return false }
        buttonLines[name] = line
        guard countedSliders < SliderLayout.capacity else {
            messages.errors.add(at: line, section: "\(kind) \(name)", "too many sliders and dials; a panel holds at most \(SliderLayout.capacity)")
            return false
        }
        countedSliders += 1
        return true
    }

    /// Whether a new chart can join the panel: its name is an item's, and a panel holds at
    /// most `ChartConfig.capacity` (each keeps a ring and a file).
    private mutating func admitChart(_ name: String, line: SourceLine) -> Bool {
        guard admitName(name, kind: "chart", article: "a", line: line, takenOnLine: buttonLines[name]) else { return false }
        buttonLines[name] = line
        guard countedCharts < ChartConfig.capacity else {
            messages.errors.add(at: line, section: "chart \(name)", "too many charts; a panel holds at most \(ChartConfig.capacity)")
            return false
        }
        countedCharts += 1
        return true
    }

    /// Whether a new QR code can join the panel: its name is an item's, and QR codes have
    /// places of their own.
    private mutating func admitQRCode(_ name: String, line: SourceLine) -> Bool {
        guard admitName(name, kind: "qr", article: "a", line: line, takenOnLine: buttonLines[name]) else { return false }
        buttonLines[name] = line
        guard countedQRCodes < QRLayout.capacity else {
            messages.errors.add(at: line, section: "qr \(name)", "too many QR codes; a panel holds at most \(QRLayout.capacity)")
            return false
        }
        countedQRCodes += 1
        return true
    }

    /// Whether a new item (a button or a text: they share one set of names, which the
    /// control socket and the broker's topics use, and the 64 places of the drawing) can join
    /// the panel; records why not.
    private mutating func admitItem(_ name: String, kind: String, line: SourceLine) -> Bool {
        guard admitName(name, kind: kind, article: "a", line: line, takenOnLine: buttonLines[name]) else { return false }
        buttonLines[name] = line
        guard countedButtons < ButtonLayout.capacity else {
            if !reportedTooManyButtons {
                reportedTooManyButtons = true
                messages.errors.add(at: line, section: "\(kind) \(name)",
                           "too many buttons and texts; a panel holds at most \(ButtonLayout.capacity)")
            }
            return false
        }
        countedButtons += 1
        return true
    }
}
