import PanelConfig
import Testing

@Suite("Errors about keys")
struct KeyErrorTests {
    @Test func misspeltKeyListsTheValidKeysAndSuggestsTheClosest() {
        #expect(renderedErrors(display800x480 + "[button play]\nrect = 20, 20, 200, 120\non_tapp = emit\n") == [
            "panel.ini:6: [button play] on_tapp: unknown key; did you mean on_tap? valid keys: rect, cell, page, label, title, enabled, "
                + "latch, interlock, entity, state_topic, state_field, state_on, state_off, pending_ms, on_tap, on_double_tap, on_triple_tap, on_long_press, on_repeat, on_press, on_release, exec_limit, exec_timeout_ms, swipe, feedback, multi_tap_ms, long_press_ms, "
                + "repeat_ms, slop_px, multi_tap_slop_px, font_size, font_size_max, icon, on_icon, pressed_icon, disabled_icon, icon_size, icon_position, radius, sublabel, sublabel_size, sublabel_color, border_px, look, fill, pressed_fill, disabled_fill, on_fill, border, text, "
                + "pressed_text, on_text, disabled_text, pending_fill, pending_text, unknown_fill, unknown_text",
        ])
    }

    @Test func unknownKeyWithNothingCloseGetsNoSuggestion() {
        #expect(renderedErrors(display800x480 + "[touch]\ndouble_click = 300\n") == [
            "panel.ini:5: [touch] double_click: unknown key; valid keys: multi_tap_ms, long_press_ms, repeat_ms, "
                + "slop_px, multi_tap_slop_px, lost_ms, swipe_px",
        ])
    }

    @Test func keysAreCaseSensitive() {
        #expect(renderedErrors("[display]\nWidth = 800\nheight = 480\n") == [
            "panel.ini:1: [display] width: missing; expected the display width in pixels, 1..8192",
            "panel.ini:2: [display] Width: unknown key; did you mean width? valid keys: width, height, framebuffer, "
                + "output, card, connector, drm_format, rotation, font, font_size, icon_font, background, fill, pressed_fill, disabled_fill, on_fill, border, text, pressed_text, on_text, disabled_text, pending_fill, pending_text, unknown_fill, unknown_text, slider_track, slider_fill, slider_knob, border_px, budget_us",
        ])
    }

    @Test func keyGivenTwiceNamesBothLines() {
        let errors = configErrors("[display]\nwidth = 800\nheight = 480\nwidth = 1024\n")
        #expect(errors.map { $0.rendered } == [
            "panel.ini:4: [display] width: given twice in this section, on lines 2 and 4; keep one",
        ])
        #expect(errors.first == ConfigError(
            file: "panel.ini", line: 4, section: "display", key: "width",
            message: "given twice in this section, on lines 2 and 4; keep one"))
    }

    @Test func missingRectPointsAtTheButtonHeader() {
        #expect(renderedErrors(display800x480 + "[button play]\nlabel = Play\non_tap = emit\n") == [
            "panel.ini:4: [button play] rect: missing; expected the button's place as rect = x, y, width, height in display pixels",
        ])
    }

    @Test func buttonSectionWithoutKeysIsCaughtWithItsLine() {
        #expect(renderedErrors(display800x480 + "\n[button empty]\n\n; nothing here\n") == [
            "panel.ini:5: [button empty] rect: missing; expected the button's place as rect = x, y, width, height in display pixels",
        ])
    }

    @Test func missingDisplaySizesPointAtTheDisplayHeader() {
        #expect(renderedErrors("; panel\n[display]\n") == [
            "panel.ini:2: [display] width: missing; expected the display width in pixels, 1..8192",
            "panel.ini:2: [display] height: missing; expected the display height in pixels, 1..8192",
        ])
    }

    @Test func perButtonLostMsBelongsInTouch() {
        #expect(renderedErrors(display800x480 + "[button play]\nrect = 0, 0, 10, 10\nlost_ms = 100\n") == [
            "panel.ini:6: [button play] lost_ms: lost_ms applies to the whole controller, not to one button; set it in [touch]",
        ])
    }

    @Test func keyBeforeAnySection() {
        #expect(renderedErrors("width = 800\n" + display800x480) == [
            "panel.ini:1: width: key outside any section; put it under [board], [display], [theme], [touch], [controller], [backlight], [screensaver], [presence], [control], [exec], [mqtt], [homeassistant], [feedback], [fleet], [panel], [output NAME], [page NAME], [button NAME], [text NAME], [slider NAME], [dial NAME], [qr NAME] or [chart NAME]",
        ])
    }
}
