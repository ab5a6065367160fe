import TouchCore

/// The keys of `[page NAME]`: when it gives way to the first page, and what its swipes do.
enum PageKey: String, SectionKey, CaseIterable {
    case homeAfterS = "home_after_s"
    case swipeLeft = "swipe_left"
    case swipeRight = "swipe_right"
    case swipeUp = "swipe_up"
    case swipeDown = "swipe_down"

    static let homeAfterRange = 0...86_400

    var doc: KeyDoc {
        switch self {
        case .homeAfterS:
            .value("0", "back to the first page after this long without a touch, \(KeyDoc.span(PageKey.homeAfterRange)) s; 0: never")
        case .swipeLeft:
            .words("none", "the action of a swipe to the left on this page (any action; `page next` is the usual one); "
                   + "without one a move to the left is no swipe")
        case .swipeRight: .words("none", "the action of a swipe to the right (`page prev`)")
        case .swipeUp: .words("none", "the action of a swipe up")
        case .swipeDown: .words("none", "the action of a swipe down")
        }
    }

    var direction: SwipeDirection? {
        switch self {
        case .homeAfterS: nil
        case .swipeLeft: .left
        case .swipeRight: .right
        case .swipeUp: .up
        case .swipeDown: .down
        }
    }
}

/// `[page NAME]` while it is read.
struct PageDraft: SectionDraft {
    let name: String
    let header: SourceLine
    let counts: Bool
    var given = GivenKeys()
    var homeAfterS: Int?
    var swipes: [SwipeDirection: ActionDraft] = [:]

    init(name: String, header: SourceLine, counts: Bool) {
        self.name = name
        self.header = header
        self.counts = counts
    }

    var title: String { "page \(name)" }

    mutating func set(_ key: PageKey, from value: String) throws(ValueProblem) {
        switch key {
        case .homeAfterS: homeAfterS = try ValueSyntax.integer(value, in: PageKey.homeAfterRange, unit: " (s, 0 for never)")
        case .swipeLeft, .swipeRight, .swipeUp, .swipeDown:
            guard let direction = key.direction else { return }
            swipes[direction] = try ActionDraft(parsing: value)
        }
    }

    /// The page; nil (and why in `errors`) when a swipe's action names an output, a line or a
    /// page that is not there.
    func finish(outputs: [OutputConfig], controller: ControllerConfig?, pageNames: [String], errors: inout ErrorCollector) -> PageConfig? {
        var ok = true
        func action(_ key: PageKey) -> ButtonAction? {
            guard let direction = key.direction, let draft = swipes[direction] else { return nil }
            return draft.resolve(
                at: place(key) ?? header, section: title, key: key.rawValue, outputs: outputs, controller: controller,
                pageNames: pageNames, ok: &ok, errors: &errors)
        }
        let left = action(.swipeLeft), right = action(.swipeRight), up = action(.swipeUp), down = action(.swipeDown)
        guard ok else { return nil }
        return PageConfig(
            name: name, homeAfterS: homeAfterS ?? 0, swipeLeft: left, swipeRight: right, swipeUp: up, swipeDown: down,
            line: header.line)
    }
}
