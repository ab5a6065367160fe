import Foundation
import PanelConfig
import Testing
import TouchCore

@Suite("[board] presets: found, applied, overridden, and their errors")
struct BoardPresetTests {
    /// A preset with a value in every section it may hold. Line numbers matter below.
    static let kitchenBoard = """
        ; a preset for the tests
        [display]
        width = 800
        height = 480
        font_size = 30
        [touch]
        long_press_ms = 700
        [controller]
        bus = 10
        poll_ms = 20
        invert_x = yes
        """

    @Test func presetIsAppliedThenTheFileOverridesItKeyByKey() throws {
        let dir = try TemporaryDirectory(["kitchen.ini": BoardPresetTests.kitchenBoard])
        defer { dir.remove() }
        let config = try #require(parsed("""
            [board]
            preset = kitchen
            [controller]
            bus = 11
            [touch]
            slop_px = 4
            [button a]
            rect = 0, 0, 10, 10
            """, presets: [dir.path]))
        // From the file:
        #expect(config.controller.bus == 11)
        #expect(config.timings.slopPx == 4)
        // From the preset, where the file says nothing:
        #expect(config.controller.pollInterval == .milliseconds(20))
        #expect(config.controller.invertX)
        #expect(config.display.width == 800)
        #expect(config.display.fontSize == 30)
        #expect(config.timings.longPress == ms(700))
        #expect(config.buttons[0].fontSize == 30)
        #expect(config.buttons[0].timings.longPress == ms(700))
        #expect(config.board == BoardConfig(presetName: "kitchen", presetFile: dir.path + "/kitchen.ini", simulated: false))
    }

    @Test func fileOverridesAPresetValueInTheSameSection() throws {
        let dir = try TemporaryDirectory(["kitchen.ini": BoardPresetTests.kitchenBoard])
        defer { dir.remove() }
        let config = try #require(parsed("""
            [board]
            preset = kitchen
            [display]
            font_size = 12
            """, presets: [dir.path]))
        #expect(config.display == DisplayConfig(width: 800, height: 480, fontSize: 12))
    }

    /// `device` and `name` both say which input device: the file's one replaces the preset's
    /// other, as the installed example's comments tell users to do.
    @Test func theFilesDeviceNameReplacesThePresetsDevicePath() throws {
        let evdevBoard = """
            [display]
            width = 800
            height = 480
            [controller]
            model = evdev
            device = /dev/input/event0
            """
        let dir = try TemporaryDirectory(["usb.ini": evdevBoard])
        defer { dir.remove() }
        let byName = try #require(parsed("""
            [board]
            preset = usb
            [controller]
            name = ILITEK Multi-Touch
            [button a]
            rect = 0, 0, 10, 10
            """, presets: [dir.path]))
        #expect(byName.controller.deviceName == "ILITEK Multi-Touch")
        #expect(byName.controller.device == nil)
        let byPath = try #require(parsed("""
            [board]
            preset = usb
            [controller]
            device = /dev/input/by-path/platform-usb-event
            [button a]
            rect = 0, 0, 10, 10
            """, presets: [dir.path]))
        #expect(byPath.controller.device == "/dev/input/by-path/platform-usb-event")
        #expect(byPath.controller.deviceName == nil)
    }

    @Test func errorsInsideAPresetNameThePresetFileAndLine() throws {
        let dir = try TemporaryDirectory(["bad.ini": "[display]\nwidth = 800\nheight = 480\n[controller]\npoll_ms = 0\nbsu = 1\n"])
        defer { dir.remove() }
        let errors = configErrors("""
            [board]
            preset = bad
            [button a]
            rect = 0, 0, 10, 10
            enabled = perhaps
            """, presets: [dir.path])
        // The preset's own problems first: it is applied first.
        #expect(errors.map { $0.rendered } == [
            "\(dir.path)/bad.ini:5: [controller] poll_ms: expected an integer 1..1000 (milliseconds), found \"0\"",
            "\(dir.path)/bad.ini:6: [controller] bsu: unknown key; did you mean bus? valid keys: model, width, height, "
                + "invert_x, invert_y, swap_xy, calibration, bus, address, interrupt_chip, interrupt_line, poll_ms, "
                + "reset_chip, reset_line, stuck_ms, threshold, report_period, device, name, grab",
            "panel.ini:5: [button a] enabled: expected yes/no, true/false, on/off or 1/0, found \"perhaps\"",
        ])
        #expect(errors.first == ConfigError(
            file: dir.path + "/bad.ini", line: 5, section: "controller", key: "poll_ms",
            message: "expected an integer 1..1000 (milliseconds), found \"0\""))
    }

    /// Checks of the whole point at the key wherever it came from.
    @Test func aPresetValueFoundWrongLaterPointsIntoThePreset() throws {
        let dir = try TemporaryDirectory([
            "big.ini": "[display]\nwidth = 5000\nheight = 480\n[controller]\nbus = 1\ninterrupt_chip = gpiochip1\n",
        ])
        defer { dir.remove() }
        #expect(renderedErrors("[board]\npreset = big\n", presets: [dir.path]) == [
            "\(dir.path)/big.ini:2: [display] width: 5000 pixels is more than an FT5x06 controller reports (at most 4096); "
                + "give the controller's own range as width in [controller]",
            "\(dir.path)/big.ini:6: [controller] interrupt_chip: given without interrupt_line; add interrupt_line = "
                + "OFFSET or NAME (like 24 or GPIO24), or remove interrupt_chip",
        ])
        // Fixed in the panel config: the preset's chip now has its line.
        let config = try #require(parsed(
            "[board]\npreset = big\n[controller]\nwidth = 4096\ninterrupt_line = 5\n", presets: [dir.path]))
        #expect(config.controller.interrupt == InterruptLineConfig(chip: "gpiochip1", line: .offset(5)))
    }

    @Test func aRectIsCheckedAgainstThePresetsDisplay() throws {
        let dir = try TemporaryDirectory(["small.ini": "[display]\nwidth = 240\nheight = 320\n"])
        defer { dir.remove() }
        #expect(renderedErrors("[board]\npreset = small\n[button a]\nrect = 0, 0, 241, 10\n", presets: [dir.path]) == [
            "panel.ini:4: [button a] rect: expected a rect inside the 240x320 display, found \"0, 0, 241, 10\"",
        ])
    }

    @Test func unknownPresetListsThePresetsFound() throws {
        let first = try TemporaryDirectory([
            "official-7inch-v1.ini": "", "b.ini": "", "notes.txt": "", ".hidden.ini": "", "bad name.ini": "",
        ])
        let second = try TemporaryDirectory(["b.ini": "", "a.ini": ""])
        defer {
            first.remove()
            second.remove()
        }
        let errors = configErrors(display800x480 + "[board]\npreset = official-7inch-v2\n",
                                  presets: [first.path, "/nonexistent-dir", second.path])
        #expect(errors.map { $0.rendered } == [
            "panel.ini:5: [board] preset: unknown board preset \"official-7inch-v2\"; did you mean official-7inch-v1? "
                + "presets found: a, b, official-7inch-v1 (looked for official-7inch-v2.ini in \(first.path), "
                + "/nonexistent-dir, \(second.path))",
        ])
        #expect(errors.first?.section == "board")
        #expect(errors.first?.key == "preset")
    }

    @Test func unknownPresetWithNoneFoundAndNoNoise() {
        // No [display] in the file: it was to come from the preset; no second error about it.
        #expect(renderedErrors("[board]\npreset = kitchen\n[button a]\nrect = 0, 0, 10, 10\n", presets: ["/nonexistent-dir"]) == [
            "panel.ini:2: [board] preset: unknown board preset \"kitchen\"; no presets found "
                + "(looked for kitchen.ini in /nonexistent-dir)",
        ])
    }

    @Test func theFirstDirectoryOnTheSearchPathWins() throws {
        let first = try TemporaryDirectory(["p.ini": "[display]\nwidth = 100\nheight = 100\n"])
        let second = try TemporaryDirectory(["p.ini": "[display]\nwidth = 200\nheight = 200\n"])
        defer {
            first.remove()
            second.remove()
        }
        let config = try #require(parsed("[board]\npreset = p\n", presets: ["/nonexistent-dir", first.path, second.path]))
        #expect(config.display.width == 100)
        #expect(config.board.presetFile == first.path + "/p.ini")
        let reversed = try #require(parsed("[board]\npreset = p\n", presets: [second.path, first.path]))
        #expect(reversed.display.width == 200)
    }

    @Test func aPresetCannotNameAPreset() throws {
        let dir = try TemporaryDirectory([
            "outer.ini": "[board]\npreset = inner\n[display]\nwidth = 800\nheight = 480\n",
            "inner.ini": "[display]\nwidth = 10\nheight = 10\n",
        ])
        defer { dir.remove() }
        #expect(renderedErrors("[board]\npreset = outer\n", presets: [dir.path]) == [
            "\(dir.path)/outer.ini:2: [board] preset: a board preset cannot name another preset; presets do not nest",
        ])
    }

    @Test func aPresetHoldsNoButtons() throws {
        let dir = try TemporaryDirectory([
            "withbutton.ini": "[display]\nwidth = 800\nheight = 480\n[button play]\nrect = 0, 0, 10, 10\nbogus = 1\n[bogus]\n",
        ])
        defer { dir.remove() }
        #expect(renderedErrors("[board]\npreset = withbutton\n", presets: [dir.path]) == [
            "\(dir.path)/withbutton.ini:4: [button play]: a board preset holds no buttons; put [button NAME] sections in "
                + "the panel config",
            "\(dir.path)/withbutton.ini:7: unknown section [bogus]; expected [board], [display], [touch] or [controller]",
        ])
    }

    @Test func anUnreadablePresetIsAnErrorAtThePresetLine() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try FileManager.default.createDirectory(atPath: dir.path + "/folder.ini", withIntermediateDirectories: false)
        #expect(renderedErrors(display800x480 + "[board]\npreset = folder\n", presets: [dir.path]) == [
            "panel.ini:5: [board] preset: cannot read board preset \(dir.path)/folder.ini: not a regular file (a FIFO, a device or a directory); give the path of a file",
        ])
    }

    @Test func badBoardValues() {
        #expect(renderedErrors(display800x480 + """
            [board]
            preset = ../etc/passwd
            simulated = maybe
            [board]
            preset = sim.ini
            """) == [
            "panel.ini:5: [board] preset: expected a preset name (the NAME of a boards/NAME.ini file): 1 to 64 "
                + "characters of A-Z a-z 0-9 _ . -, not starting with ., found \"../etc/passwd\"",
            "panel.ini:6: [board] simulated: expected yes/no, true/false, on/off or 1/0, found \"maybe\"",
            "panel.ini:7: [board]: section given twice; the first [board] is on line 4; merge the two",
            "panel.ini:8: [board] preset: expected the preset's name without .ini, like sim, found \"sim.ini\"",
        ])
        for name in [".hidden", "", String(repeating: "p", count: 65), "a b"] {
            #expect(renderedErrors(display800x480 + "[board]\npreset = \(name)\n") == [
                "panel.ini:5: [board] preset: expected a preset name (the NAME of a boards/NAME.ini file): 1 to 64 "
                    + "characters of A-Z a-z 0-9 _ . -, not starting with ., found \"\(name)\"",
            ])
        }
    }

    // MARK: simulated

    @Test func simulatedDefaultsToYesWithoutABusAndNoWithOne() throws {
        let dir = try TemporaryDirectory(["hw.ini": "[display]\nwidth = 800\nheight = 480\n[controller]\nbus = 1\n"])
        defer { dir.remove() }
        #expect(parsed(display800x480)?.board.simulated == true)
        #expect(parsed(display800x480 + "[controller]\naddress = 0x38\n")?.board.simulated == true)
        #expect(parsed(display800x480 + "[controller]\nbus = 1\n")?.board.simulated == false)
        // The bus from the preset counts.
        #expect(parsed("[board]\npreset = hw\n", presets: [dir.path])?.board.simulated == false)
        // Given: as given.
        #expect(parsed("[board]\npreset = hw\nsimulated = yes\n", presets: [dir.path])?.board.simulated == true)
        #expect(parsed(display800x480 + "[controller]\nbus = 1\n[board]\nsimulated = no\n")?.board.simulated == false)
        #expect(parsed(display800x480 + "[board]\nsimulated = yes\n")?.board.simulated == true)
    }

    @Test func simulatedNoNeedsABus() {
        #expect(renderedErrors(display800x480 + "[board]\nsimulated = no\n") == [
            "panel.ini:5: [board] simulated: simulated = no runs on the hardware, which needs the controller's I2C bus; "
                + "set bus in [controller] (or name a board preset that does)",
        ])
    }

    @Test func presetsSimulatedIsOverriddenByTheFile() throws {
        let dir = try TemporaryDirectory(["simlike.ini": "[board]\nsimulated = yes\n[display]\nwidth = 800\nheight = 480\n"])
        defer { dir.remove() }
        #expect(parsed("[board]\npreset = simlike\n", presets: [dir.path])?.board.simulated == true)
        #expect(parsed("[board]\npreset = simlike\nsimulated = no\n[controller]\nbus = 3\n", presets: [dir.path])?
            .board.simulated == false)
    }

    // MARK: search path

    /// The one test that sets TOUCHPANEL_BOARDS; every other test passes its own search path.
    @Test func defaultSearchPath() {
        unsetenv("TOUCHPANEL_BOARDS")
        #expect(BoardPresets.searchPath(forConfig: "/etc/touchpanel/panel.ini") == [
            "/etc/touchpanel/boards", "/etc/touchpanel/../boards",
            "/usr/local/share/touchpanel/boards", "/usr/share/touchpanel/boards",
        ])
        #expect(BoardPresets.searchPath(forConfig: "panel.ini") == [
            "./boards", "./../boards", "/usr/local/share/touchpanel/boards", "/usr/share/touchpanel/boards",
        ])
        #expect(BoardPresets.searchPath(forConfig: "/panel.ini").prefix(2) == ["/boards", "/../boards"])
        setenv("TOUCHPANEL_BOARDS", "/opt/a::/opt/b/", 1)
        defer { unsetenv("TOUCHPANEL_BOARDS") }
        #expect(BoardPresets.searchPath(forConfig: "examples/demo.ini") == [
            "/opt/a", "/opt/b/", "examples/boards", "examples/../boards",
            "/usr/local/share/touchpanel/boards", "/usr/share/touchpanel/boards",
        ])
    }

    @Test func presetsAreFoundNextToTheLoadedConfig() throws {
        let dir = try TemporaryDirectory(["panel.ini": "[board]\npreset = local\n[button a]\nrect = 0, 0, 10, 10\n"])
        defer { dir.remove() }
        try FileManager.default.createDirectory(atPath: dir.path + "/boards", withIntermediateDirectories: false)
        try "[display]\nwidth = 320\nheight = 240\n".write(toFile: dir.path + "/boards/local.ini", atomically: true, encoding: .utf8)
        let config = try PanelConfigLoader.load(path: dir.path + "/panel.ini")
        #expect(config.display.width == 320)
        #expect(config.board.presetFile == dir.path + "/boards/local.ini")
    }
}
