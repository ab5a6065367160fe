import PanelConfig
import Testing

@Suite("Errors about lines: syntax, length, order")
struct LineErrorTests {
    @Test func syntaxErrorNamesTheLine() {
        #expect(renderedErrors("[display]\nwidth 800\nheight = 480\n") == [
            "panel.ini:1: [display] width: missing; expected the display width in pixels, 1..8192",
            "panel.ini:2: expected `key = value`, `[section]` or a comment, found \"width 800\"",
        ])
    }

    /// libinih returns only the first syntax error; every one is reported.
    @Test func everySyntaxErrorIsReported() {
        #expect(renderedErrors(display800x480 + "[button play\nrect = 0, 0, 1, 1\n= 5\njust words\n[button x ; y]\n") == [
            "panel.ini:4: expected `key = value`, `[section]` or a comment, found \"[button play\"",
            "panel.ini:6: expected `key = value`, `[section]` or a comment, found \"= 5\"",
            "panel.ini:7: expected `key = value`, `[section]` or a comment, found \"just words\"",
            "panel.ini:8: expected `key = value`, `[section]` or a comment, found \"[button x ; y]\"",
        ])
    }

    @Test func tooLongLineIsReportedAndTheNextLineStillRead() {
        let label = String(repeating: "x", count: 250)
        #expect(renderedErrors(display800x480 + "[button play]\nlabel = \(label)\nrect = 0, 0, 800, 481\n") == [
            "panel.ini:5: line too long: 258 characters, at most 198 fit libinih's line buffer; "
                + "shorten it (a long exec command can live in a script)",
            "panel.ini:6: [button play] rect: expected a rect inside the 800x480 display, found \"0, 0, 800, 481\"",
        ])
    }

    @Test func oneByteOverTheLongestLine() {
        let label = String(repeating: "x", count: 199 - "label = ".utf8.count)
        #expect(renderedErrors(display800x480 + "[button a]\nrect = 0, 0, 10, 10\nlabel = \(label)\n") == [
            "panel.ini:6: line too long: 199 characters, at most 198 fit libinih's line buffer; "
                + "shorten it (a long exec command can live in a script)",
        ])
    }

    /// A header cut off by its length must not let its keys land in the section before it.
    @Test func tooLongHeaderDoesNotLeakItsKeys() {
        let name = String(repeating: "n", count: 200)
        #expect(renderedErrors(display800x480 + "[button \(name)]\nrect = 0, 0, 10, 10\n") == [
            "panel.ini:4: line too long: 209 characters, at most 198 fit libinih's line buffer; "
                + "shorten it (a long exec command can live in a script)",
        ])
    }

    @Test func nulByteIsAnError() {
        #expect(renderedErrors("[display]\nwidth = 8\0\nheight = 480\nwidth = 800\n") == [
            "panel.ini:2: line contains a NUL byte; is this a text file?",
        ])
    }

    @Test func severalErrorsAreReportedInLineOrder() {
        let errors = configErrors("""
            [button play]
            on_tap = emit
            [display]
            width = 800
            height = 480
            [controller]
            invert_y = perhaps
            [touch]
            slop_px = 12px
            [buton stop]
            [button play]
            rect = 1, 1, 1
            """, file: "/etc/touchpanel/panel.ini")
        #expect(errors.map { $0.rendered } == [
            "/etc/touchpanel/panel.ini:1: [button play] rect: missing; expected the button's place as rect = x, y, width, "
                + "height in display pixels",
            "/etc/touchpanel/panel.ini:7: [controller] invert_y: expected yes/no, true/false, on/off or 1/0, found \"perhaps\"",
            "/etc/touchpanel/panel.ini:9: [touch] slop_px: expected an integer 0..1000 (pixels), found \"12px\"",
            "/etc/touchpanel/panel.ini:10: unknown section [buton stop]; expected [board], [display], [theme], [touch], [controller], [backlight], [screensaver], [presence], [control], [exec], [mqtt], [homeassistant], [feedback], [fleet], [panel], [output NAME], [page NAME], [button NAME], [text NAME], [slider NAME], [dial NAME], [qr NAME] or [chart NAME]",
            "/etc/touchpanel/panel.ini:11: [button play]: overlapping names: a button named \"play\" is already defined on line 1",
            "/etc/touchpanel/panel.ini:12: [button play] rect: expected four integers \"x, y, width, height\", found \"1, 1, 1\"",
        ])
        #expect(errors.map { $0.line } == [1, 7, 9, 10, 11, 12])
    }
}
