import PanelConfig
import Testing

@Suite("Errors about sections")
struct SectionErrorTests {
    @Test func unknownSectionIsNamedAndItsKeysAreNotReportedToo() {
        let text = display800x480 + "[button play]\nrect = 0, 0, 10, 10\n\n[buton stop]\nrect = 10, 0, 10, 10\nfoo = bar\n"
        let errors = configErrors(text)
        #expect(errors.map { $0.rendered } == [
            "panel.ini:7: unknown section [buton stop]; expected [board], [display], [theme], [touch], [controller], [backlight], [screensaver], [presence], [control], [exec], [mqtt], [homeassistant], [feedback], [fleet], [panel], [output NAME], [page NAME], [button NAME], [text NAME], [slider NAME], [dial NAME], [qr NAME] or [chart NAME]",
        ])
        #expect(errors.first?.section == nil)
        #expect(errors.first?.key == nil)
    }

    @Test func sectionNamesAreCaseSensitive() {
        #expect(renderedErrors("[Display]\nwidth = 800\nheight = 480\n") == [
            "panel.ini:1: unknown section [Display]; expected [board], [display], [theme], [touch], [controller], [backlight], [screensaver], [presence], [control], [exec], [mqtt], [homeassistant], [feedback], [fleet], [panel], [output NAME], [page NAME], [button NAME], [text NAME], [slider NAME], [dial NAME], [qr NAME] or [chart NAME]",
            "panel.ini:1: missing section [display]; it gives the display size: [display] width = ..., height = ...",
        ])
    }

    @Test func twoButtonsWithOneNameAreOverlappingNames() {
        #expect(renderedErrors(display800x480 + """
            [button play]
            rect = 0, 0, 10, 10
            [button play]
            rect = 10, 0, 10, 10
            """) == [
            "panel.ini:6: [button play]: overlapping names: a button named \"play\" is already defined on line 4",
        ])
    }

    @Test func theKeysOfARepeatedButtonAreStillChecked() {
        #expect(renderedErrors(display800x480 + """
            [button play]
            rect = 0, 0, 10, 10
            [button play]
            enabled = maybe
            """) == [
            "panel.ini:6: [button play]: overlapping names: a button named \"play\" is already defined on line 4",
            "panel.ini:7: [button play] enabled: expected yes/no, true/false, on/off or 1/0, found \"maybe\"",
        ])
    }

    @Test func touchSectionGivenTwice() {
        #expect(renderedErrors(display800x480 + "[touch]\nslop_px = 5\n[touch]\nlost_ms = 100\n") == [
            "panel.ini:6: [touch]: section given twice; the first [touch] is on line 4; merge the two",
        ])
    }

    @Test func missingDisplaySection() {
        let errors = configErrors("[touch]\nslop_px = 5\n")
        #expect(errors.map { $0.rendered } == [
            "panel.ini:1: missing section [display]; it gives the display size: [display] width = ..., height = ...",
        ])
        #expect(renderedErrors("") == [
            "panel.ini:1: missing section [display]; it gives the display size: [display] width = ..., height = ...",
        ])
    }

    @Test func badButtonNames() {
        #expect(renderedErrors(display800x480 + """
            [button]
            rect = 0, 0, 10, 10
            [button play now]
            rect = 0, 0, 10, 10
            [button \(String(repeating: "n", count: 33))]
            rect = 0, 0, 10, 10
            """) == [
            "panel.ini:4: a button section needs a name: [button NAME], NAME 1 to 32 characters of A-Z a-z 0-9 _ . -",
            "panel.ini:6: invalid button name in [button play now]; expected 1 to 32 characters of A-Z a-z 0-9 _ . -, "
                + "found \"play now\"",
            "panel.ini:8: invalid button name in [button nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn]; expected 1 to 32 characters "
                + "of A-Z a-z 0-9 _ . -, found \"nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn\"",
        ])
    }

    @Test func tooManyButtonsIsReportedOnceAtTheFirstOneTooMany() {
        var text = display800x480
        for index in 0..<66 {
            text += "[button b\(index)]\nrect = \(index), 0, 1, 1\n"
        }
        // Button 65 (index 64) starts on line 4 + 64 * 2.
        #expect(renderedErrors(text) == ["panel.ini:132: [button b64]: too many buttons and texts; a panel holds at most 64"])
    }

    @Test func exactlyCapacityButtonsFit() throws {
        var text = display800x480
        for index in 0..<64 {
            text += "[button b\(index)]\nrect = \(index), 0, 1, 1\non_tap = emit\n"
        }
        let config = try PanelConfigLoader.parse(text: text, file: "p.ini")
        #expect(config.buttons.count == 64)
        #expect(config.makeLayout().count == 64)
    }

    @Test func textAfterAHeaderIsAnError() {
        #expect(renderedErrors("[display] width = 800\nwidth = 800\nheight = 480\n") == [
            "panel.ini:1: unexpected text after [display]: \"width = 800\"; put each key on its own line",
        ])
    }
}
