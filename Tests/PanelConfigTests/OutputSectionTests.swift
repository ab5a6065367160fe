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
        #expect(config.outputs == [OutputConfig(name: "relay1", chip: "gpiochip0", line: .offset(17), activeLow: true, startsOn: false)])
        #expect(config.buttons[0].onTap == .gpio(chip: "gpiochip0", line: .offset(17), operation: .pulse(.milliseconds(500))))
        #expect(config.buttons[0].onLongPress == .gpio(chip: "gpiochip0", line: .offset(17), operation: .off))
    }

    @Test func anOutputIsActiveHighAndOffAtStartUnlessItSaysOtherwise() throws {
        let config = try #require(parsed(Self.display + "[output fan]\nchip = gpiochip0\nline = 5\n\n[output lamp]\nchip = gpiochip0\nline = 6\nstart = on\n"))
        #expect(config.outputs == [
            OutputConfig(name: "fan", chip: "gpiochip0", line: .offset(5), activeLow: false, startsOn: false),
            OutputConfig(name: "lamp", chip: "gpiochip0", line: .offset(6), activeLow: false, startsOn: true),
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
            OutputConfig(name: "relay1", chip: "gpiochip0", line: .offset(17), activeLow: true, startsOn: false),
            OutputConfig(name: nil, chip: "gpiochip0", line: .offset(22), activeLow: false, startsOn: false),
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

    @Test func aLineIsAnOffsetOrANameAsInterruptLineTakesIt() throws {
        let config = try #require(parsed(Self.display + """
            [output relay]
            chip = gpiochip0
            line = GPIO17

            [output bus]
            chip = gpiochip1
            line = ID_SDA.1-x

            [output high]
            chip = gpiochip2
            line = 1023

            [button a]
            rect = 0, 0, 100, 100
            on_tap = gpio relay pulse 500
            on_double_tap = gpio bus on
            """))
        #expect(config.outputs == [
            OutputConfig(name: "relay", chip: "gpiochip0", line: .name("GPIO17")),
            OutputConfig(name: "bus", chip: "gpiochip1", line: .name("ID_SDA.1-x")),
            OutputConfig(name: "high", chip: "gpiochip2", line: .offset(1023)),
        ])
        #expect(config.buttons[0].onTap == .gpio(chip: "gpiochip0", line: .name("GPIO17"), operation: .pulse(.milliseconds(500))))
        #expect(config.buttons[0].onDoubleTap == .gpio(chip: "gpiochip1", line: .name("ID_SDA.1-x"), operation: .on))
    }

    @Test func badLinesAreRefusedAsInterruptLineRefusesThem() {
        let longName = String(repeating: "L", count: 64)
        for line in ["1024", "-1", "GPIO 17", "GPIO#17", "none", "17x", longName] {
            #expect(renderedErrors(Self.display + "[output a]\nchip = gpiochip0\nline = \(line)\n") == [
                "panel.ini:6: [output a] line: expected a line offset 0..1023 or a line name like GPIO24, found \"\(line)\"",
            ])
        }
        #expect(renderedErrors(Self.display + "[output a]\nchip = gpiochip0\n") == [
            "panel.ini:4: [output a] line: missing; expected the line's offset on the chip or its name, like line = 17 or line = GPIO17",
        ])
    }

    @Test func oneNamedLineTwiceOrTheControllersNamedLineIsRefused() {
        #expect(renderedErrors(Self.display + """
            [controller]
            model = gt911
            bus = 1
            interrupt_line = GPIO4

            [output a]
            chip = gpiochip0
            line = GPIO17

            [output b]
            chip = /dev/gpiochip0
            line = GPIO17

            [output c]
            chip = gpiochip0
            line = GPIO4
            """) == [
            "panel.ini:15: [output b] line: /dev/gpiochip0 line GPIO17 is already [output a]; one line, one section",
            "panel.ini:19: [output c] line: gpio gpiochip0 GPIO4 is the controller's interrupt line ([controller] interrupt_line = GPIO4); "
                + "an action driving it would break touch input; use another line",
        ])
    }

    /// `GPIO17` and `17` may be one line or two: only the open chip can say. Two keys for one
    /// line would be two outputs, so a chip's lines are given all one way.
    @Test func aNameAndAnOffsetOnOneChipAreRefused() {
        #expect(renderedErrors(Self.display + """
            [output relay]
            chip = gpiochip0
            line = GPIO17

            [output fan]
            chip = /dev/gpiochip0
            line = 17

            [output lamp]
            chip = gpiochip1
            line = 17

            [button a]
            rect = 0, 0, 100, 100
            on_tap = gpio gpiochip0 22 on
            on_double_tap = gpio gpiochip1 22 on
            on_long_press = gpio relay off
            """) == [
            "panel.ini:10: [output fan] line: gpio /dev/gpiochip0 17 may be the line of [output relay] (gpiochip0 GPIO17): "
                + "a line name is matched to its offset only when the chip is opened; give the lines of one chip all by offset or all by name",
            "panel.ini:18: [button a] on_tap: gpio gpiochip0 22 may be the line of [output relay] (gpiochip0 GPIO17): "
                + "a line name is matched to its offset only when the chip is opened; give the lines of one chip all by offset or all by name; "
                + "an action reaches a named line through its section: gpio NAME on|off|toggle|pulse MS",
        ])
        #expect(renderedErrors(Self.display + """
            [output fan]
            chip = gpiochip0
            line = 17

            [output relay]
            chip = gpiochip0
            line = GPIO17
            """) == [
            "panel.ini:10: [output relay] line: gpio gpiochip0 GPIO17 may be the line of [output fan] (gpiochip0 17): "
                + "a line name is matched to its offset only when the chip is opened; give the lines of one chip all by offset or all by name",
        ])
    }

    @Test func aNamedLineIsWrittenByNameAndItsActionsByTheOutputsName() throws {
        let config = try #require(parsed(Self.display + """
            [output relay1]
            chip = gpiochip0
            line = GPIO17
            active_low = yes

            [output fan]
            chip = gpiochip1
            line = 5

            [button a]
            rect = 0, 0, 100, 100
            on_tap = gpio relay1 toggle
            on_double_tap = gpio fan pulse 100
            on_long_press = gpio gpiochip1 6 on
            """))
        let text = config.effectiveText()
        #expect(text.contains("\n[output relay1]\nchip = gpiochip0\nline = GPIO17\nactive_low = yes\nstart = off\n"))
        #expect(text.contains("\non_tap = gpio relay1 toggle\n"))
        #expect(text.contains("\non_double_tap = gpio gpiochip1 5 pulse 100\n"))
        #expect(text.contains("\non_long_press = gpio gpiochip1 6 on\n"))
        let again = try #require(parsed(text))
        #expect(again.outputs == config.outputs)
        #expect(again.buttons[0].onTap == config.buttons[0].onTap)
        #expect(again.buttons[0].onDoubleTap == config.buttons[0].onDoubleTap)
        #expect(again.buttons[0].onLongPress == config.buttons[0].onLongPress)
        #expect(again.effectiveText() == text)
    }

}
