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
            "panel.ini:8: [backlight] of_after_s: unknown key; did you mean off_after_s? valid keys: device, brightness, dim_brightness, dim_after_s, off_after_s",
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
