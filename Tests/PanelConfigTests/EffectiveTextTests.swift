import PanelConfig
import Testing
import TouchCore

@Suite("effectiveText(): the configuration as run, written out and read back")
struct EffectiveTextTests {
    /// `config` with every button's `line` replaced by `other`'s: the one field that says where
    /// a button stands in a file rather than what it is.
    static func withLines(of other: PanelConfiguration, _ config: PanelConfiguration) -> PanelConfiguration {
        var copy = config
        for index in copy.buttons.indices where index < other.buttons.count {
            copy.buttons[index].line = other.buttons[index].line
        }
        // Warnings name lines too: they are not compared.
        copy.warnings = other.warnings
        return copy
    }

    /// Parses the effective text of `config` back, as the same file with the same presets.
    static func roundTrip(_ config: PanelConfiguration, presets: [String] = []) throws -> PanelConfiguration {
        try PanelConfigLoader.parse(text: config.effectiveText(), file: config.file, presetSearchPath: presets)
    }

    @Test func minimalConfigIsWrittenInFull() throws {
        let config = try #require(parsed(display800x480 + "[button ok]\nrect = 0, 0, 800, 480\non_tap = emit\n", file: "min.ini"))
        #expect(config.effectiveText() == """
            ; Effective configuration of min.ini, every default filled in.
            ; Board preset: none.

            [board]
            ; preset: not set (no board preset)
            simulated = yes

            [display]
            width = 800
            height = 480
            output = auto
            framebuffer = /dev/fb0
            ; card: not set (the first card with a connected display)
            ; connector: not set (the first connected one)
            drm_format = xrgb8888
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

            [button ok]
            rect = 0, 0, 800, 480
            label = ok
            enabled = yes
            latch = no
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

            """)
        let back = try EffectiveTextTests.roundTrip(config)
        #expect(back == EffectiveTextTests.withLines(of: back, config))
        #expect(back.buttons[0].line == 72)
    }

    @Test func fullConfigWithAPresetRoundTrips() throws {
        let dir = try TemporaryDirectory(["kitchen.ini": """
            [display]
            width = 800
            height = 480
            rotation = 180
            background = #000010
            [touch]
            long_press_ms = 700
            [controller]
            model = ft6236
            bus = 10
            address = 0x48
            interrupt_chip = gpiochip4
            interrupt_line = GPIO24
            invert_x = yes
            """])
        defer { dir.remove() }
        let text = ValidConfigTests.full
            .replacingOccurrences(of: "[display]", with: """
                [board]
                preset = kitchen
                [display]
                framebuffer = /dev/fb1
                font = /opt/fonts/Big Sans.ttf
                font_size = 28
                pressed_fill = #336699
                border_px = 0
                """)
            .replacingOccurrences(of: "[controller]", with: """
                [controller]
                reset_line = 5
                threshold = 40
                report_period = 12
                poll_ms = 50
                """)
            + """

            [button lamp]
            rect = 600, 200, 100, 100
            latch = yes
            on_tap = gpio gpiochip0 17 toggle
            on_fill = #FFAA00
            font_size = 40
            label=;semicolon first
            """
        let config = try #require(parsed(text, file: "/etc/touchpanel/kitchen.ini", presets: [dir.path]))
        // What the preset and the file made, to be sure the round trip has something to keep.
        #expect(config.board == BoardConfig(presetName: "kitchen", presetFile: dir.path + "/kitchen.ini", simulated: false))
        #expect(config.controller == ControllerConfig(
            model: .ft6236, width: 480, height: 800, invertX: true, invertY: false, swapXY: true, bus: 10, address: 0x48,
            interrupt: InterruptLineConfig(chip: "gpiochip4", line: .name("GPIO24")), pollInterval: .milliseconds(50),
            reset: OutputLineConfig(chip: "gpiochip0", line: .offset(5)), threshold: 40, reportPeriod: 12))
        #expect(config.buttons[3].label == ";semicolon first")
        #expect(config.buttons[3].latch)

        let effective = config.effectiveText()
        #expect(effective.hasPrefix("""
            ; Effective configuration of /etc/touchpanel/kitchen.ini, every default filled in.
            ; Board preset: \(dir.path)/kitchen.ini, with the values of /etc/touchpanel/kitchen.ini put over it.

            [board]
            preset = kitchen
            simulated = no

            """))
        #expect(effective.contains("\nlabel=;semicolon first\n"))
        #expect(effective.contains("\non_long_press = gpio gpiochip0 17 pulse 200\n"))
        let back = try EffectiveTextTests.roundTrip(config, presets: [dir.path])
        #expect(back == EffectiveTextTests.withLines(of: back, config))
        // Written again, it is the same text: nothing drifts.
        #expect(back.effectiveText() == effective)
    }

    /// Read back without the preset it names, the text still stands on its own: every value is
    /// in it. (Only the preset's name is lost, with the preset.)
    @Test func effectiveTextHoldsEveryValueItself() throws {
        let dir = try TemporaryDirectory(["hw.ini": "[display]\nwidth = 640\nheight = 480\n[controller]\nbus = 2\n"])
        defer { dir.remove() }
        let config = try #require(parsed("[board]\npreset = hw\n[button a]\nrect = 0, 0, 640, 480\n", presets: [dir.path]))
        let standalone = config.effectiveText().replacingOccurrences(of: "preset = hw\n", with: "")
        var back = try PanelConfigLoader.parse(text: standalone, file: config.file, presetSearchPath: [])
        back.board.presetName = "hw"
        back.board.presetFile = dir.path + "/hw.ini"
        #expect(back == EffectiveTextTests.withLines(of: back, config))
    }

    @Test func longValuesKeepWithinTheLineLimit() throws {
        // 198 characters written `on_tap=exec ...`; with spaces around `=` it would not fit.
        let command = String(repeating: "x", count: 198 - "on_tap=exec ".utf8.count)
        let config = try #require(parsed(display800x480 + "[button a]\nrect = 0, 0, 10, 10\non_tap=exec \(command)\n"))
        #expect(config.effectiveText().contains("\non_tap=exec \(command)\n"))
        let back = try EffectiveTextTests.roundTrip(config)
        #expect(back == EffectiveTextTests.withLines(of: back, config))
    }
}
