import PanelConfig
import Testing
import TouchCore

@Suite("[feedback]: the buzzer's line or PWM channel, the pulse's length, feedback = no per item")
struct FeedbackSectionTests {
    @Test func withoutTheSectionThereIsNoFeedback() throws {
        let config = try #require(parsed(display800x480 + "[button a]\nrect = 0, 0, 100, 100\n"))
        #expect(config.feedback == nil)
        #expect(config.outputs == [])
        #expect(config.buttons[0].feedback)
    }

    @Test func aLineTakesTheDefaultsAndJoinsTheOutputs() throws {
        let config = try #require(parsed(display800x480 + "[feedback]\nchip = gpiochip0\nline = 5\n"))
        let line = OutputConfig(chip: "gpiochip0", line: .offset(5))
        #expect(config.feedback == FeedbackConfig(device: .line(line), pulseMs: 15))
        // Held as [output] lines are: requested off at start, driven off by safe-outputs.
        #expect(config.outputs == [line])
        #expect(config.feedback?.deviceName == "gpiochip0:5")
    }

    @Test func everyKeyOfALine() throws {
        let config = try #require(parsed(display800x480 + """
            [output relay]
            chip = gpiochip0
            line = 17
            [feedback]
            chip = gpiochip0
            line = 18
            active_low = yes
            pulse_ms = 40
            [button a]
            rect = 0, 0, 100, 100
            on_tap = gpio relay pulse 200
            feedback = no
            """))
        let line = OutputConfig(chip: "gpiochip0", line: .offset(18), activeLow: true)
        #expect(config.feedback == FeedbackConfig(device: .line(line), pulseMs: 40))
        #expect(config.outputs.map { $0.id.description } == ["gpiochip0:17", "gpiochip0:18"])
        #expect(config.buttons[0].feedback == false)
    }

    @Test func aPWMChannel() throws {
        let config = try #require(parsed(display800x480 + "[feedback]\npwm = 0:1\n"))
        #expect(config.feedback == FeedbackConfig(device: .pwm(chip: 0, channel: 1, hz: 2_700), pulseMs: 15))
        #expect(config.outputs == [])
        let named = try #require(parsed(display800x480 + "[feedback]\npwm = pwmchip2:0\nhz = 4000\npulse_ms = 1000\n"))
        #expect(named.feedback == FeedbackConfig(device: .pwm(chip: 2, channel: 0, hz: 4_000), pulseMs: 1_000))
        #expect(named.feedback?.deviceName == "pwmchip2:0")
    }

    @Test func feedbackNoOnSlidersAndDials() throws {
        let config = try #require(parsed(display800x480 + """
            [feedback]
            pwm = 0:0
            [slider volume]
            rect = 0, 0, 400, 60
            feedback = no
            [dial heat]
            rect = 400, 0, 200, 200
            feedback = no
            [slider other]
            rect = 0, 100, 400, 60
            """))
        #expect(config.sliders.map { $0.feedback } == [false, true, false])
    }

    @Test func exactlyOneOfLineAndPWM() {
        #expect(renderedErrors(display800x480 + "[feedback]\npulse_ms = 20\n") == [
            "panel.ini:4: [feedback]: [feedback] needs line = (a GPIO line, with chip =) or pwm = CHIP:CHANNEL: what the pulse drives",
        ])
        #expect(renderedErrors(display800x480 + "[feedback]\nchip = gpiochip0\nline = 5\npwm = 0:1\n") == [
            "panel.ini:7: [feedback] pwm: give line or pwm, not both: the pulse drives one buzzer",
        ])
        #expect(renderedErrors(display800x480 + "[feedback]\nline = 5\nhz = 3000\n") == [
            "panel.ini:4: [feedback] chip: missing; expected the GPIO chip of line, like chip = gpiochip0",
            "panel.ini:6: [feedback] hz: hz needs pwm = CHIP:CHANNEL; a GPIO line is only on or off",
        ])
        #expect(renderedErrors(display800x480 + "[feedback]\npwm = 0:1\nchip = gpiochip0\nactive_low = yes\n") == [
            "panel.ini:6: [feedback] chip: chip goes with line = ...; pwm = CHIP:CHANNEL names its chip itself",
            "panel.ini:7: [feedback] active_low: active_low goes with line = ...; pwm = CHIP:CHANNEL names its chip itself",
        ])
    }

    @Test func badValuesNameTheirLine() {
        #expect(renderedErrors(display800x480 + "[feedback]\npwm = 0\npulse_ms = 0\nhz = 100000\n") == [
            "panel.ini:5: [feedback] pwm: expected CHIP:CHANNEL, like 0:1 (channel 1 of /sys/class/pwm/pwmchip0), found \"0\"",
            "panel.ini:6: [feedback] pulse_ms: expected an integer 1..1000 (ms), found \"0\"",
            "panel.ini:7: [feedback] hz: expected an integer 20..50000 (Hz), found \"100000\"",
        ])
        #expect(renderedErrors(display800x480 + "[feedback]\npwm = 0:1\npulse_ms = 1001\n") == [
            "panel.ini:6: [feedback] pulse_ms: expected an integer 1..1000 (ms), found \"1001\"",
        ])
        #expect(renderedErrors(display800x480 + "[button a]\nrect = 0, 0, 100, 100\nfeedback = maybe\n") == [
            "panel.ini:6: [button a] feedback: expected yes/no, true/false, on/off or 1/0, found \"maybe\"",
        ])
    }

    @Test func aLineOfItsOwn() {
        #expect(renderedErrors(display800x480 + """
            [feedback]
            chip = gpiochip0
            line = 17
            [button a]
            rect = 0, 0, 100, 100
            on_tap = gpio gpiochip0 17 on
            """) == [
            "panel.ini:6: [feedback] line: gpiochip0 line 17 is already an output of the panel ([output NAME] or a gpio action); the feedback pulse needs a line of its own",
        ])
    }

    @Test func givenTwiceOrInAPreset() throws {
        #expect(renderedErrors(display800x480 + "[feedback]\npwm = 0:1\n[feedback]\npwm = 0:1\n") == [
            "panel.ini:6: [feedback]: section given twice; the first [feedback] is on line 4; merge the two",
        ])
        let directory = try TemporaryDirectory(["buzz.ini": "[feedback]\npwm = 0:1\n"])
        defer { directory.remove() }
        #expect(renderedErrors(display800x480 + "[board]\npreset = buzz\n", presets: [directory.path]).contains {
            $0.hasSuffix("[feedback]: a board preset holds no [feedback]; put it in the panel config")
        })
    }

    @Test func theEffectiveConfigSaysIt() throws {
        let config = try #require(parsed(display800x480 + "[feedback]\nchip = gpiochip0\nline = 5\n[button a]\nrect = 0, 0, 100, 100\nfeedback = no\n"))
        let text = config.effectiveText()
        #expect(text.contains("[feedback]\nchip = gpiochip0\nline = 5\nactive_low = no\npulse_ms = 15\n"))
        #expect(text.contains("feedback = no\n"))
    }
}
