import TouchCore

/// `[page] grid = COLUMNSxROWS` with `gap_px`: equal cells over the whole display, `gap_px`
/// between them and around them, so that items are placed by `cell` instead of pixel
/// arithmetic. A cell's width is what the columns and gaps leave, divided evenly (the pixels
/// a division leaves over stay at the right and bottom edges).
public struct PageGrid: Equatable, Sendable {
    public static let sizeRange = 1...24
    public static let gapRange = 0...200
    public static let defaultGapPx = 8

    public var columns: Int
    public var rows: Int
    public var gapPx: Int

    public init(columns: Int, rows: Int, gapPx: Int = PageGrid.defaultGapPx) {
        self.columns = columns
        self.rows = rows
        self.gapPx = gapPx
    }

    /// `COLUMNSxROWS`, each 1..24.
    static func parse(_ text: String) throws(ValueProblem) -> (columns: Int, rows: Int) {
        let parts = Array(text.utf8).split(separator: UInt8(ascii: "x"), omittingEmptySubsequences: false)
        guard parts.count == 2, let columns = ValueSyntax.integer(parts[0]), let rows = ValueSyntax.integer(parts[1]),
            sizeRange.contains(columns), sizeRange.contains(rows)
        else {
            throw .expected("COLUMNSxROWS such as 4x3, each 1..24", found: text)
        }
        return (columns, rows)
    }

    /// The cell's rect on a display of `width` x `height` (as rotated); nil when the cell lies
    /// outside the grid or the gaps leave no room for a cell.
    public func rect(of cell: GridCell, width: Int32, height: Int32) -> Rect? {
        guard cell.column >= 1, cell.row >= 1, cell.column - 1 + cell.columnSpan <= columns,
            cell.row - 1 + cell.rowSpan <= rows
        else { return nil }
        let cellWidth = (Int(width) - gapPx * (columns + 1)) / columns
        let cellHeight = (Int(height) - gapPx * (rows + 1)) / rows
        guard cellWidth >= 1, cellHeight >= 1 else { return nil }
        let x = gapPx + (cell.column - 1) * (cellWidth + gapPx)
        let y = gapPx + (cell.row - 1) * (cellHeight + gapPx)
        return Rect(
            x: Int32(x), y: Int32(y), width: Int32(cell.columnSpan * cellWidth + (cell.columnSpan - 1) * gapPx),
            height: Int32(cell.rowSpan * cellHeight + (cell.rowSpan - 1) * gapPx))
    }
}

/// An item's `cell = COLUMN, ROW[, COLUMNSPAN, ROWSPAN]`: counted from 1 at the top left.
public struct GridCell: Equatable, Sendable {
    public var column: Int
    public var row: Int
    public var columnSpan: Int
    public var rowSpan: Int

    public init(column: Int, row: Int, columnSpan: Int = 1, rowSpan: Int = 1) {
        self.column = column
        self.row = row
        self.columnSpan = columnSpan
        self.rowSpan = rowSpan
    }

    static func parse(_ text: String) throws(ValueProblem) -> GridCell {
        let numbers = Array(text.utf8).split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map {
            ValueSyntax.integer(ValueSyntax.trimmed($0))
        }
        guard numbers.count == 2 || numbers.count == 4, numbers.allSatisfy({ $0 != nil && $0! >= 1 && $0! <= 24 }) else {
            throw .expected("COLUMN, ROW or COLUMN, ROW, COLUMNSPAN, ROWSPAN, each 1..24", found: text)
        }
        let values = numbers.map { $0! }
        return GridCell(column: values[0], row: values[1], columnSpan: values.count == 4 ? values[2] : 1,
                        rowSpan: values.count == 4 ? values[3] : 1)
    }

    /// Whether the two share a cell.
    func overlaps(_ other: GridCell) -> Bool {
        column < other.column + other.columnSpan && other.column < column + columnSpan
            && row < other.row + other.rowSpan && other.row < row + rowSpan
    }

    /// As `cell =` takes it.
    public var text: String {
        columnSpan == 1 && rowSpan == 1 ? "\(column), \(row)" : "\(column), \(row), \(columnSpan), \(rowSpan)"
    }
}
