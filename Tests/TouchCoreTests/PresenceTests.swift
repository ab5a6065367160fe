import Testing
import TouchCore

@Suite("Presence: the sensor's line debounced with exact instants")
struct PresenceDebounceTests {
    private func debounce(_ debounceMs: Int64 = 200) -> PresenceDebounce {
        PresenceDebounce(debounce: .milliseconds(debounceMs), level: false, at: ms(0))
    }

    @Test func aBounceShorterThanTheDebounceGivesNothing() {
        var line = debounce()
        #expect(line.edge(true, at: ms(1_000)) == nil)
        #expect(line.deadline == ms(1_200))
        #expect(line.edge(false, at: ms(1_199)) == nil)
        #expect(line.deadline == nil)
        #expect(line.advance(to: ms(5_000)) == nil)
        #expect(line.present == false)
    }

    @Test func aLevelHeldTheDebounceGivesOneChangeAtEdgePlusDebounce() {
        var line = debounce()
        line.edge(true, at: ms(1_000))
        #expect(line.advance(to: ms(1_199)) == nil)
        let change = line.advance(to: ms(1_500))
        #expect(change?.present == true)
        #expect(change?.at == ms(1_200))
        #expect(line.present == true)
        #expect(line.advance(to: ms(9_000)) == nil)
    }

    @Test func theLastEdgeOfABurstCounts() {
        var line = debounce()
        line.edge(true, at: ms(1_000))
        line.edge(false, at: ms(1_050))
        line.edge(true, at: ms(1_120))
        #expect(line.deadline == ms(1_320))
        let change = line.advance(to: ms(1_320))
        #expect(change?.at == ms(1_320))
    }

    @Test func anEdgeExactlyAtTheDeadlineSettlesTheHeldLevelFirst() {
        var line = debounce()
        line.edge(true, at: ms(1_000))
        let settled = line.edge(false, at: ms(1_200))
        #expect(settled?.present == true)
        #expect(settled?.at == ms(1_200))
        #expect(line.deadline == ms(1_400))
        #expect(line.advance(to: ms(1_400))?.present == false)
    }

    @Test func aRepeatedLevelChangesNothing() {
        var line = debounce()
        line.edge(true, at: ms(1_000))
        line.edge(true, at: ms(1_100))
        #expect(line.deadline == ms(1_200))
    }

    @Test func withoutDebounceTheEdgeCountsAtOnce() {
        var line = debounce(0)
        #expect(line.edge(true, at: ms(700)) == nil)
        #expect(line.advance(to: ms(700))?.at == ms(700))
    }
}

/// Dim after 10 s, off after 30 s, away after 5 s, one tap button.
private func presencePanel(awayMs: Int64? = 5_000) -> PanelDriver {
    PanelDriver(
        [("a", button(0, 0, 200, 100))],
        idle: IdleTimings(dimAfter: .milliseconds(10_000), offAfter: .milliseconds(30_000)), awayAfterMs: awayMs)
}

@Suite("Presence: wakes as a touch would, holds the idle time, away_after_s blanks")
struct PresenceWakeTests {
    @Test func presenceWakesAnOffPanelAndTheNextTouchCounts() {
        var panel = presencePanel(awayMs: nil)
        panel.advance(to: 30_000)
        #expect(panel.recorder.powerChanges == ["10000 dimmed", "30000 off"])
        panel.pipeline.setPresent(true, at: ms(40_000), into: &panel.recorder)
        #expect(panel.recorder.powerChanges == ["10000 dimmed", "30000 off", "40000 awake"])
        #expect(panel.pipeline.wakeGate.power == .awake)
        panel.down(0, 50, 50, at: 41_000)
        panel.up(0, 50, 50, at: 41_050)
        #expect(panel.log == ["41000 a pressed", "41050 a released", "41050 a tap 1"])
    }

    @Test func whileSomeoneIsPresentNothingCountsDown() {
        var panel = presencePanel()
        panel.pipeline.setPresent(true, at: ms(1_000), into: &panel.recorder)
        #expect(panel.nextDeadlineMs == nil)
        panel.advance(to: 100_000)
        #expect(panel.recorder.powerChanges == [])
    }

    @Test func awayAfterBlanksAtTheExactInstant() {
        var panel = presencePanel()
        panel.pipeline.setPresent(true, at: ms(1_000), into: &panel.recorder)
        panel.pipeline.setPresent(false, at: ms(20_000), into: &panel.recorder)
        #expect(panel.nextDeadlineMs == 25_000)
        panel.advance(to: 24_999)
        #expect(panel.recorder.powerChanges == [])
        panel.advance(to: 60_000)
        // Straight off, past the dim stage, at presence's end + away_after_s.
        #expect(panel.recorder.powerChanges == ["25000 off"])
    }

    @Test func aTouchRestartsTheAwayCount() {
        var panel = presencePanel()
        panel.pipeline.setPresent(true, at: ms(1_000), into: &panel.recorder)
        panel.pipeline.setPresent(false, at: ms(20_000), into: &panel.recorder)
        panel.down(0, 50, 50, at: 23_000)
        panel.up(0, 50, 50, at: 23_100)
        #expect(panel.nextDeadlineMs == 28_100)
        panel.advance(to: 28_099)
        #expect(panel.recorder.powerChanges == [])
        panel.advance(to: 28_100)
        #expect(panel.recorder.powerChanges == ["28100 off"])
    }

    @Test func anIdleStageBeforeTheAwayTimeComesFirst() {
        var panel = presencePanel(awayMs: 60_000)
        panel.advance(to: 100_000)
        #expect(panel.recorder.powerChanges == ["10000 dimmed", "30000 off"])
    }

    @Test func leavingWhileATouchIsHeldCountsFromTheLift() {
        var panel = presencePanel()
        panel.pipeline.setPresent(true, at: ms(1_000), into: &panel.recorder)
        panel.down(0, 50, 50, at: 2_000)
        panel.pipeline.setPresent(false, at: ms(3_000), into: &panel.recorder)
        panel.advance(to: 3_900)
        #expect(panel.recorder.powerChanges == [])
        panel.up(0, 50, 50, at: 4_000)
        #expect(panel.nextDeadlineMs == 9_000)
    }

    @Test func withoutBlankingPresenceIsOnlyRemembered() {
        var panel = PanelDriver([("a", button(0, 0, 200, 100))], awayAfterMs: 5_000)
        panel.pipeline.setPresent(true, at: ms(1_000), into: &panel.recorder)
        panel.pipeline.setPresent(false, at: ms(2_000), into: &panel.recorder)
        #expect(panel.nextDeadlineMs == nil)
        #expect(panel.recorder.powerChanges == [])
    }

    @Test func thePresenceRowsOfThePowerTable() {
        for from in [PanelPower.awake, .dimmed, .off] {
            #expect(PanelPower.next(from, .presenceDetected, dims: true) == .awake)
            #expect(PanelPower.next(from, .awayTimeout, dims: true) == .off)
        }
    }
}
