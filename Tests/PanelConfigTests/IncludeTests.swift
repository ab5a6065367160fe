import Foundation
import PanelConfig
import Testing
import TouchCore

@Suite("include = FILE: a config made of files, merged key by key")
struct IncludeTests {
    /// Lines: 1 [display], 2 width, 3 height, 4 rotation, 5 blank, 6 [button play], 7 rect,
    /// 8 label, 9 on_tap, 10 blank, 11 [backlight], 12 brightness.
    static let common = """
        [display]
        width = 800
        height = 480
        rotation = 180

        [button play]
        rect = 0, 0, 200, 100
        label = Play
        on_tap = emit

        [backlight]
        brightness = 80

        """

    /// Lines: 1 include, 2 [display], 3 rotation, 4 [button play], 5 label, 6 [button next],
    /// 7 rect, 8 on_tap.
    static let node = """
        include = common.ini
        [display]
        rotation = 0
        [button play]
        label = Stop
        [button next]
        rect = 200, 0, 200, 100
        on_tap = exec mpc next ; mpc play

        """

    /// `node.ini` loaded from a directory holding `files`, or its errors rendered.
    static func load(_ files: [String: String], main: String = "node.ini") throws -> (config: PanelConfiguration?, errors: [String], dir: String) {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        for (name, text) in files {
            let path = dir.path + "/" + name
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        do {
            return (try PanelConfigLoader.load(path: dir.path + "/" + main, presetSearchPath: []), [], dir.path)
        } catch {
            return (nil, error.errors.map { $0.rendered }, dir.path)
        }
    }

    @Test func theIncludingFileReplacesKeysOneByOne() throws {
        let (loaded, errors, dir) = try IncludeTests.load(["common.ini": IncludeTests.common, "node.ini": IncludeTests.node])
        #expect(errors == [])
        let config = try #require(loaded)
        #expect(config.display.width == 800)
        #expect(config.display.height == 480)
        #expect(config.display.rotation.degrees == 0)
        #expect(config.buttons.map { $0.name } == ["play", "next"])
        #expect(config.buttons[0].label == "Stop")
        #expect(config.buttons[0].rect == Rect(x: 0, y: 0, width: 200, height: 100))
        #expect(config.buttons[0].onTap == .emit)
        #expect(config.buttons[0].line == 6)
        #expect(config.buttons[1].line == 6)
        #expect(config.file(ofSection: "button play") == dir + "/common.ini")
        #expect(config.file(ofSection: "button next") == dir + "/node.ini")
        #expect(config.sourceFiles == [dir + "/node.ini", dir + "/common.ini"])
        #expect(config.usesIncludes)
        // The cut comment of node.ini's exec command is still said at its file and line.
        #expect(config.warnings.map { $0.file + ":\($0.line)" } == [dir + "/node.ini:8"])
    }

    @Test func aSectionOnlyTheIncludedFileGivesIsKept() throws {
        let (loaded, errors, _) = try IncludeTests.load(["common.ini": IncludeTests.common, "node.ini": IncludeTests.node])
        #expect(errors == [])
        #expect(loaded?.backlight?.brightnessPercent == 80)
    }

    @Test func aConfigWithoutIncludesIsItsOwnOnlySource() throws {
        let config = try #require(parsed(display800x480 + "[button ok]\nrect = 0, 0, 800, 480\n"))
        #expect(config.sourceFiles == ["panel.ini"])
        #expect(!config.usesIncludes)
        #expect(config.origins.isEmpty)
        #expect(config.file(ofSection: "button ok") == "panel.ini")
        #expect(!config.effectiveText().contains("; from "))
    }

    @Test func laterIncludesOverrideEarlierOnes() throws {
        let (loaded, errors, _) = try IncludeTests.load([
            "a.ini": "[display]\nwidth = 800\nheight = 480\n",
            "b.ini": "[display]\nheight = 400\n",
            "node.ini": "include = a.ini\ninclude = b.ini\n",
        ])
        #expect(errors == [])
        #expect(loaded?.display.height == 400)
        #expect(loaded?.display.width == 800)
    }

    @Test func anInputDeviceGivenAnotherWayReplacesTheIncludedOne() throws {
        let (loaded, errors, _) = try IncludeTests.load([
            "common.ini": display800x480 + "[controller]\nmodel = evdev\nname = Goodix Capacitive TouchScreen\n",
            "node.ini": "include = common.ini\n[controller]\ndevice = /dev/input/event3\n",
        ])
        #expect(errors == [])
        #expect(loaded?.controller.device == "/dev/input/event3")
        #expect(loaded?.controller.deviceName == nil)
    }

    @Test func aFileIncludedTwiceIsNoCircleAndListedOnce() throws {
        let (loaded, errors, dir) = try IncludeTests.load([
            "common.ini": display800x480,
            "a.ini": "include = common.ini\n[button a]\nrect = 0, 0, 10, 10\n",
            "b.ini": "include = common.ini\n[button b]\nrect = 20, 0, 10, 10\n",
            "node.ini": "include = a.ini\ninclude = b.ini\n",
        ])
        #expect(errors == [])
        #expect(loaded?.buttons.map { $0.name } == ["a", "b"])
        #expect(loaded?.sourceFiles == ["node.ini", "a.ini", "common.ini", "b.ini"].map { dir + "/" + $0 })
    }

    @Test func includesNestThreeAndFourDeep() throws {
        let three = try IncludeTests.load([
            "node.ini": "include = sub/a.ini\n",
            "sub/a.ini": "include = b.ini\n[button a]\nrect = 0, 0, 10, 10\n",
            "sub/b.ini": "include = ../c.ini\n",
            "c.ini": display800x480,
        ])
        #expect(three.errors == [])
        #expect(three.config?.sourceFiles == ["node.ini", "sub/a.ini", "sub/b.ini", "c.ini"].map { three.dir + "/" + $0 })
        let four = try IncludeTests.load([
            "node.ini": "include = l1.ini\n", "l1.ini": "include = l2.ini\n", "l2.ini": "include = l3.ini\n",
            "l3.ini": "include = l4.ini\n", "l4.ini": display800x480,
        ])
        #expect(four.errors == [])
        #expect(four.config?.sourceFiles.count == 5)
    }

    @Test func aFifthLevelIsRefusedAtTheIncludeThatGoesTooDeep() throws {
        let (_, errors, dir) = try IncludeTests.load([
            "node.ini": "include = l1.ini\n" + display800x480, "l1.ini": "include = l2.ini\n", "l2.ini": "include = l3.ini\n",
            "l3.ini": "include = l4.ini\n", "l4.ini": "; the fourth level\ninclude = l5.ini\n", "l5.ini": "",
        ])
        #expect(errors == [
            "\(dir)/l4.ini:2: include nested too deep: \(dir)/node.ini -> \(dir)/l1.ini -> \(dir)/l2.ini -> \(dir)/l3.ini -> "
                + "\(dir)/l4.ini -> \(dir)/l5.ini; includes nest at most 4 deep",
        ])
    }

    @Test func aCycleIsRefusedWithItsChain() throws {
        let (_, errors, dir) = try IncludeTests.load([
            "node.ini": "include = a.ini\n" + display800x480, "a.ini": "include = ./b.ini\n", "b.ini": "include = node.ini\n",
        ])
        #expect(errors == [
            "\(dir)/b.ini:1: include cycle: \(dir)/node.ini -> \(dir)/a.ini -> \(dir)/b.ini -> \(dir)/node.ini; "
                + "a file cannot include itself, directly or through others",
        ])
        let itself = try IncludeTests.load(["self.ini": "include = self.ini\n"], main: "self.ini")
        #expect(itself.errors == [
            "\(itself.dir)/self.ini:1: include cycle: \(itself.dir)/self.ini -> \(itself.dir)/self.ini; "
                + "a file cannot include itself, directly or through others",
            "\(itself.dir)/self.ini:1: missing section [display]; it gives the display size: [display] width = ..., height = ...",
        ])
    }

    @Test func aMissingIncludeIsAnErrorAtItsLine() throws {
        let (_, errors, dir) = try IncludeTests.load(["node.ini": "; panel 7\ninclude = missing.ini\n" + display800x480])
        #expect(errors == ["\(dir)/node.ini:2: cannot read include \(dir)/missing.ini: cannot open: No such file or directory"])
    }

    @Test func includeAfterASectionIsAnErrorAtItsLine() {
        #expect(renderedErrors(display800x480 + "include = common.ini\n") == [
            "panel.ini:4: include is allowed only at the top of a file, before the first section",
        ])
    }

    @Test func anErrorInAnIncludedFileNamesThatFileAndLine() throws {
        let (_, errors, dir) = try IncludeTests.load([
            "common.ini": IncludeTests.common.replacingOccurrences(of: "rect = 0, 0, 200, 100", with: "rect = 0, 0, 200"),
            "node.ini": "include = common.ini\n[button next]\nrect = 200, 0, 200, 100\non_tap = fly\n",
        ])
        #expect(errors == [
            "\(dir)/node.ini:4: [button next] on_tap: expected emit, exec COMMAND, gpio OUTPUT on|off|toggle|pulse MS, "
                + "gpio CHIP LINE on|off|toggle|pulse MS, mqtt TOPIC PAYLOAD, service DOMAIN.SERVICE [JSON] or page NAME|next|prev|back, "
                + "found \"fly\"",
            "\(dir)/common.ini:7: [button play] rect: expected four integers \"x, y, width, height\", found \"0, 0, 200\"",
        ])
    }

    @Test func aBadValueIncludedIsReplacedByTheIncludingFile() throws {
        let (loaded, errors, _) = try IncludeTests.load([
            "common.ini": IncludeTests.common.replacingOccurrences(of: "rotation = 180", with: "rotation = 45"),
            "node.ini": IncludeTests.node,
        ])
        #expect(errors == [])
        #expect(loaded?.display.rotation.degrees == 0)
    }

    @Test func aKeyOrSectionGivenTwiceInOneFileIsStillAnError() throws {
        let (_, errors, dir) = try IncludeTests.load([
            "common.ini": IncludeTests.common,
            "node.ini": "include = common.ini\n[display]\nrotation = 0\nrotation = 90\n[display]\nwidth = 640\n",
        ])
        #expect(errors == [
            "\(dir)/node.ini:4: [display] rotation: given twice in this section, on lines 3 and 4; keep one",
            "\(dir)/node.ini:5: [display]: section given twice; the first [display] is on \(dir)/common.ini:1; merge the two",
        ])
    }

    @Test func namesTakenInAnIncludedFileNameThatFile() throws {
        let (_, errors, dir) = try IncludeTests.load([
            "common.ini": IncludeTests.common,
            "node.ini": "include = common.ini\n[text play]\nrect = 0, 200, 200, 100\ntime = %H:%M\n",
        ])
        #expect(errors == [
            "\(dir)/node.ini:2: [text play]: overlapping names: a text named \"play\" is already defined on \(dir)/common.ini:6",
        ])
    }

    @Test func aLookInTheIncludedDisplayAndTheIncludingThemeIsStillGivenTwice() throws {
        let (_, errors, dir) = try IncludeTests.load([
            "common.ini": display800x480 + "fill = #112233\n",
            "node.ini": "include = common.ini\n[theme]\nfill = #445566\n",
        ])
        #expect(errors == [
            "\(dir)/node.ini:3: [theme] fill: fill is given in [display] too, on \(dir)/common.ini:4; give it once, in [theme] "
                + "([display] takes its looks only for configs written before [theme])",
        ])
    }

    @Test func checkNamesEachValuesOrigin() throws {
        let (loaded, _, dir) = try IncludeTests.load(["common.ini": IncludeTests.common, "node.ini": IncludeTests.node])
        let config = try #require(loaded)
        #expect(config.effectiveText() == """
            ; Effective configuration of \(dir)/node.ini, every default filled in.
            ; Included: \(dir)/common.ini
            ; Each value a file gives follows a comment naming its file and line.
            ; Board preset: none.

            [board]
            ; preset: not set (no board preset)
            simulated = yes

            ; from \(dir)/common.ini:1
            [display]
            ; from \(dir)/common.ini:2
            width = 800
            ; from \(dir)/common.ini:3
            height = 480
            output = auto
            framebuffer = /dev/fb0
            ; card: not set (the first card with a connected display)
            ; connector: not set (the first connected one)
            drm_format = xrgb8888
            ; from \(dir)/node.ini:3
            rotation = 0
            font = /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
            ; budget_us: not set (no latency budget)

            [theme]
            ; font_size: not set (buttons: the largest size that fits, up to font_size_max; texts and sliders: 24)
            font_size_max = 48
            background = #101214
            fill = #2A2E33
            pressed_fill = #4A6FA5
            disabled_fill = #1A1C1F
            on_fill = #2E7D32
            border = #5A6068
            text = #F2F2F2
            ; pressed_text: not set (as text)
            ; on_text: not set (as text)
            disabled_text = #6B7078
            ; pending_fill: not set (on_fill dimmed)
            ; pending_text: not set (as on_text)
            unknown_fill = #222428
            unknown_text = #8A8F96
            border_px = 2
            radius = 0
            sublabel_size = 16
            ; sublabel_color: not set (at rest as the label; every other look as its label)
            ; icon_size: not set (fitted to the button)
            icon_position = top

            [touch]
            multi_tap_ms = 250
            long_press_ms = 500
            repeat_ms = 100
            slop_px = 10
            multi_tap_slop_px = 40
            lost_ms = 200
            swipe_px = 60

            [controller]
            model = ft5406
            width = 800
            height = 480
            invert_x = no
            invert_y = no
            swap_xy = no
            ; calibration: not set (none)
            ; bus: not set (no controller hardware)
            address = 0x38
            interrupt_chip = gpiochip0
            interrupt_line = none
            poll_ms = 17
            reset_chip = gpiochip0
            reset_line = none
            stuck_ms = 30000
            ; threshold: not set (the controller keeps its own)
            ; report_period: not set (the controller keeps its own)

            ; from \(dir)/common.ini:11
            [backlight]
            ; device: not set (the only device in /sys/class/backlight)
            ; from \(dir)/common.ini:12
            brightness = 80
            dim_brightness = 20
            dim_after_s = 60
            off_after_s = 300
            ; night: not set (no night)

            ; from \(dir)/common.ini:6
            [button play]
            ; from \(dir)/common.ini:7
            rect = 0, 0, 200, 100
            ; from \(dir)/node.ini:5
            label = Stop
            enabled = yes
            latch = no
            ; from \(dir)/common.ini:9
            on_tap = emit
            ; on_double_tap: not set (no action)
            ; on_triple_tap: not set (no action)
            ; on_long_press: not set (no action)
            ; on_repeat: not set (no action)
            ; on_press: not set (no action)
            ; on_release: not set (no action)
            exec_limit = 4
            exec_timeout_ms = 60000
            swipe = yes
            multi_tap_ms = 250
            long_press_ms = 500
            repeat_ms = 100
            slop_px = 10
            multi_tap_slop_px = 40
            font_size_max = 48
            radius = 0
            look = button
            fill = #2A2E33
            pressed_fill = #4A6FA5
            disabled_fill = #1A1C1F
            on_fill = #2E7D32
            border = #5A6068
            text = #F2F2F2
            ; pressed_text: not set (as text)
            ; on_text: not set (as text)
            disabled_text = #6B7078
            ; pending_fill: not set (on_fill dimmed)
            ; pending_text: not set (as on_text)
            unknown_fill = #222428
            unknown_text = #8A8F96

            ; from \(dir)/node.ini:6
            [button next]
            ; from \(dir)/node.ini:7
            rect = 200, 0, 200, 100
            label = next
            enabled = yes
            latch = no
            ; from \(dir)/node.ini:8
            on_tap = exec mpc next
            ; on_double_tap: not set (no action)
            ; on_triple_tap: not set (no action)
            ; on_long_press: not set (no action)
            ; on_repeat: not set (no action)
            ; on_press: not set (no action)
            ; on_release: not set (no action)
            exec_limit = 4
            exec_timeout_ms = 60000
            swipe = yes
            multi_tap_ms = 250
            long_press_ms = 500
            repeat_ms = 100
            slop_px = 10
            multi_tap_slop_px = 40
            font_size_max = 48
            radius = 0
            look = button
            fill = #2A2E33
            pressed_fill = #4A6FA5
            disabled_fill = #1A1C1F
            on_fill = #2E7D32
            border = #5A6068
            text = #F2F2F2
            ; pressed_text: not set (as text)
            ; on_text: not set (as text)
            disabled_text = #6B7078
            ; pending_fill: not set (on_fill dimmed)
            ; pending_text: not set (as on_text)
            unknown_fill = #222428
            unknown_text = #8A8F96

            """)
    }

    @Test func flattenedHasNoIncludesAndReadsBackToTheSameConfiguration() throws {
        let folder = try TemporaryDirectory(["common.ini": IncludeTests.common, "node.ini": IncludeTests.node])
        defer { folder.remove() }
        let dir = folder.path
        let path = dir + "/node.ini"
        let config = try PanelConfigLoader.load(path: path, presetSearchPath: [])
        let flat = try PanelConfigLoader.flattened(path: path, presetSearchPath: [])
        #expect(flat == """
            ; \(dir)/node.ini with the files it includes (\(dir)/common.ini), flattened.

            ; from \(dir)/common.ini:1
            [display]
            ; from \(dir)/common.ini:2
            width = 800
            ; from \(dir)/common.ini:3
            height = 480
            ; from \(dir)/node.ini:3
            rotation = 0

            ; from \(dir)/common.ini:6
            [button play]
            ; from \(dir)/common.ini:7
            rect = 0, 0, 200, 100
            ; from \(dir)/node.ini:5
            label = Stop
            ; from \(dir)/common.ini:9
            on_tap = emit

            ; from \(dir)/common.ini:11
            [backlight]
            ; from \(dir)/common.ini:12
            brightness = 80

            ; from \(dir)/node.ini:6
            [button next]
            ; from \(dir)/node.ini:7
            rect = 200, 0, 200, 100
            ; from \(dir)/node.ini:8
            on_tap = exec mpc next

            """)
        var back = try PanelConfigLoader.parse(text: flat, file: path, presetSearchPath: [], includes: .refuse)
        #expect(back.sourceFiles == [path])
        // Without the origin comments, check's text is what the two files give.
        #expect(back.effectiveText() == config.effectiveText().split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("; from ") && !$0.hasPrefix("; Included: ") && !$0.hasPrefix("; Each value ") }.joined(separator: "\n"))
        back.sourceFiles = config.sourceFiles
        #expect(back == EffectiveTextTests.withLines(of: back, config))
    }

    @Test func flattenedOfAFailingConfigThrowsItsErrors() throws {
        let dir = try TemporaryDirectory(["node.ini": "include = gone.ini\n" + display800x480])
        defer { dir.remove() }
        do {
            _ = try PanelConfigLoader.flattened(path: dir.path + "/node.ini", presetSearchPath: [])
            Issue.record("flattened a config with a missing include")
        } catch {
            #expect(error.errors.map { $0.line } == [1])
        }
    }

    @Test func aPushedConfigIncludesNothing() {
        do {
            _ = try PanelConfigLoader.parse(
                text: "include = common.ini\n" + display800x480 + "[button a]\nrect = 0, 0, 10, 10\ninclude = x.ini\n", file: "pushed.ini",
                presetSearchPath: [], includes: .refuse)
            Issue.record("a pushed config with include was taken")
        } catch {
            #expect(error.errors.map { $0.rendered } == [
                "pushed.ini:1: include is not allowed in a pushed config",
                "pushed.ini:7: include is not allowed in a pushed config",
            ])
        }
    }

    @Test func aBoardPresetIncludesNothing() throws {
        let dir = try TemporaryDirectory(["kit.ini": "include = other.ini\n[display]\nwidth = 800\nheight = 480\n"])
        defer { dir.remove() }
        #expect(renderedErrors("[board]\npreset = kit\n", presets: [dir.path]) == [
            "\(dir.path)/kit.ini:1: a board preset includes no other file; put include = FILE in the panel config",
        ])
    }
}
