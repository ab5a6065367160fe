import PanelConfig
import Testing
import TouchCore

/// Lines 4-6: a `[backlight]` that never dims nor goes off.
private let lit = display800x480 + "[backlight]\ndim_after_s = 0\noff_after_s = 0\n"

@Suite("[screensaver]: after_s, page, shift_px, antiburn_s")
struct ScreensaverSectionTests {
    @Test func theDefaultsAndTheBuiltInClock() throws {
        let config = try #require(parsed(lit + "[screensaver]\n"))
        let saver = try #require(config.screensaver)
        #expect(saver == ScreensaverConfig(afterS: 300, page: nil, clockText: 0, shiftPx: 4, antiburnS: 0, line: 7))
        // The clock is a text item of its own on a page no [page NAME] is: %H:%M, a third of
        // the height, centred on the whole display in the theme's colours.
        #expect(config.texts.count == 1)
        let clock = config.texts[0]
        #expect(clock.source == .time(format: "%H:%M"))
        #expect(clock.rect == Rect(x: 0, y: 0, width: 800, height: 480))
        #expect(clock.fontSize == 160)
        #expect(clock.alignment == .center)
        #expect(clock.page == 1)
        #expect(clock.fill == config.display.colors.background && clock.text == config.display.colors.text)
        // Its stage comes first among the idle times, by day and at night.
        #expect(config.idleTimings(atNight: false) == IdleTimings(saverAfter: .milliseconds(300_000), dimAfter: nil, offAfter: nil))
        #expect(config.makePipeline(controllerWidth: 800, controllerHeight: 480).nextDeadline == .milliseconds(300_000))
        // `check` shows it, and not the clock's text as a section.
        let text = config.effectiveText()
        #expect(text.contains("[screensaver]\nafter_s = 300\n; page: not set (the built-in clock)\nshift_px = 4\nantiburn_s = 0\n"))
        #expect(!text.contains("[text screensaver]"))
    }

    @Test func everyKeyWithAPage() throws {
        let config = try #require(parsed(lit + """
            [screensaver]
            after_s = 120
            page = clock
            shift_px = 2
            antiburn_s = 30
            [page home]
            [page clock]
            """))
        #expect(config.screensaver == ScreensaverConfig(afterS: 120, page: 1, clockText: nil, shiftPx: 2, antiburnS: 30, line: 7))
        #expect(config.texts.isEmpty)
    }

    @Test func itComesBeforeDimAndOff() {
        #expect(renderedErrors(display800x480 + "[backlight]\ndim_after_s = 60\n[screensaver]\nafter_s = 60\n") == [
            "panel.ini:7: [screensaver] after_s: after_s 60 must be shorter than [backlight] dim_after_s 60: the saver comes before dimming and off (all count from the last lift)",
        ])
        #expect(renderedErrors(display800x480 + "[backlight]\ndim_after_s = 0\noff_after_s = 100\n[screensaver]\nafter_s = 200\n") == [
            "panel.ini:8: [screensaver] after_s: after_s 200 must be shorter than [backlight] off_after_s 100: the saver comes before dimming and off (all count from the last lift)",
        ])
        #expect(renderedErrors(lit + "night = 22:00-06:00\nnight_off_after_s = 30\n[screensaver]\nafter_s = 30\n") == [
            "panel.ini:10: [screensaver] after_s: after_s 30 must be shorter than [backlight] night_off_after_s 30: the saver comes before dimming and off (all count from the last lift)",
        ])
        // The default dim_after_s (60) comes before the default after_s (300).
        #expect(renderedErrors(display800x480 + "[backlight]\n[screensaver]\n") == [
            "panel.ini:5: [screensaver] after_s: after_s 300 must be shorter than [backlight] dim_after_s 60: the saver comes before dimming and off (all count from the last lift)",
        ])
    }

    @Test func itNeedsBacklightAndAPageThatIsThere() {
        #expect(renderedErrors(display800x480 + "[screensaver]\nafter_s = 60\n") == [
            "panel.ini:4: [screensaver]: [screensaver] needs a [backlight] section: its after_s counts from the last lift as the idle blanking does",
        ])
        #expect(renderedErrors(lit + "[screensaver]\npage = clok\n[page home]\n[page clock]\n") == [
            "panel.ini:8: [screensaver] page: no [page clok]; the pages are home, clock",
        ])
        #expect(renderedErrors(lit + "[screensaver]\npage = clock\n") == [
            "panel.ini:8: [screensaver] page: no [page clock]; there are no [page NAME] sections",
        ])
    }

    @Test func badValuesNameTheirLine() {
        #expect(renderedErrors(lit + "[screensaver]\nafter_s = 0\nshift_px = 33\nantiburn_s = -1\nshift = 2\n") == [
            "panel.ini:8: [screensaver] after_s: expected an integer 1..86400 (seconds), found \"0\"",
            "panel.ini:9: [screensaver] shift_px: expected an integer 0..32 (pixels), found \"33\"",
            "panel.ini:10: [screensaver] antiburn_s: expected an integer 0..3600 (seconds, 0 for never), found \"-1\"",
            "panel.ini:11: [screensaver] shift: unknown key; valid keys: after_s, page, shift_px, antiburn_s",
        ])
        #expect(renderedErrors(lit + "[screensaver]\n[screensaver]\n") == [
            "panel.ini:8: [screensaver]: section given twice; the first [screensaver] is on line 7; merge the two",
        ])
    }
}
