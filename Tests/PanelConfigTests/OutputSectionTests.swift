import PanelConfig
import Testing

@Suite("[output NAME]: active_low, the level at start, and lines that are not ours")
struct OutputSectionTests {
    static let display = """
        [display]
        width = 800
        height = 480

        """

    @Test func aDeclaredOutputTakesItsKeysAndActionsNameIt() throws {
        let config = try #require(parsed(Self.display + """
            [button pump]
            rect = 0, 0, 100, 100
            on_tap = gpio relay1 pulse 500
            on_long_press = gpio relay1 off

            [output relay1]
            chip = gpiochip0
            line = 17
            active_low = yes
            start = off
            """))
        #expect(config.outputs == [OutputConfig(name: "relay1", chip: "gpiochip0", line: 17, activeLow: true, startsOn: false)])
        #expect(config.buttons[0].onTap == .gpio(chip: "gpiochip0", line: 17, operation: .pulse(ms: 500)))
        #expect(config.buttons[0].onLongPress == .gpio(chip: "gpiochip0", line: 17, operation: .off))
    }

    @Test func anOutputIsActiveHighAndOffAtStartUnlessItSaysOtherwise() throws {
        let config = try #require(parsed(Self.display + "[output fan]\nchip = gpiochip0\nline = 5\n\n[output lamp]\nchip = gpiochip0\nline = 6\nstart = on\n"))
        #expect(config.outputs == [
            OutputConfig(name: "fan", chip: "gpiochip0", line: 5, activeLow: false, startsOn: false),
            OutputConfig(name: "lamp", chip: "gpiochip0", line: 6, activeLow: false, startsOn: true),
        ])
    }

    @Test func linesNamedOnlyInActionsFollowTheDeclaredOnesOnceEach() throws {
        let config = try #require(parsed(Self.display + """
            [output relay1]
            chip = gpiochip0
            line = 17
            active_low = yes

            [button a]
            rect = 0, 0, 100, 100
            on_tap = gpio gpiochip0 22 toggle
            on_double_tap = gpio /dev/gpiochip0 17 on
            on_long_press = gpio gpiochip0 22 off
            """))
        #expect(config.outputs == [
            OutputConfig(name: "relay1", chip: "gpiochip0", line: 17, activeLow: true, startsOn: false),
            OutputConfig(name: nil, chip: "gpiochip0", line: 22, activeLow: false, startsOn: false),
        ])
    }

    @Test func anUnknownOutputNameIsAnErrorThatListsTheDeclaredOnes() {
        #expect(renderedErrors(Self.display + """
            [output relay1]
            chip = gpiochip0
            line = 17

            [button a]
            rect = 0, 0, 100, 100
            on_tap = gpio relay2 on
            """) == [
            "panel.ini:10: [button a] on_tap: no [output relay2] section; did you mean relay1? declared outputs: relay1",
        ])
    }

    @Test func badValuesMissingKeysAndTwoSectionsForOneLineAreErrors() {
        #expect(renderedErrors(Self.display + """
            [output a]
            chip = gpiochip0
            line = 17
            start = high
            active_low = maybe

            [output b]
            chip = /dev/gpiochip0
            line = 17

            [output c]
            line = 3

            [output a]
            chip = gpiochip1
            line = 1
            """) == [
            "panel.ini:7: [output a] start: expected on or off, found \"high\"",
            "panel.ini:8: [output a] active_low: expected yes/no, true/false, on/off or 1/0, found \"maybe\"",
            "panel.ini:12: [output b] line: /dev/gpiochip0 line 17 is already [output a]; one line, one section",
            "panel.ini:14: [output c] chip: missing; expected the GPIO chip, like chip = gpiochip0",
            "panel.ini:17: [output a]: overlapping names: an output named \"a\" is already defined on line 4",
        ])
    }

    @Test func anActionOnTheControllersInterruptOrResetLineIsRefused() {
        #expect(renderedErrors(Self.display + """
            [controller]
            model = gt911
            bus = 1
            interrupt_line = 4
            reset_chip = gpiochip0
            reset_line = 17

            [output reset]
            chip = /dev/gpiochip0
            line = 17

            [button a]
            rect = 0, 0, 100, 100
            on_tap = gpio gpiochip0 4 pulse 100
            on_double_tap = gpio gpiochip1 4 pulse 100
            """) == [
            "panel.ini:13: [output reset] line: gpio /dev/gpiochip0 17 is the controller's reset line ([controller] reset_line = 17); an action driving it would break touch input; use another line",
            "panel.ini:17: [button a] on_tap: gpio gpiochip0 4 is the controller's interrupt line ([controller] interrupt_line = 4); an action driving it would break touch input; use another line",
        ])
    }

    @Test func aBoardPresetHoldsNoOutputs() throws {
        let presets = try TemporaryDirectory(["relayhat.ini": "[output relay]\nchip = gpiochip0\nline = 5\n"])
        defer { presets.remove() }
        #expect(renderedErrors(Self.display + "[board]\npreset = relayhat\n", presets: [presets.path]) == [
            "\(presets.path)/relayhat.ini:1: [output relay]: a board preset holds no outputs; put [output NAME] sections in the panel config",
        ])
    }

    @Test func theEffectiveTextWritesTheOutputsAndReadsBackTheSame() throws {
        let config = try #require(parsed(Self.display + """
            [output relay1]
            chip = gpiochip0
            line = 17
            active_low = yes
            start = on

            [button a]
            rect = 0, 0, 100, 100
            on_tap = gpio relay1 toggle
            """))
        let text = config.effectiveText()
        #expect(text.contains("\n[output relay1]\nchip = gpiochip0\nline = 17\nactive_low = yes\nstart = on\n"))
        #expect(text.contains("on_tap = gpio gpiochip0 17 toggle\n"))
        let again = try #require(parsed(text))
        #expect(again.outputs == config.outputs)
        #expect(again.buttons[0].onTap == config.buttons[0].onTap)
    }
}
