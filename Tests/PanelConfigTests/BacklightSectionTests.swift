import PanelConfig
import Testing
import TouchCore

@Suite("[backlight]: idle blanking's device, levels and times")
struct BacklightSectionTests {
    @Test func withoutTheSectionThereIsNoBlanking() throws {
        let config = try #require(parsed(display800x480))
        #expect(config.backlight == nil)
        #expect(config.makePipeline(controllerWidth: 800, controllerHeight: 480).wakeGate.timings == nil)
    }

    @Test func anEmptySectionTakesTheDefaults() throws {
        let config = try #require(parsed(display800x480 + "[backlight]\n"))
        #expect(config.backlight == BacklightConfig(device: nil, brightnessPercent: 100, dimBrightnessPercent: 20, dimAfterS: 60, offAfterS: 300))
        #expect(config.backlight?.idleTimings == IdleTimings(dimAfter: .milliseconds(60_000), offAfter: .milliseconds(300_000)))
    }

    @Test func everyKey() throws {
        let config = try #require(parsed(display800x480 + """
            [backlight]
            device = 10-0045
            brightness = 80
            dim_brightness = 10
            dim_after_s = 0
            off_after_s = 600
            """))
        #expect(config.backlight == BacklightConfig(device: "10-0045", brightnessPercent: 80, dimBrightnessPercent: 10, dimAfterS: 0, offAfterS: 600))
        #expect(config.backlight?.idleTimings == IdleTimings(dimAfter: nil, offAfter: .milliseconds(600_000)))
        let pipeline = config.makePipeline(controllerWidth: 800, controllerHeight: 480, startedAt: .milliseconds(5_000))
        #expect(pipeline.nextDeadline == .milliseconds(605_000))
    }

    @Test func offMustComeAfterDimAndDimMustBeDimmer() {
        #expect(renderedErrors(display800x480 + "[backlight]\ndim_after_s = 120\noff_after_s = 120\n") == [
            "panel.ini:6: [backlight] off_after_s: off_after_s 120 must be longer than dim_after_s 120 (both count from the last touch), or 0 for never",
        ])
        #expect(renderedErrors(display800x480 + "[backlight]\nbrightness = 40\ndim_brightness = 50\n") == [
            "panel.ini:6: [backlight] dim_brightness: dim_brightness 50 is brighter than brightness 40",
        ])
        // Without a dim stage the dim level does not matter.
        #expect(renderedErrors(display800x480 + "[backlight]\nbrightness = 40\ndim_brightness = 50\ndim_after_s = 0\n") == [])
    }

    @Test func badValuesNameTheirLine() {
        #expect(renderedErrors(display800x480 + "[backlight]\ndevice = ../../dev/mem\nbrightness = 0\ndim_after_s = -1\nof_after_s = 3\n") == [
            "panel.ini:5: [backlight] device: expected a name in /sys/class/backlight such as 10-0045 or rpi_backlight, found \"../../dev/mem\"",
            "panel.ini:6: [backlight] brightness: expected an integer 1..100 (percent), found \"0\"",
            "panel.ini:7: [backlight] dim_after_s: expected an integer 0..86400 (seconds, 0 for never), found \"-1\"",
            "panel.ini:8: [backlight] of_after_s: unknown key; did you mean off_after_s? valid keys: device, brightness, dim_brightness, dim_after_s, off_after_s, night, night_brightness, night_page, night_off_after_s",
        ])
    }

    @Test func givenTwiceOrInAPreset() throws {
        #expect(renderedErrors(display800x480 + "[backlight]\n[backlight]\n") == [
            "panel.ini:5: [backlight]: section given twice; the first [backlight] is on line 4; merge the two",
        ])
        let directory = try TemporaryDirectory(["dim.ini": "[backlight]\ndim_after_s = 5\n"])
        defer { directory.remove() }
        #expect(renderedErrors(display800x480 + "[board]\npreset = dim\n", presets: [directory.path]) == [
            "\(directory.path)/dim.ini:1: [backlight]: a board preset holds no [backlight]; put it in the panel config",
        ])
    }

    @Test func theEffectiveTextReadsBackTheSame() throws {
        let config = try #require(parsed(display800x480 + "[backlight]\ndevice = rpi_backlight\ndim_after_s = 30\n"))
        let again = try #require(parsed(config.effectiveText()))
        #expect(again.backlight == config.backlight)
    }
}

@Suite("[backlight] night: the schedule's keys and errors")
struct BacklightNightSectionTests {
    static let pages = "[page home]\n[page clock]\n"

    @Test func theNightKeys() throws {
        let config = try #require(parsed(display800x480 + Self.pages + """
            [backlight]
            night = 22:00-06:30
            night_brightness = 5
            night_page = clock
            night_off_after_s = 30
            """))
        let backlight = try #require(config.backlight)
        #expect(backlight.night == NightWindow(startMinute: 1_320, endMinute: 390))
        #expect(backlight.nightBrightnessPercent == 5)
        #expect(backlight.nightPage == "clock")
        #expect(backlight.nightOffAfterS == 30)
        // A night off before the day's dim stage leaves the dim stage out.
        #expect(backlight.nightIdleTimings == IdleTimings(dimAfter: nil, offAfter: .milliseconds(30_000)))
        #expect(backlight.dimPercent(atNight: true) == 5)
        #expect(backlight.dimPercent(atNight: false) == 20)
        let again = try #require(parsed(config.effectiveText()))
        #expect(again.backlight == backlight)
    }

    @Test func aNightWithoutItsOptions() throws {
        let config = try #require(parsed(display800x480 + "[backlight]\nnight = 13:00-14:00\n"))
        let backlight = try #require(config.backlight)
        #expect(backlight.night == NightWindow(startMinute: 780, endMinute: 840))
        #expect(backlight.nightBrightnessPercent == 10)
        #expect(backlight.nightPage == nil)
        #expect(backlight.nightOffAfterS == nil)
        #expect(backlight.nightIdleTimings == backlight.idleTimings)
        #expect(try #require(parsed(config.effectiveText())).backlight == backlight)
    }

    @Test func badNightsNameTheirLine() {
        #expect(renderedErrors(display800x480 + "[backlight]\nnight = 22:00-22:00\n") == [
            "panel.ini:5: [backlight] night: the night starts and ends at the same time, found \"22:00-22:00\"; give two different times",
        ])
        for bad in ["22:00 - 06:30", "24:00-06:00", "9:00-10:00", "22:00-06:60", "22:00"] {
            #expect(renderedErrors(display800x480 + "[backlight]\nnight = \(bad)\n") == [
                "panel.ini:5: [backlight] night: expected HH:MM-HH:MM of 24-hour local time such as 22:00-06:30, found \"\(bad)\"",
            ])
        }
    }

    @Test func theNightsOptionsNeedANightAndAPage() {
        #expect(renderedErrors(display800x480 + "[backlight]\nnight_brightness = 5\nnight_off_after_s = 10\n") == [
            "panel.ini:5: [backlight] night_brightness: night_brightness needs night = HH:MM-HH:MM",
            "panel.ini:6: [backlight] night_off_after_s: night_off_after_s needs night = HH:MM-HH:MM",
        ])
        #expect(renderedErrors(display800x480 + Self.pages + "[backlight]\nnight = 22:00-06:30\nnight_page = garden\nnight_brightness = 0\n") == [
            "panel.ini:8: [backlight] night_page: no [page garden]; the pages are home, clock",
            "panel.ini:9: [backlight] night_brightness: expected an integer 1..100 (percent), found \"0\"",
        ])
        #expect(renderedErrors(display800x480 + "[backlight]\nnight = 22:00-06:30\nnight_page = clock\n") == [
            "panel.ini:6: [backlight] night_page: no [page clock]; there are no [page NAME] sections",
        ])
    }
}
