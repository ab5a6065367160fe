import Testing
import TouchCore

/// Dim after 10 s, off after 30 s, on a panel with a double-tap button and a long-press one.
private func blankingPanel(dimMs: Int64? = 10_000, offMs: Int64? = 30_000) -> PanelDriver {
    PanelDriver(
        [("a", button(0, 0, 200, 100, taps: 2)), ("b", button(400, 0, 200, 100, longPress: true))],
        idle: IdleTimings(dimAfter: dimMs.map { .milliseconds($0) }, offAfter: offMs.map { .milliseconds($0) }))
}

@Suite("Idle blanking: timers as deadlines, the waking touch swallowed")
struct WakeGateTests {
    @Test func dimsThenSwitchesOffCountingFromTheStart() {
        var panel = blankingPanel()
        #expect(panel.nextDeadlineMs == 10_000)
        panel.advance(to: 9_999)
        #expect(panel.recorder.powerChanges == [])
        panel.advance(to: 10_000)
        #expect(panel.recorder.powerChanges == ["10000 dimmed"])
        #expect(panel.nextDeadlineMs == 30_000)
        // A late wake-up fires at the deadline's own instant.
        panel.advance(to: 45_000)
        #expect(panel.recorder.powerChanges == ["10000 dimmed", "30000 off"])
        #expect(panel.nextDeadlineMs == nil)
    }

    @Test func theIdleTimeStartsAtTheLastLiftAndStopsWhileHeld() {
        var panel = blankingPanel()
        panel.down(0, 500, 50, at: 1_000)
        // Held on the long-press button: no idle deadline, only the long press.
        #expect(panel.nextDeadlineMs == 1_500)
        panel.advance(to: 20_000)
        #expect(panel.recorder.powerChanges == [])
        panel.up(0, 500, 50, at: 20_000)
        #expect(panel.nextDeadlineMs == 30_000)
        panel.advance(to: 30_000)
        #expect(panel.recorder.powerChanges == ["30000 dimmed"])
        #expect(panel.nextDeadlineMs == 50_000)
    }

    @Test func aWakingTapIsSwallowedWholeAndTheNextTapCounts() {
        var panel = blankingPanel()
        panel.advance(to: 10_000)
        panel.down(0, 50, 50, at: 12_000)
        #expect(panel.recorder.powerChanges == ["10000 dimmed", "12000 awake"])
        panel.move(0, 52, 50, at: 12_030)
        panel.up(0, 52, 50, at: 12_060)
        panel.advance(to: 13_000)
        #expect(panel.log == [])
        #expect(panel.nextDeadlineMs == 22_060)
        panel.down(1, 50, 50, at: 14_000)
        panel.up(1, 50, 50, at: 14_050)
        panel.advance(to: 15_000)
        #expect(panel.log == ["14000 a pressed", "14050 a released", "14300 a tap 1"])
    }

    /// A double tap on a dark panel: the first tap wakes it and is swallowed, so the second
    /// is a single tap of its own (it fires at release + W, as a button that listens for
    /// double taps does), never a double.
    @Test func aWakingDoubleTapGivesOneSingleTap() {
        var panel = blankingPanel()
        panel.advance(to: 30_000)
        panel.down(0, 50, 50, at: 40_000)
        panel.up(0, 50, 50, at: 40_060)
        panel.down(1, 50, 50, at: 40_160)
        panel.up(1, 50, 50, at: 40_220)
        panel.advance(to: 41_000)
        #expect(panel.recorder.powerChanges == ["10000 dimmed", "30000 off", "40000 awake"])
        #expect(panel.log == ["40160 a pressed", "40220 a released", "40470 a tap 1"])
    }

    @Test func aWakingLongPressFiresNothing() {
        var panel = blankingPanel()
        panel.advance(to: 30_000)
        panel.down(0, 500, 50, at: 40_000)
        panel.advance(to: 42_000)
        panel.up(0, 500, 50, at: 42_000)
        #expect(panel.log == [])
        #expect(panel.recorder.powerChanges == ["10000 dimmed", "30000 off", "40000 awake"])
        #expect(panel.nextDeadlineMs == 52_000)
    }

    @Test func aSecondFingerDownWhileTheWakingOneIsHeldIsATouchOfItsOwn() {
        var panel = blankingPanel()
        panel.advance(to: 10_000)
        panel.down(0, 50, 50, at: 11_000)
        panel.down(1, 500, 50, at: 11_100)
        panel.up(1, 500, 50, at: 11_200)
        panel.up(0, 50, 50, at: 11_300)
        panel.advance(to: 12_000)
        #expect(panel.log == ["11100 b pressed", "11200 b released", "11200 b tap 1"])
    }

    @Test func aLostWakingTouchIsCancelledWithoutAnEvent() {
        var panel = blankingPanel()
        panel.advance(to: 10_000)
        panel.frame([contact(3, 50, 50, .down)], at: 11_000)
        panel.advance(to: 11_200)
        #expect(panel.log == [])
        #expect(panel.nextDeadlineMs == 21_200)
        panel.frame([contact(3, 50, 50, .down)], at: 11_500)
        panel.frame([contact(3, 50, 50, .up)], at: 11_550)
        #expect(Array(panel.log.prefix(2)) == ["11500 a pressed", "11550 a released"])
    }

    @Test func withoutADimStageTheIdlePanelGoesStraightOff() {
        var panel = blankingPanel(dimMs: nil, offMs: 5_000)
        panel.advance(to: 5_000)
        #expect(panel.recorder.powerChanges == ["5000 off"])
    }

    @Test func withoutBlankingNothingIsSwallowedAndThereIsNoDeadline() {
        var panel = PanelDriver([("a", button(0, 0, 200, 100))])
        #expect(panel.nextDeadlineMs == nil)
        panel.advance(to: 1_000_000)
        panel.down(0, 50, 50, at: 1_000_000)
        panel.up(0, 50, 50, at: 1_000_050)
        #expect(panel.log == ["1000000 a pressed", "1000050 a released", "1000050 a tap 1"])
        #expect(panel.recorder.powerChanges == [])
    }

    @Test func wakeAndBlankFromOutside() {
        var panel = blankingPanel()
        panel.pipeline.power(.blankRequested, at: ms(2_000), into: &panel.recorder)
        #expect(panel.nextDeadlineMs == nil)
        panel.pipeline.power(.wakeRequested, at: ms(3_000), into: &panel.recorder)
        #expect(panel.nextDeadlineMs == 13_000)
        // A wake while awake restarts the idle time.
        panel.pipeline.power(.wakeRequested, at: ms(5_000), into: &panel.recorder)
        #expect(panel.nextDeadlineMs == 15_000)
        #expect(panel.recorder.powerChanges == ["2000 off", "3000 awake"])
    }

    @Test func thePowerTransitionTable() {
        let rows: [(PanelPower, PanelPower.Input, Bool, PanelPower)] = [
            (.awake, .idleTimeout, true, .dimmed),
            (.awake, .idleTimeout, false, .off),
            (.dimmed, .idleTimeout, true, .off),
            (.off, .idleTimeout, true, .off),
            (.awake, .touchDown, true, .awake),
            (.dimmed, .touchDown, true, .awake),
            (.off, .touchDown, false, .awake),
            (.off, .wakeRequested, true, .awake),
            (.dimmed, .wakeRequested, true, .awake),
            (.awake, .blankRequested, true, .off),
            (.dimmed, .blankRequested, true, .off),
            (.off, .blankRequested, true, .off),
        ]
        for (from, input, dims, to) in rows {
            #expect(PanelPower.next(from, input, dims: dims) == to, "\(from) + \(input)")
        }
    }

    /// `[screensaver]`: its stage comes first and passes on to dim (or off), each stage a
    /// touch or a wake leaves for awake.
    @Test func theSaverStageInTheTable() {
        let rows: [(PanelPower, PanelPower.Input, Bool, Bool, PanelPower)] = [
            (.awake, .idleTimeout, true, true, .saver),
            (.awake, .idleTimeout, true, false, .saver),
            (.awake, .idleTimeout, false, true, .dimmed),
            (.saver, .idleTimeout, true, true, .dimmed),
            (.saver, .idleTimeout, true, false, .off),
            (.saver, .touchDown, true, true, .awake),
            (.saver, .wakeRequested, true, true, .awake),
            (.saver, .blankRequested, true, true, .off),
        ]
        for (from, input, saves, dims, to) in rows {
            #expect(PanelPower.next(from, input, saves: saves, dims: dims) == to, "\(from) + \(input)")
        }
    }

    /// Saver at 5 s, dim at 10 s, off at 30 s, all from the last lift; the touch that ends
    /// the saver is swallowed as a dimmed panel's is.
    @Test func theSaverComesFirstAndItsWakingTouchIsSwallowed() {
        var panel = PanelDriver(
            [("a", button(0, 0, 200, 100, taps: 2)), ("b", button(400, 0, 200, 100, longPress: true))],
            idle: IdleTimings(saverAfter: .milliseconds(5_000), dimAfter: .milliseconds(10_000), offAfter: .milliseconds(30_000)))
        #expect(panel.nextDeadlineMs == 5_000)
        panel.advance(to: 4_999)
        #expect(panel.recorder.powerChanges == [])
        panel.advance(to: 5_000)
        #expect(panel.recorder.powerChanges == ["5000 saver"])
        #expect(panel.nextDeadlineMs == 10_000)
        panel.advance(to: 10_000)
        #expect(panel.recorder.powerChanges == ["5000 saver", "10000 dimmed"])
        panel.down(0, 50, 50, at: 12_000)
        panel.up(0, 50, 50, at: 12_040)
        panel.advance(to: 13_000)
        #expect(panel.recorder.powerChanges == ["5000 saver", "10000 dimmed", "12000 awake"])
        #expect(panel.log == [])
        // The saver again 5 s after that lift; its own waking touch swallowed too.
        #expect(panel.nextDeadlineMs == 17_040)
        panel.advance(to: 17_040)
        panel.down(0, 50, 50, at: 20_000)
        panel.up(0, 50, 50, at: 20_050)
        panel.advance(to: 21_000)
        #expect(panel.recorder.powerChanges.suffix(2) == ["17040 saver", "20000 awake"])
        #expect(panel.log == [])
        panel.down(0, 50, 50, at: 22_000)
        panel.up(0, 50, 50, at: 22_050)
        panel.advance(to: 23_000)
        #expect(panel.log == ["22000 a pressed", "22050 a released", "22300 a tap 1"])
    }
}
