import PanelConfig
import Testing

@Suite("How an error is rendered")
struct ErrorRenderingTests {
    @Test func absentPartsAreLeftOut() {
        #expect(ConfigError(file: "p.ini", line: 7, section: "button play", key: "rect", message: "m").rendered
            == "p.ini:7: [button play] rect: m")
        #expect(ConfigError(file: "p.ini", line: 7, section: "touch", message: "m").rendered == "p.ini:7: [touch]: m")
        #expect(ConfigError(file: "p.ini", line: 7, key: "width", message: "m").rendered == "p.ini:7: width: m")
        #expect(ConfigError(file: "p.ini", line: 7, message: "m").rendered == "p.ini:7: m")
        #expect(ConfigError(file: "p.ini", line: 0, message: "m").rendered == "p.ini: m")
    }

    @Test func allErrorsRenderOnePerLine() {
        let errors = ConfigErrors(errors: [
            ConfigError(file: "p.ini", line: 1, message: "a"),
            ConfigError(file: "p.ini", line: 2, key: "k", message: "b"),
        ])
        #expect(errors.rendered == "p.ini:1: a\np.ini:2: k: b")
    }
}

/// Issue 14, finding 10: a control byte from a file never reaches the log as itself.
@Suite("Control bytes in messages")
struct ControlByteTests {
    @Test func anEscapeSequenceInAValueIsShownAsHex() {
        #expect(renderedErrors("[display]\nwidth = 8\u{1B}[2J00\nheight = 480\n") == [
            #"panel.ini:2: [display] width: expected an integer 1..8192 (pixels), found "8\x1b[2J00""#,
        ])
        #expect(ControlBytes.escaped("tab\there\u{7F}") == #"tab\x09here\x7f"#)
        #expect(ControlBytes.escaped("plain ü") == "plain ü")
    }
}
