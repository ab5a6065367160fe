import Testing
import TouchCore

/// Interlock groups: forward and reverse jog on one machine never run together. A down on a
/// button whose group another button holds (or whose partner's command still runs) is
/// ignored for its whole life: no event, no look, nothing when the holder lets go.
@Suite("Interlocks: a down on a button whose group is held is ignored for its whole life")
struct GestureInterlockTests {
    /// Forward and reverse jog (group 1) and a lamp outside any group.
    func jogPanel() -> PanelDriver {
        PanelDriver([
            ("forward", button(0, 0, 200, 200, taps: 0, interlock: 1)),
            ("reverse", button(300, 0, 200, 200, taps: 0, interlock: 1)),
            ("lamp", button(600, 0, 200, 200)),
        ])
    }

    @Test func twoFingersOnBothJogButtonsRunOnlyTheFirst() {
        var panel = jogPanel()
        panel.down(0, 100, 100, at: 0)
        panel.down(1, 400, 100, at: 40)
        panel.move(1, 402, 100, at: 60)
        panel.up(1, 402, 100, at: 90)
        panel.up(0, 100, 100, at: 300)
        #expect(panel.log == ["0 forward pressed", "300 forward released"])
        #expect(panel.recorder.interlockRefusals == ["40 1 held_by 0"])
    }

    @Test func anIgnoredTouchStaysIgnoredAfterTheHolderLetsGo() {
        var panel = jogPanel()
        panel.down(0, 100, 100, at: 0)
        panel.down(1, 400, 100, at: 40)
        panel.up(0, 100, 100, at: 100)
        // The reverse finger is still down and moves: still nobody's.
        panel.move(1, 410, 100, at: 150)
        panel.advance(to: 1_000)
        panel.up(1, 410, 100, at: 1_200)
        #expect(panel.log == ["0 forward pressed", "100 forward released"])
        // A new down once the group is free is taken.
        panel.down(2, 400, 100, at: 1_300)
        panel.up(2, 400, 100, at: 1_350)
        #expect(panel.log == ["0 forward pressed", "100 forward released", "1300 reverse pressed", "1350 reverse released"])
        #expect(panel.recorder.interlockRefusals == ["40 1 held_by 0"])
    }

    @Test func aButtonOutsideTheGroupIsNotHeldBack() {
        var panel = jogPanel()
        panel.down(0, 100, 100, at: 0)
        panel.down(1, 700, 100, at: 20)
        panel.up(1, 700, 100, at: 60)
        panel.up(0, 100, 100, at: 80)
        #expect(panel.log == ["0 forward pressed", "20 lamp pressed", "60 lamp released", "60 lamp tap 1", "80 forward released"])
        #expect(panel.recorder.interlockRefusals.isEmpty)
    }

    @Test func aCommandStillRunningKeepsTheGroupUntilItEnds() {
        var panel = jogPanel()
        panel.down(0, 100, 100, at: 0)
        panel.pipeline.setCommandsRunning(0, true)
        panel.up(0, 100, 100, at: 200)
        panel.down(1, 400, 100, at: 250)
        panel.up(1, 400, 100, at: 300)
        panel.pipeline.setCommandsRunning(0, false)
        panel.down(2, 400, 100, at: 350)
        panel.up(2, 400, 100, at: 400)
        #expect(panel.log == ["0 forward pressed", "200 forward released", "350 reverse pressed", "400 reverse released"])
        #expect(panel.recorder.interlockRefusals == ["250 1 held_by 0"])
    }

    @Test func aFingerDraggedOutStillHoldsTheGroup() {
        var panel = jogPanel()
        panel.down(0, 100, 100, at: 0)
        panel.move(0, 250, 100, at: 50)
        panel.down(1, 400, 100, at: 80)
        panel.up(1, 400, 100, at: 120)
        panel.up(0, 250, 100, at: 150)
        #expect(panel.log == ["0 forward pressed", "50 forward exit", "150 forward cancelled"])
        #expect(panel.recorder.interlockRefusals == ["80 1 held_by 0"])
    }

    @Test func buttonsWithoutAGroupAreNeverInterlocked() {
        var panel = PanelDriver([
            ("a", button(0, 0, 200, 200, taps: 0)),
            ("b", button(300, 0, 200, 200, taps: 0)),
        ])
        panel.down(0, 100, 100, at: 0)
        panel.down(1, 400, 100, at: 10)
        panel.up(1, 400, 100, at: 20)
        panel.up(0, 100, 100, at: 30)
        #expect(panel.log == ["0 a pressed", "10 b pressed", "20 b released", "30 a released"])
    }
}
