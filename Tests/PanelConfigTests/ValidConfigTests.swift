import PanelConfig
import Testing
import TouchCore

@Suite("A valid config parses to exact values")
struct ValidConfigTests {
    static let full = """
        ; Kitchen panel, front door side
        [display]
        width = 800
        height = 480

        [touch]                 ; panel-wide
        multi_tap_ms = 300
        long_press_ms = 600
        lost_ms = 150

        [controller]
        model = ft6236
        width = 480
        height = 800
        invert_x = yes
        swap_xy = true

        [button play]
        rect = 20, 20, 200, 120        ; x, y, width, height in display pixels
        label = Play / Pause
        on_tap = exec mpc toggle
        on_double_tap = emit
        on_long_press = gpio gpiochip0 17 pulse 200

        # a button that is drawn but takes no touches
        [button stop]
        rect = 240,20,200,120
        enabled = no
        on_triple_tap = gpio gpiochip1 4 toggle
        on_repeat = emit
        repeat_ms = 50
        slop_px = 5
        multi_tap_slop_px = 0

        [button info.bar-1]
        rect = 0, 400, 800, 80
        """

    @Test func fullConfigParsesToExactConfiguration() throws {
        let config = try PanelConfigLoader.parse(text: ValidConfigTests.full, file: "kitchen.ini")
        let panelTimings = GestureTimings(
            multiTap: MonotonicDuration(nanoseconds: 300_000_000),
            longPress: MonotonicDuration(nanoseconds: 600_000_000),
            repeatInterval: MonotonicDuration(nanoseconds: 100_000_000),
            slopPx: 10, multiTapSlopPx: 40)
        let stopTimings = GestureTimings(
            multiTap: MonotonicDuration(nanoseconds: 300_000_000),
            longPress: MonotonicDuration(nanoseconds: 600_000_000),
            repeatInterval: MonotonicDuration(nanoseconds: 50_000_000),
            slopPx: 5, multiTapSlopPx: 0)
        let expected = PanelConfiguration(
            file: "kitchen.ini",
            display: DisplayConfig(width: 800, height: 480),
            timings: panelTimings,
            lostAfter: MonotonicDuration(nanoseconds: 150_000_000),
            controller: ControllerConfig(
                model: .ft6236, width: 480, height: 800, invertX: true, invertY: false, swapXY: true),
            buttons: [
                ButtonConfig(
                    name: "play", label: "Play / Pause", rect: Rect(x: 20, y: 20, width: 200, height: 120),
                    enabled: true, timings: panelTimings,
                    onTap: .exec(command: "mpc toggle"), onDoubleTap: .emit,
                    onLongPress: .gpio(chip: "gpiochip0", line: .offset(17), operation: .pulse(.milliseconds(200))), line: 18,
                    fontSize: 48, fontSizeFitted: true),
                ButtonConfig(
                    name: "stop", label: "stop", rect: Rect(x: 240, y: 20, width: 200, height: 120),
                    enabled: false, timings: stopTimings,
                    onTripleTap: .gpio(chip: "gpiochip1", line: .offset(4), operation: .toggle), onRepeat: .emit, line: 26,
                    fontSize: 48, fontSizeFitted: true, swipe: false),
                ButtonConfig(
                    name: "info.bar-1", label: "info.bar-1", rect: Rect(x: 0, y: 400, width: 800, height: 80),
                    enabled: true, timings: panelTimings, line: 35, fontSize: 48, fontSizeFitted: true),
            ])
        #expect(config == expected)
    }

    @Test func specFlagsFollowTheActionsGiven() throws {
        let config = try PanelConfigLoader.parse(text: ValidConfigTests.full, file: "kitchen.ini")
        let play = config.buttons[0].spec
        #expect(play.highestTapCount == 2)
        #expect(play.listensForLongPress)
        #expect(!play.listensForRepeat)
        #expect(play.enabled)
        #expect(play.timings.multiTap == MonotonicDuration(nanoseconds: 300_000_000))

        let stop = config.buttons[1].spec
        #expect(stop.highestTapCount == 3)
        #expect(stop.listensForLongPress)  // on_repeat alone implies the long press
        #expect(stop.listensForRepeat)
        #expect(!stop.enabled)
        #expect(stop.timings.repeatInterval == MonotonicDuration(nanoseconds: 50_000_000))

        let info = config.buttons[2].spec
        #expect(info.highestTapCount == 0)
        #expect(!info.listensForLongPress)
        #expect(!info.listensForRepeat)
        #expect(info.rect == Rect(x: 0, y: 400, width: 800, height: 80))
    }

    @Test func minimalConfigTakesEveryDefault() throws {
        let config = try PanelConfigLoader.parse(
            text: display800x480 + "[button ok]\nrect = 0, 0, 800, 480\non_tap = emit\n", file: "min.ini")
        #expect(config == PanelConfiguration(
            file: "min.ini",
            display: DisplayConfig(width: 800, height: 480),
            timings: GestureTimings(
                multiTap: ms(250), longPress: ms(500), repeatInterval: ms(100), slopPx: 10, multiTapSlopPx: 40),
            lostAfter: ms(200),
            controller: ControllerConfig(model: .ft5406, width: 800, height: 480),
            buttons: [ButtonConfig(name: "ok", label: "ok", rect: Rect(x: 0, y: 0, width: 800, height: 480),
                                   onTap: .emit, line: 4, fontSize: 48, fontSizeFitted: true)]))
        #expect(config.buttons[0].spec.highestTapCount == 1)
    }

    @Test func aPanelWithoutButtonsIsValid() throws {
        let config = try PanelConfigLoader.parse(text: display800x480, file: "p.ini")
        #expect(config.buttons.isEmpty)
        #expect(config.makeLayout().count == 0)
    }

    @Test func perButtonOverridesApplyOnlyToThatButton() throws {
        let config = try PanelConfigLoader.parse(text: display800x480 + """
            [button a]
            rect = 0, 0, 10, 10
            multi_tap_ms = 0
            long_press_ms = 1000
            [button b]
            rect = 10, 0, 10, 10
            [touch]
            slop_px = 20
            """, file: "p.ini")
        // [touch] comes last in the file and still reaches both buttons.
        #expect(config.buttons[0].timings == GestureTimings(
            multiTap: .zero, longPress: ms(1000), repeatInterval: ms(100), slopPx: 20, multiTapSlopPx: 40))
        #expect(config.buttons[1].timings == GestureTimings(
            multiTap: ms(250), longPress: ms(500), repeatInterval: ms(100), slopPx: 20, multiTapSlopPx: 40))
        #expect(config.timings == config.buttons[1].timings)
    }

    @Test func everyActionAndBooleanSpelling() throws {
        let config = try PanelConfigLoader.parse(text: display800x480 + """
            [controller]
            invert_x = on
            invert_y = 1
            swap_xy = off
            [button a]
            rect = 0, 0, 10, 10
            enabled = true
            on_tap = gpio /dev/gpiochip4 0 on
            on_double_tap = gpio gpiochip0 1023 off
            on_triple_tap = exec   echo  "a=b"   done
            on_long_press = gpio pinctrl-bcm2711 5 pulse 60000
            on_repeat = gpio gpiochip0 6 pulse 1
            """, file: "p.ini")
        #expect(config.controller == ControllerConfig(model: .ft5406, width: 800, height: 480, invertX: true, invertY: true))
        let a = config.buttons[0]
        #expect(a.enabled)
        #expect(a.onTap == .gpio(chip: "/dev/gpiochip4", line: .offset(0), operation: .on))
        #expect(a.onDoubleTap == .gpio(chip: "gpiochip0", line: .offset(1023), operation: .off))
        // The command is kept as written after `exec`, inner spacing included.
        #expect(a.onTripleTap == .exec(command: "echo  \"a=b\"   done"))
        #expect(a.onLongPress == .gpio(chip: "pinctrl-bcm2711", line: .offset(5), operation: .pulse(.milliseconds(60000))))
        #expect(a.onRepeat == .gpio(chip: "gpiochip0", line: .offset(6), operation: .pulse(.milliseconds(1))))
    }

    @Test func everyControllerModelName() throws {
        let models: [(String, ControllerModel)] = [
            ("ft5206", .ft5206), ("ft5306", .ft5306), ("ft5406", .ft5406), ("ft5506", .ft5506),
            ("ft5x26", .ft5x26), ("ft5x46", .ft5x46), ("ft6206", .ft6206), ("ft6236", .ft6236), ("ft6336", .ft6336),
            ("gt911", .gt911), ("gt9271", .gt9271),
        ]
        for (name, model) in models {
            let config = try PanelConfigLoader.parse(text: display800x480 + "[controller]\nmodel = \(name)\n", file: "p.ini")
            #expect(config.controller.model == model)
        }
    }

    /// Indented keys are common in hand-written INI files; libinih's multi-line values would
    /// read the second indented key as more of the first key's value.
    @Test func indentedKeysAreKeysNotContinuations() throws {
        let config = try PanelConfigLoader.parse(text: """
            [display]
                width = 800
                height = 480
            [button play]
            \trect = 20, 20, 200, 120
            \tlabel = Play
            """, file: "p.ini")
        #expect(config.buttons[0].rect == Rect(x: 20, y: 20, width: 200, height: 120))
        #expect(config.buttons[0].label == "Play")
    }

    @Test func windowsLineEndsAndByteOrderMarkAreAccepted() throws {
        let config = try PanelConfigLoader.parse(
            text: "\u{FEFF}[display]\r\nwidth = 1024\r\nheight = 600\r\n[button x]\r\nrect = 1, 2, 3, 4\r\nlabel = Ä\r\n",
            file: "p.ini")
        #expect(config.display == DisplayConfig(width: 1024, height: 600))
        #expect(config.buttons[0].line == 4)
        #expect(config.buttons[0].label == "Ä")
    }

    @Test func commentsAndInlineCommentsAreIgnored() throws {
        let config = try PanelConfigLoader.parse(text: """
            # hash comment
            ; semicolon comment
            [display] ; the screen
            width = 800 ; pixels
            height = 480
            [button a]
            rect = 0, 0, 10, 10
            on_tap = exec echo one;echo two ; the `;` without a space stays in the command
            """, file: "p.ini")
        #expect(config.buttons[0].onTap == .exec(command: "echo one;echo two"))
    }

    @Test func controllerRangeDefaultsToTheDisplayAsTheControllerSeesIt() throws {
        let plain = try PanelConfigLoader.parse(text: display800x480 + "[controller]\nmodel = ft5506\n", file: "p.ini")
        #expect(plain.controller == ControllerConfig(model: .ft5506, width: 800, height: 480))
        // Swapped axes: the controller's X runs along the display's height.
        let swapped = try PanelConfigLoader.parse(text: display800x480 + "[controller]\nswap_xy = yes\n", file: "p.ini")
        #expect(swapped.controller == ControllerConfig(model: .ft5406, width: 480, height: 800, swapXY: true))
        #expect(swapped.makeTransform().apply(Point(x: 479, y: 0)) == Point(x: 0, y: 479))
    }

    @Test func aLineOfExactlyTheLongestLengthIsAccepted() throws {
        let label = String(repeating: "x", count: 198 - "label = ".utf8.count)
        let config = try PanelConfigLoader.parse(
            text: display800x480 + "[button a]\nrect = 0, 0, 10, 10\nlabel = \(label)\n", file: "p.ini")
        #expect(config.buttons[0].label == label)
    }
}
