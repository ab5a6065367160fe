import TouchCore

/// The keys every item takes, whatever its kind: where it is (`rect`, or `cell` in its page's
/// grid), its page, its name in Home Assistant, and the Home Assistant entity it shows. Their values, their docs and their checks
/// are written here once; each item's key enum lists them among its own keys (where it lists
/// them is where messages and the config reference's table do) and hands them over (`ItemDraft`).
enum ItemKey: String, CaseIterable {
    case rect
    case cell
    case page
    case title
    case entity
    /// Whether a press plays `[feedback]`'s pulse: buttons, sliders and dials take it.
    case feedback

    /// Its row in the config reference's key tables (docs/config-reference.md); `title` says what the item is called when it is not
    /// given (`titleDefault`) and what it names (`titleWhat`).
    static func doc(_ key: ItemKey, titleDefault: String = "its name", titleWhat: String = "its name in Home Assistant") -> KeyDoc {
        switch key {
        case .rect: .words("required unless `cell`", "x, y, width, height in display pixels, inside the display as rotated")
        case .cell: .words("none", "COLUMN, ROW[, COLUMNSPAN, ROWSPAN] from 1 at the top left, in its page's `grid`, instead of `rect`")
        case .page: .words("none", "with `[page NAME]` sections, required: the page it is on, or `all` (on every page, above the page's own)")
        case .title: .words(titleDefault, titleWhat)
        case .entity: .words("none", "a Home Assistant entity (`light.hall`) the item shows and drives (needs `[homeassistant]`)")
        case .feedback: .value("yes", "`no`: its press plays no `[feedback]` pulse")
        }
    }
}

/// The values of the keys every item takes, while its section is read.
struct ItemCommonValues {
    var rect: Rect?
    /// The rect as written, to quote when it turns out not to fit the display.
    var rectText = ""
    var pageName: String?
    var cell: GridCell?
    var entityTitle: String?
    /// `entity`: the Home Assistant entity the item is bound to.
    var entity: EntityID?
    /// `feedback`: nil when not given (yes).
    var feedback: Bool?

    mutating func set(_ key: ItemKey, from value: String) throws(ValueProblem) {
        switch key {
        case .rect:
            rectText = value
            rect = try ValueSyntax.rect(value)
        case .cell: cell = try GridCell.parse(value)
        case .page: pageName = try ItemPage.name(value)
        case .title: entityTitle = try ValueSyntax.entityTitle(value)
        case .entity:
            guard let id = EntityID(value) else { throw .expected(EntityID.grammar, found: value) }
            entity = id
        case .feedback: feedback = try ValueSyntax.boolean(value)
        }
    }
}

/// The section of an item: it keeps the common keys' values in `common`, and finishes them
/// with the checks below.
protocol ItemDraft: SectionDraft {
    var common: ItemCommonValues { get set }
    /// What the item is called in messages: `button`, `text`, `slider`.
    static var noun: String { get }
}

extension ItemDraft {
    /// Records that the item has no place when it gives neither `rect` nor `cell`.
    func requirePlace(errors: inout ErrorCollector) {
        guard common.cell == nil else { return }
        given.require(ItemKey.rect.rawValue, "the \(Self.noun)'s place as rect = x, y, width, height in display pixels",
                      header: header, section: title, errors: &errors)
    }

    /// The item's page (rule 10); nil, with the reason in `errors`, when it has none it can be on.
    func resolvedPage(pageNames: [String], errors: inout ErrorCollector) -> Int? {
        ItemPage.resolve(common.pageName, pageNames: pageNames, at: given.place(of: ItemKey.page.rawValue), header: header,
                         section: title, errors: &errors)
    }

    /// The item's rect on `page`, from `rect` or from its cell in the page's grid, inside the
    /// display; nil, with the reason in `errors`, when it has none or it does not fit.
    func resolvedRect(
        page: Int, pageNames: [String], pageGrids: [PageGrid?], display: DisplayConfig?, errors: inout ErrorCollector
    ) -> Rect? {
        guard let rect = ItemPlace.rect(
                rect: common.rect, cell: common.cell, page: page, pageNames: pageNames, pageGrids: pageGrids, display: display,
                cellPlace: given.place(of: ItemKey.cell.rawValue), header: header, section: title, errors: &errors),
            ItemPlace.rect(rect, fits: display, written: common.rectText, at: given.place(of: ItemKey.rect.rawValue) ?? header,
                             section: title, errors: &errors)
        else { return nil }
        return rect
    }
}

extension ItemPlace {
    /// Whether an item's `rect` fits `display` (always, without one: the missing display is
    /// reported on its own); records why not.
    static func rect(
        _ rect: Rect, fits display: DisplayConfig?, written: String, at place: SourceLine, section: String,
        errors: inout ErrorCollector
    ) -> Bool {
        guard let display, !ItemPlace.rect(rect, fits: display) else { return true }
        errors.add(at: place, section: section, key: ItemKey.rect.rawValue,
                   ValueProblem.expected("a rect inside the \(display.logicalWidth)x\(display.logicalHeight) display", found: written).message)
        return false
    }

    /// Written so that nothing can overflow: sizes are at most 8192 and at least 1.
    static func rect(_ rect: Rect, fits display: DisplayConfig) -> Bool {
        rect.x >= 0 && rect.y >= 0
            && rect.width <= display.logicalWidth && rect.height <= display.logicalHeight
            && rect.x <= display.logicalWidth - rect.width && rect.y <= display.logicalHeight - rect.height
    }
}
