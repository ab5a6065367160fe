import PanelConfig
import Testing

@Suite("Errors about values: what was expected, and what was found")
struct ValueErrorTests {
    static func button(_ keys: String) -> String {
        display800x480 + "[button play]\n" + keys + "\n"
    }

    @Test func rectWithThreeNumbers() {
        #expect(renderedErrors(ValueErrorTests.button("rect = 20, 20, 200")) == [
            "panel.ini:5: [button play] rect: expected four integers \"x, y, width, height\", found \"20, 20, 200\"",
        ])
    }

    @Test func rectWithJunkOrEmptyParts() {
        for rect in ["20, 20, 200, 120, 5", "20, 20, 200px, 120", "20,, 200, 120", "", "20 20 200 120"] {
            #expect(renderedErrors(ValueErrorTests.button("rect = \(rect)")) == [
                "panel.ini:5: [button play] rect: expected four integers \"x, y, width, height\", found \"\(rect)\"",
            ])
        }
    }

    @Test func rectWithNegativeWidth() {
        #expect(renderedErrors(ValueErrorTests.button("rect = 20, 20, -5, 120")) == [
            "panel.ini:5: [button play] rect: expected a width and height of at least 1 pixel in \"x, y, width, height\", "
                + "found \"20, 20, -5, 120\"",
        ])
    }

    @Test func rectOutsideTheDisplay() {
        for rect in ["700, 20, 200, 120", "-1, 0, 10, 10", "0, 400, 10, 81", "0, 0, 801, 1", "2147483647, 0, 1, 1"] {
            #expect(renderedErrors(ValueErrorTests.button("rect = \(rect)")) == [
                "panel.ini:5: [button play] rect: expected a rect inside the 800x480 display, found \"\(rect)\"",
            ])
        }
    }

    @Test func rectCheckedAgainstADisplayGivenLaterInTheFile() {
        #expect(renderedErrors("[button play]\nrect = 0, 0, 1025, 10\n[display]\nwidth = 1024\nheight = 600\n") == [
            "panel.ini:2: [button play] rect: expected a rect inside the 1024x600 display, found \"0, 0, 1025, 10\"",
        ])
    }

    @Test func badBoolean() {
        #expect(renderedErrors(display800x480 + "[controller]\ninvert_x = maybe\nswap_xy = Yes\n") == [
            "panel.ini:5: [controller] invert_x: expected yes/no, true/false, on/off or 1/0, found \"maybe\"",
            "panel.ini:6: [controller] swap_xy: expected yes/no, true/false, on/off or 1/0, found \"Yes\"",
        ])
    }

    @Test func integerWithTrailingJunk() {
        #expect(renderedErrors(display800x480 + "[touch]\nlong_press_ms = 12px\nslop_px = 1 0\nrepeat_ms = +5\n") == [
            "panel.ini:5: [touch] long_press_ms: expected an integer 1..60000 (milliseconds), found \"12px\"",
            "panel.ini:6: [touch] slop_px: expected an integer 0..1000 (pixels), found \"1 0\"",
            "panel.ini:7: [touch] repeat_ms: expected an integer 1..60000 (milliseconds), found \"+5\"",
        ])
    }

    @Test func hashAfterAValueGetsAHint() {
        #expect(renderedErrors("[display]\nwidth = 800 # pixels\nheight = 480\n") == [
            "panel.ini:2: [display] width: expected an integer 1..8192 (pixels), found \"800 # pixels\"; "
                + "after a value only ` ;` starts a comment, `#` only at the start of a line",
        ])
    }

    @Test func outOfRangeValues() {
        #expect(renderedErrors("""
            [display]
            width = 9000
            height = 0
            [touch]
            multi_tap_ms = 5001
            long_press_ms = 0
            lost_ms = 99999999999999999999999
            [controller]
            width = 65536
            """) == [
            "panel.ini:2: [display] width: expected an integer 1..8192 (pixels), found \"9000\"",
            "panel.ini:3: [display] height: expected an integer 1..8192 (pixels), found \"0\"",
            "panel.ini:5: [touch] multi_tap_ms: expected an integer 0..5000 (milliseconds), found \"5001\"",
            "panel.ini:6: [touch] long_press_ms: expected an integer 1..60000 (milliseconds), found \"0\"",
            "panel.ini:7: [touch] lost_ms: expected an integer 1..60000 (milliseconds), found \"99999999999999999999999\"",
            "panel.ini:9: [controller] width: expected an integer 1..65535 (controller units), found \"65536\"",
        ])
    }

    @Test func anFT5x06RangeBeyondTwelveBitsIsRefusedAtItsKey() {
        #expect(renderedErrors(display800x480 + "[controller]\nwidth = 4097\nheight = 4096\n") == [
            "panel.ini:5: [controller] width: 4097 is more than an FT5x06 controller reports (12 bits: at most 4096)",
        ])
        #expect(renderedErrors(display800x480 + "[controller]\nmodel = gt911\nwidth = 4097\nheight = 4096\n") == [])
    }

    @Test func unknownControllerModel() {
        #expect(renderedErrors(display800x480 + "[controller]\nmodel = gt928\n") == [
            "panel.ini:5: [controller] model: expected one of ft5206, ft5306, ft5406, ft5506, ft5x26, ft5x46, ft6206, "
                + "ft6236, ft6336, gt911, gt9271, evdev, found \"gt928\"",
        ])
    }

    @Test func badActions() {
        #expect(renderedErrors(ValueErrorTests.button("""
            rect = 0, 0, 10, 10
            on_tap = gpio gpiochip0 17 blink
            on_double_tap = exec
            on_triple_tap = run mpc toggle
            on_long_press = emit now
            on_repeat =
            """)) == [
            "panel.ini:6: [button play] on_tap: expected gpio OUTPUT on|off|toggle|pulse MS or gpio CHIP LINE on|off|toggle|pulse MS (LINE 0..1023, MS 1..60000), "
                + "found \"gpio gpiochip0 17 blink\"",
            "panel.ini:7: [button play] on_double_tap: expected exec followed by a command to run, found \"exec\"",
            "panel.ini:8: [button play] on_triple_tap: expected emit, exec COMMAND, gpio OUTPUT on|off|toggle|pulse MS, gpio CHIP LINE on|off|toggle|pulse MS, mqtt TOPIC PAYLOAD, service DOMAIN.SERVICE [JSON] or page NAME|next|prev|back, "
                + "found \"run mpc toggle\"",
            "panel.ini:9: [button play] on_long_press: expected emit alone, found \"emit now\"",
            "panel.ini:10: [button play] on_repeat: expected emit, exec COMMAND, gpio OUTPUT on|off|toggle|pulse MS, gpio CHIP LINE on|off|toggle|pulse MS, mqtt TOPIC PAYLOAD, service DOMAIN.SERVICE [JSON] or page NAME|next|prev|back, "
                + "found \"\"",
        ])
    }

    @Test func badGpioActions() {
        let grammar = "expected gpio OUTPUT on|off|toggle|pulse MS or gpio CHIP LINE on|off|toggle|pulse MS (LINE 0..1023, MS 1..60000)"
        for action in ["gpio gpiochip0 1024 on", "gpio gpiochip0 17 pulse", "gpio gpiochip0 17 pulse 0",
                       "gpio gpiochip0 17 on 5", "gpio gpiochip0 x on", "gpio 17 on", "gpio gpiochip0 17 pulse 60001"] {
            #expect(renderedErrors(ValueErrorTests.button("rect = 0, 0, 10, 10\non_tap = \(action)")) == [
                "panel.ini:6: [button play] on_tap: \(grammar), found \"\(action)\"",
            ])
        }
        #expect(renderedErrors(ValueErrorTests.button("rect = 0, 0, 10, 10\non_tap = execute x")) == [
            "panel.ini:6: [button play] on_tap: expected emit, exec COMMAND, gpio OUTPUT on|off|toggle|pulse MS, gpio CHIP LINE on|off|toggle|pulse MS, mqtt TOPIC PAYLOAD, service DOMAIN.SERVICE [JSON] or page NAME|next|prev|back, "
                + "found \"execute x\"",
        ])
    }

    @Test func displayTooLargeForTheControllerDefault() {
        #expect(renderedErrors("[display]\nwidth = 5000\nheight = 480\n") == [
            "panel.ini:2: [display] width: 5000 pixels is more than an FT5x06 controller reports (at most 4096); "
                + "give the controller's own range as width in [controller]",
        ])
        #expect(renderedErrors("[display]\nwidth = 5000\nheight = 480\n[controller]\nwidth = 4096\n") == [])
    }
}
