@testable import PanelDrivers
import Testing
import TouchCore

@Suite("The background a whole frame fills: the screen less every item")
struct BackgroundRegionsTests {
    func r(_ x: Int32, _ y: Int32, _ w: Int32, _ h: Int32) -> Rect { Rect(x: x, y: y, width: w, height: h) }

    @Test func twoButtonsLeaveBandsAroundAndBetweenThem() {
        // A 100x60 screen, buttons at x 10..39 and 50..89 on rows 10..29 and 20..49.
        let regions = BackgroundRegions.uncovered(r(0, 0, 100, 60), by: [r(10, 10, 30, 20), r(50, 20, 40, 30)])
        #expect(regions == [
            r(0, 0, 100, 10),
            r(0, 10, 10, 10), r(40, 10, 60, 10),
            r(0, 20, 10, 10), r(40, 20, 10, 10), r(90, 20, 10, 10),
            r(0, 30, 50, 20), r(90, 30, 10, 20),
            r(0, 50, 100, 10),
        ])
        // Every pixel exactly once: the regions and the buttons add up to the screen.
        let area = regions.reduce(0) { $0 + Int($1.width) * Int($1.height) }
        #expect(area + 30 * 20 + 40 * 30 == 100 * 60)
    }

    @Test func overlappingAndOffScreenItemsAndNone() {
        #expect(BackgroundRegions.uncovered(r(0, 0, 10, 10), by: []) == [r(0, 0, 10, 10)])
        #expect(BackgroundRegions.uncovered(r(0, 0, 10, 10), by: [r(-5, -5, 30, 30)]).isEmpty)
        #expect(BackgroundRegions.uncovered(r(0, 0, 10, 10), by: [r(20, 20, 5, 5), r(0, 0, 0, 5)]) == [r(0, 0, 10, 10)])
        // Two overlapping items leave no gap between them.
        #expect(BackgroundRegions.uncovered(r(0, 0, 10, 4), by: [r(0, 0, 6, 4), r(4, 0, 4, 4)]) == [r(8, 0, 2, 4)])
    }
}
