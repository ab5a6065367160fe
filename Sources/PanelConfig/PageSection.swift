import TouchCore

/// The keys of `[page NAME]`: when it gives way to the first page, and what its swipes do.
enum PageKey: String, SectionKey, CaseIterable {
    case homeAfterS = "home_after_s"
    case grid
    case gapPx = "gap_px"
    case swipeLeft = "swipe_left"
    case swipeRight = "swipe_right"
    case swipeUp = "swipe_up"
    case swipeDown = "swipe_down"
    case image

    static let homeAfterRange = 0...86_400

    var doc: KeyDoc {
        switch self {
        case .homeAfterS:
            .value("0", "back to the first page after this long without a touch, \(KeyDoc.span(PageKey.homeAfterRange)) s; 0: never")
        case .grid:
            .words("none", "COLUMNSxROWS (each \(KeyDoc.span(PageGrid.sizeRange))): equal cells over the display, for items placed by `cell` instead of `rect`")
        case .gapPx: .value("\(PageGrid.defaultGapPx)", "with `grid`: pixels between cells and around them, \(KeyDoc.span(PageGrid.gapRange))")
        case .swipeLeft:
            .words("none", "the action of a swipe to the left on this page (any action; `page next` is the usual one); "
                   + "without one a move to the left is no swipe")
        case .swipeRight: .words("none", "the action of a swipe to the right (`page prev`)")
        case .swipeUp: .words("none", "the action of a swipe up")
        case .swipeDown: .words("none", "the action of a swipe down")
        case .image:
            .words("none", "a PNG drawn as the page's background, scaled to fit the display (keeping its shape, centred, "
                   + "the rest `background`); a path absolute or from the config file's folder")
        }
    }

    var direction: SwipeDirection? {
        switch self {
        case .homeAfterS, .grid, .gapPx, .image: nil
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
    var grid: (columns: Int, rows: Int)?
    var gapPx: Int?
    var swipes: [SwipeDirection: ActionDraft] = [:]
    /// `image` as written.
    var image: String?

    init(name: String, header: SourceLine, counts: Bool) {
        self.name = name
        self.header = header
        self.counts = counts
    }

    var title: String { "page \(name)" }

    mutating func set(_ key: PageKey, from value: String) throws(ValueProblem) {
        switch key {
        case .homeAfterS: homeAfterS = try ValueSyntax.integer(value, in: PageKey.homeAfterRange, unit: " (s, 0 for never)")
        case .grid: grid = try PageGrid.parse(value)
        case .gapPx: gapPx = try ValueSyntax.integer(value, in: PageGrid.gapRange, unit: " (pixels)")
        case .image:
            guard !value.isEmpty else { throw .expected("the path of a PNG image", found: value) }
            image = value
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
        if grid == nil, let place = place(.gapPx) {
            errors.add(at: place, section: title, key: PageKey.gapPx.rawValue, "gap_px belongs to a grid: give grid = COLUMNSxROWS")
            ok = false
        }
        guard ok else { return nil }
        return PageConfig(
            name: name, homeAfter: .seconds(orNever: homeAfterS), swipeLeft: left, swipeRight: right, swipeUp: up, swipeDown: down,
            grid: grid.map { PageGrid(columns: $0.columns, rows: $0.rows, gapPx: gapPx ?? PageGrid.defaultGapPx) },
            image: imagePath, line: header.line)
    }

    /// `image` as the file to open: a relative path is taken from the folder of the config file
    /// it is written in, so that a config and its pictures move together.
    var imagePath: String? {
        guard let image, let place = place(.image) else { return nil }
        return place.resolving(image)
    }
}
