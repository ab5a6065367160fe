import PanelConfig
import Testing
import TouchCore

@Suite("Pages: [page NAME], page = on items, swipes, page actions")
struct PageConfigTests {
    static let twoPages = display800x480 + """
        [page home]
        swipe_left = page next
        [page lights]
        swipe_right = page back
        swipe_up = emit
        home_after_s = 30
        [button lamp]
        page = lights
        rect = 0, 0, 200, 200
        on_tap = emit
        [button jog]
        page = home
        rect = 0, 200, 200, 200
        on_press = emit
        on_release = emit
        [button next]
        page = all
        rect = 700, 400, 100, 80
        on_tap = page next

        """

    @Test func pagesAndTheirItemsParse() throws {
        let config = try #require(parsed(PageConfigTests.twoPages))
        #expect(config.pages == [
            PageConfig(name: "home", swipeLeft: .page(.next), line: 4),
            PageConfig(name: "lights", homeAfter: .seconds(30), swipeRight: .page(.back), swipeUp: .emit, line: 6),
        ])
        #expect(config.buttons.map { $0.page } == [1, 0, PageLayout.allPages])
        // Hold-to-run never yields to a swipe; the others do by default.
        #expect(config.buttons.map { $0.swipe } == [true, false, true])
        #expect(config.buttons.map { $0.spec.yieldsToSwipe } == [true, false, true])
        let layout = config.makePageLayout()
        #expect(layout.count == 2)
        #expect(layout.swipePx == 60)
        #expect(layout.swipes(onPage: 0).contains(.left) && !layout.swipes(onPage: 0).contains(.right))
        #expect(layout.swipes(onPage: 1).contains(.right) && layout.swipes(onPage: 1).contains(.up))
        #expect(!layout.swipes(onPage: 1).contains(.left))
        #expect(config.effectiveText().contains("[page lights]\nhome_after_s = 30\n; swipe_left: not set (no action)\nswipe_right = page back\nswipe_up = emit\n"))
    }

    @Test func withPagesAnItemWithoutOneIsRefusedAtItsHeader() {
        #expect(renderedErrors(PageConfigTests.twoPages + "[text clock]\nrect = 300, 0, 200, 60\ntime = %H:%M\n") == [
            "panel.ini:23: [text clock]: with [page NAME] sections every item says where it is: page = NAME (one of home, lights) or page = all",
        ])
    }

    @Test func aPageThatIsNotThereIsRefused() {
        #expect(renderedErrors(PageConfigTests.twoPages + "[button fan]\npage = kitchen\nrect = 300, 0, 100, 100\n") == [
            "panel.ini:24: [button fan] page: no [page kitchen]; the pages are home, lights",
        ])
        #expect(renderedErrors(PageConfigTests.twoPages + "[button fan]\npage = all\nrect = 300, 0, 100, 100\non_tap = page garden\n") == [
            "panel.ini:26: [button fan] on_tap: no [page garden]; the pages are home, lights",
        ])
    }

    @Test func withoutPagesNeitherPageNorAPageActionIsTaken() {
        #expect(renderedErrors(display800x480 + "[button fan]\npage = home\nrect = 0, 0, 100, 100\non_tap = page next\n") == [
            "panel.ini:5: [button fan] page: page = home needs [page NAME] sections; without them the panel is one page",
            "panel.ini:7: [button fan] on_tap: page next needs pages: add [page NAME] sections and give each item page = NAME",
        ])
    }

    @Test func aHoldToRunButtonCannotYieldToASwipe() {
        #expect(renderedErrors(display800x480 + "[button jog]\nrect = 0, 0, 100, 100\non_repeat = emit\nswipe = yes\n") == [
            "panel.ini:7: [button jog] swipe: a button with on_press, on_release or on_repeat never yields to a swipe: "
                + "its press runs until its release; delete swipe = yes",
        ])
    }

    @Test func pageNamesAreNamesAndNotAll() {
        #expect(renderedErrors(display800x480 + "[page all]\n[page home]\n[page home]\n[page a b]\n") == [
            "panel.ini:4: [page all]: no page may be named all: page = all puts an item on every page",
            "panel.ini:6: [page home]: overlapping names: a page named \"home\" is already defined on line 5",
            "panel.ini:7: invalid page name in [page a b]; expected 1 to 32 characters of A-Z a-z 0-9 _ . -, found \"a b\"",
        ])
        #expect(renderedErrors(display800x480 + "[touch]\nswipe_px = 5\n") == [
            "panel.ini:5: [touch] swipe_px: expected an integer 20..2000 (pixels), found \"5\"",
        ])
    }

    /// A 4x3 grid with 8-pixel gaps on 800x480: cells of (800 - 5 * 8) / 4 = 190 by
    /// (480 - 4 * 8) / 3 = 149 pixels.
    static let gridPanel = display800x480 + """
        [page home]
        grid = 4x3
        [page more]
        grid = 2x2
        gap_px = 0
        [button a]
        page = home
        cell = 1, 1
        [button b]
        page = home
        cell = 2, 1, 3, 2
        [text clock]
        page = more
        cell = 2, 2
        time = %H:%M
        [button nav]
        page = all
        rect = 0, 0, 10, 10

        """

    @Test func cellsInAGridArePlacedByTheGrid() throws {
        let config = try #require(parsed(PageConfigTests.gridPanel))
        #expect(config.pages.map { $0.grid } == [PageGrid(columns: 4, rows: 3, gapPx: 8), PageGrid(columns: 2, rows: 2, gapPx: 0)])
        #expect(config.buttons.map { $0.rect } == [
            Rect(x: 8, y: 8, width: 190, height: 149),
            Rect(x: 206, y: 8, width: 3 * 190 + 2 * 8, height: 2 * 149 + 8),
            Rect(x: 0, y: 0, width: 10, height: 10),
        ])
        #expect(config.texts[0].rect == Rect(x: 400, y: 240, width: 400, height: 240))
        #expect(config.buttons[1].cell == GridCell(column: 2, row: 1, columnSpan: 3, rowSpan: 2))
        // The effective config gives the cell back, and reads back to the same places.
        let text = config.effectiveText()
        #expect(text.contains("[page home]\nhome_after_s = 0\ngrid = 4x3\ngap_px = 8\n"))
        #expect(text.contains("[button b]\ncell = 2, 1, 3, 2\n; rect: 206, 8, 586, 306\n"))
        let back = try #require(parsed(text))
        #expect(back.buttons.map { $0.rect } == config.buttons.map { $0.rect })
    }

    @Test func cellsThatOverlapOrLeaveTheGridOrHaveNoGridAreRefused() {
        #expect(renderedErrors(PageConfigTests.gridPanel + "[button c]\npage = home\ncell = 4, 2\n") == [
            "panel.ini:22: [button c] cell: cell 4, 2 overlaps [button b] (line 12, cell 2, 1, 3, 2) on [page home]",
        ])
        #expect(renderedErrors(PageConfigTests.gridPanel + "[button c]\npage = home\ncell = 4, 3, 2, 1\n") == [
            "panel.ini:24: [button c] cell: cell 4, 3, 2, 1 is outside [page home]'s grid of 4x3, or its gaps leave no room for a cell",
        ])
        #expect(renderedErrors(PageConfigTests.gridPanel + "[button c]\npage = all\ncell = 1, 1\n") == [
            "panel.ini:24: [button c] cell: an item on every page is placed by rect: cell = ... needs one page's grid",
        ])
        #expect(renderedErrors(PageConfigTests.gridPanel + "[button c]\npage = home\ncell = 1, 3\nrect = 0, 0, 5, 5\n") == [
            "panel.ini:24: [button c] cell: give rect or cell, not both",
        ])
        #expect(renderedErrors(display800x480 + "[page p]\ngap_px = 4\n[button c]\npage = p\ncell = 1, 1\n") == [
            "panel.ini:5: [page p] gap_px: gap_px belongs to a grid: give grid = COLUMNSxROWS",
            "panel.ini:8: [button c] cell: cell = ... needs a grid on its page: give [page p] grid = COLUMNSxROWS",
        ])
        #expect(renderedErrors(display800x480 + "[page p]\ngrid = 0x3\n") == [
            "panel.ini:5: [page p] grid: expected COLUMNSxROWS such as 4x3, each 1..24, found \"0x3\"",
        ])
    }
}
