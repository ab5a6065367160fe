import TouchCore

/// Where an item goes: its `rect`, or its `cell` in its page's grid. Buttons and texts share it.
enum ItemPlace {
    /// The item's rect; nil, with the reason in `errors`, for both keys or neither, a cell on
    /// every page or on a page without a grid, or a cell outside the grid. Nil without a reason
    /// when the display is missing (reported on its own).
    static func rect(
        rect: Rect?, cell: GridCell?, page: Int, pageNames: [String], pageGrids: [PageGrid?], display: DisplayConfig?,
        cellPlace: SourceLine?, header: SourceLine, section: String, errors: inout ErrorCollector
    ) -> Rect? {
        guard let cell else { return rect }
        let place = cellPlace ?? header
        guard rect == nil else {
            errors.add(at: place, section: section, key: "cell", "give rect or cell, not both")
            return nil
        }
        guard page != PageLayout.allPages else {
            errors.add(at: place, section: section, key: "cell",
                       "an item on every page is placed by rect: cell = ... needs one page's grid")
            return nil
        }
        guard pageGrids.indices.contains(page), let grid = pageGrids[page] else {
            let name = pageNames.indices.contains(page) ? pageNames[page] : "NAME"
            errors.add(at: place, section: section, key: "cell",
                       "cell = ... needs a grid on its page: give [page \(name)] grid = COLUMNSxROWS")
            return nil
        }
        guard let display else { return nil }
        guard let placed = grid.rect(of: cell, width: display.logicalWidth, height: display.logicalHeight) else {
            errors.add(at: place, section: section, key: "cell",
                       "cell \(cell.text) is outside [page \(pageNames[page])]'s grid of \(grid.columns)x\(grid.rows), "
                       + "or its gaps leave no room for a cell")
            return nil
        }
        return placed
    }

    /// Two items whose cells share a cell on one page: refused at the later one's header.
    static func refuseOverlaps(
        _ items: [(title: String, header: SourceLine, page: Int, cell: GridCell?)], pageNames: [String],
        errors: inout ErrorCollector
    ) {
        for (index, item) in items.enumerated() {
            guard let cell = item.cell else { continue }
            for earlier in items[..<index] where earlier.page == item.page {
                guard let other = earlier.cell, cell.overlaps(other) else { continue }
                errors.add(at: item.header, section: item.title, key: "cell",
                           "cell \(cell.text) overlaps [\(earlier.title)] (\(earlier.header.named(from: item.header)), cell \(other.text)) "
                           + "on [page \(pageNames.indices.contains(item.page) ? pageNames[item.page] : "?")]")
                break
            }
        }
    }
}
