import TouchCore

/// The parts of the screen no item covers, as rects: what a whole frame fills with the
/// background, so that pixels an item paints next are not written twice (on a page of 12
/// buttons, five sixths of the screen). Items are opaque rects (a button's border and fill, a
/// text's fill cover all of its rect). The screen is cut into bands at every item's top and
/// bottom; within a band the same items cross it, and what lies between them is background.
enum BackgroundRegions {
    /// `bounds` less every rect of `covered` (clipped to it), as rects that do not overlap,
    /// band by band from the top, left to right within a band.
    static func uncovered(_ bounds: Rect, by covered: [Rect]) -> [Rect] {
        let top = Int64(bounds.y), bottom = Int64(bounds.y) + Int64(bounds.height)
        let left = Int64(bounds.x), right = Int64(bounds.x) + Int64(bounds.width)
        // Each rect as 64-bit edges clipped to the bounds; empty ones dropped.
        let clipped: [(x0: Int64, y0: Int64, x1: Int64, y1: Int64)] = covered.compactMap { rect in
            let x0 = max(left, Int64(rect.x)), x1 = min(right, Int64(rect.x) + Int64(rect.width))
            let y0 = max(top, Int64(rect.y)), y1 = min(bottom, Int64(rect.y) + Int64(rect.height))
            return x0 < x1 && y0 < y1 ? (x0, y0, x1, y1) : nil
        }
        var edges = Set([top, bottom])
        for rect in clipped {
            edges.insert(rect.y0)
            edges.insert(rect.y1)
        }
        let rows = edges.sorted()
        var regions: [Rect] = []
        for band in 0..<(rows.count - 1) {
            let y0 = rows[band], y1 = rows[band + 1]
            // The items across this band, left to right; the gaps between them are background.
            let across = clipped.filter { $0.y0 <= y0 && $0.y1 >= y1 }.map { ($0.x0, $0.x1) }.sorted { $0.0 < $1.0 }
            var x = left
            for (x0, x1) in across {
                if x0 > x { regions.append(rect(x, y0, x0, y1)) }
                x = max(x, x1)
            }
            if x < right { regions.append(rect(x, y0, right, y1)) }
        }
        return regions
    }

    /// Edges inside the bounds, so each fits Int32.
    private static func rect(_ x0: Int64, _ y0: Int64, _ x1: Int64, _ y1: Int64) -> Rect {
        Rect(x: Int32(x0), y: Int32(y0), width: Int32(x1 - x0), height: Int32(y1 - y0))
    }
}
