import PanelConfig
import Testing

@Suite("Exec actions: limits, time-outs, `;` and comments")
struct ExecActionTests {
    static func panel(_ button: String) -> String {
        """
        [display]
        width = 800
        height = 480

        [button play]
        rect = 0, 0, 100, 100
        \(button)
        """
    }

    @Test func limitsDefaultToFourAtOnceAndAMinute() throws {
        let config = try #require(parsed(Self.panel("on_tap = exec mpc toggle")))
        #expect(config.buttons[0].execLimits == ExecLimits(maxRunning: 4, timeout: .milliseconds(60_000)))
    }

    @Test func limitsAreTakenPerButton() throws {
        let config = try #require(parsed(Self.panel("on_tap = exec mpc toggle\nexec_limit = 1\nexec_timeout_ms = 0")))
        #expect(config.buttons[0].execLimits == ExecLimits(maxRunning: 1, timeout: nil))
    }

    @Test func limitsOutOfRangeAreErrorsWithTheirLine() {
        #expect(renderedErrors(Self.panel("exec_limit = 0\nexec_timeout_ms = -5")) == [
            "panel.ini:7: [button play] exec_limit: expected an integer 1..64 (commands at once), found \"0\"",
            "panel.ini:8: [button play] exec_timeout_ms: expected an integer 0..86400000 (ms, 0 for none), found \"-5\"",
        ])
    }

    @Test func backslashSemicolonIsASemicolonForTheShell() throws {
        let config = try #require(parsed(Self.panel(#"on_tap = exec mpc stop \; mpc clear"#)))
        #expect(config.buttons[0].onTap == .exec(command: "mpc stop ; mpc clear"))
        #expect(config.warnings.isEmpty)
    }

    @Test func otherBackslashesReachTheShellAsWritten() throws {
        let config = try #require(parsed(Self.panel(#"on_tap = exec printf 'a\tb\n' \\; echo x\"#)))
        #expect(config.buttons[0].onTap == .exec(command: #"printf 'a\tb\n' \; echo x\"#))
    }

    @Test func aSemicolonRightAfterAWordNeedsNoEscape() throws {
        let config = try #require(parsed(Self.panel("on_tap = exec mpc stop; mpc clear")))
        #expect(config.buttons[0].onTap == .exec(command: "mpc stop; mpc clear"))
    }

    @Test func aCommentThatCutsAnExecCommandIsAWarningWithItsLine() throws {
        let config = try #require(parsed(Self.panel("on_tap = exec mpc stop ; mpc clear")))
        #expect(config.buttons[0].onTap == .exec(command: "mpc stop"))
        #expect(config.warnings.map(\.rendered) == [
            #"panel.ini:7: [button play] on_tap: warning: the exec command ends before "; mpc clear": libinih reads " ;" as the start of a comment; write \; for a ; the shell should see, or put the comment on a line of its own"#
        ])
    }

    @Test func aCommentAfterAnotherKeyIsNoWarning() throws {
        let config = try #require(parsed(Self.panel("label = Play ; the big one\non_tap = emit ; listen only")))
        #expect(config.warnings.isEmpty)
    }

    @Test func theEffectiveTextWritesSemicolonsEscapedAndReadsBackTheSameCommand() throws {
        let config = try #require(parsed(Self.panel(#"on_tap = exec a;b \; c \\; d"#)))
        #expect(config.buttons[0].onTap == .exec(command: #"a;b ; c \; d"#))
        let text = config.effectiveText()
        #expect(text.contains(#"on_tap = exec a\;b \; c \\; d"#))
        #expect(text.contains("exec_limit = 4\nexec_timeout_ms = 60000\n"))
        let again = try #require(parsed(text))
        #expect(again.buttons[0].onTap == config.buttons[0].onTap)
        #expect(again.buttons[0].execLimits == config.buttons[0].execLimits)
    }
}
