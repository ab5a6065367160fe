import Testing
import TouchCore

/// DESIGN.md section 4, rule by rule, with exact logical times.
/// "play" spans x 100..<300, y 100..<200 unless a test says otherwise.
@Suite("Gesture rules")
struct GestureRuleTests {
    // MARK: Rule 1: ownership

    @Test func rule1_downOutsideEveryButtonIsIgnoredForItsWholeLife() {
        var panel = PanelDriver([("play", button(100, 100, 200, 100))])
        panel.down(0, 50, 150, at: 0)
        panel.move(0, 150, 150, at: 20)
        panel.up(0, 150, 150, at: 40)
        panel.advance(to: 1000)
        #expect(panel.log == [])
    }

    @Test func rule1_downOnDisabledButtonIsIgnoredEvenWhenDraggedOntoAnEnabledOne() {
        var panel = PanelDriver([
            ("off", button(0, 0, 100, 100, enabled: false)),
            ("play", button(100, 0, 100, 100)),
        ])
        panel.down(0, 50, 50, at: 0)
        panel.move(0, 150, 50, at: 30)
        panel.up(0, 150, 50, at: 60)
        #expect(panel.log == [])
    }

    @Test func rule1_firstListedButtonWinsWhereRectsOverlap() {
        var panel = PanelDriver([
            ("first", button(0, 0, 200, 200)),
            ("second", button(100, 100, 200, 200)),
        ])
        panel.down(0, 150, 150, at: 0)
        panel.up(0, 150, 150, at: 50)
        #expect(panel.log == ["0 first pressed", "50 first released", "50 first tap 1"])
    }

    @Test func rule1_secondTouchOnHeldButtonIsIgnored() {
        var panel = PanelDriver([("play", button(100, 100, 200, 100))])
        panel.down(0, 150, 150, at: 0)
        panel.down(1, 250, 150, at: 20)
        panel.up(1, 250, 150, at: 40)
        // The ignored touch stays ignored even after the owner lets go.
        panel.up(0, 150, 150, at: 60)
        #expect(panel.log == ["0 play pressed", "60 play released", "60 play tap 1"])
    }

    @Test func rule1_touchIgnoredOnHeldButtonStaysIgnoredAfterOwnerReleases() {
        var panel = PanelDriver([("play", button(100, 100, 200, 100))])
        panel.down(0, 150, 150, at: 0)
        panel.down(1, 250, 150, at: 20)
        panel.up(0, 150, 150, at: 60)
        panel.move(1, 240, 150, at: 80)
        panel.up(1, 240, 150, at: 100)
        #expect(panel.log == ["0 play pressed", "60 play released", "60 play tap 1"])
    }

    // MARK: Rule 2: feedback

    @Test func rule2_pressedAtOnceThenExitAndEnterOnDrag() {
        var panel = PanelDriver([("play", button(100, 100, 200, 100))])
        panel.down(0, 150, 150, at: 0)
        panel.move(0, 350, 150, at: 40)
        panel.move(0, 360, 150, at: 50)
        panel.move(0, 200, 150, at: 80)
        panel.up(0, 200, 150, at: 120)
        #expect(panel.log == [
            "0 play pressed", "40 play exit", "80 play enter", "120 play released", "120 play tap 1",
        ])
    }

    // MARK: Rule 3: release

    @Test func rule3_liftInsideIsReleasedAndTap() {
        var panel = PanelDriver([("play", button(100, 100, 200, 100))])
        panel.down(0, 150, 150, at: 0)
        panel.up(0, 155, 152, at: 80)
        #expect(panel.log == ["0 play pressed", "80 play released", "80 play tap 1"])
    }

    @Test func rule3_liftOutsideIsCancelledAndNoTap() {
        var panel = PanelDriver([("play", button(100, 100, 200, 100))])
        panel.down(0, 150, 150, at: 0)
        panel.move(0, 350, 150, at: 40)
        panel.up(0, 350, 150, at: 80)
        panel.advance(to: 2000)
        #expect(panel.log == ["0 play pressed", "40 play exit", "80 play cancelled"])
    }

    @Test func rule3_liftOutsideFiresPendingSequenceAtOnce() {
        var panel = PanelDriver([("play", button(100, 100, 200, 100, taps: 3))])
        panel.down(0, 150, 150, at: 0)
        panel.up(0, 150, 150, at: 50)
        panel.down(0, 150, 150, at: 120)
        panel.move(0, 350, 150, at: 150)
        panel.up(0, 350, 150, at: 170)
        panel.advance(to: 2000)
        #expect(panel.log == [
            "0 play pressed", "50 play released", "120 play pressed", "150 play exit",
            "170 play cancelled", "170 play tap 1",
        ])
    }

    // MARK: Rule 4: long press and repeat

    @Test func rule4_longPressFiresExactlyLAfterDownAndReleaseIsNoTap() {
        var panel = PanelDriver([("play", button(100, 100, 200, 100, longPress: true))])
        panel.down(0, 150, 150, at: 10)
        #expect(panel.nextDeadlineMs == 510)
        panel.advance(to: 509)
        #expect(panel.log == ["10 play pressed"])
        panel.advance(to: 510)
        panel.up(0, 150, 150, at: 900)
        panel.advance(to: 3000)
        #expect(panel.log == ["10 play pressed", "510 play long_press 1", "900 play released"])
    }

    @Test func rule4_longPressFiresAtDownPlusLEvenWhenTheLoopIsLate() {
        var panel = PanelDriver([("play", button(100, 100, 200, 100, longPress: true))])
        panel.down(0, 150, 150, at: 0)
        panel.up(0, 150, 150, at: 700)
        #expect(panel.log == ["0 play pressed", "500 play long_press 1", "700 play released"])
    }

    @Test func rule4_movingWithinSlopKeepsLongPress() {
        var panel = PanelDriver([("play", button(100, 100, 200, 100, longPress: true))])
        panel.down(0, 150, 150, at: 0)
        panel.move(0, 156, 158, at: 100)  // distance 10: exactly S
        panel.advance(to: 500)
        #expect(panel.log == ["0 play pressed", "500 play long_press 1"])
    }

    @Test func rule4_movingBeyondSlopRulesOutLongPressButStillTaps() {
        var panel = PanelDriver([("play", button(100, 100, 200, 100, longPress: true))])
        panel.down(0, 150, 150, at: 0)
        panel.move(0, 161, 150, at: 100)  // distance 11
        panel.move(0, 150, 150, at: 200)  // coming back does not restore it
        #expect(panel.nextDeadlineMs == nil)
        panel.up(0, 150, 150, at: 800)
        #expect(panel.log == ["0 play pressed", "800 play released", "800 play tap 1"])
    }

    @Test func rule4_repeatFiresAtLPlusNR() {
        var panel = PanelDriver([("vol", button(100, 100, 200, 100, repeats: true))])
        panel.down(0, 150, 150, at: 0)
        panel.advance(to: 799)
        panel.up(0, 150, 150, at: 820)
        panel.advance(to: 5000)
        #expect(panel.log == [
            "0 vol pressed", "500 vol long_press 1", "600 vol repeat 1", "700 vol repeat 2", "800 vol repeat 3",
            "820 vol released",
        ])
    }

    @Test func rule4_repeatStopsWhenDraggedOut() {
        var panel = PanelDriver([("vol", button(100, 100, 200, 100, repeats: true))])
        panel.down(0, 150, 150, at: 0)
        panel.advance(to: 650)
        panel.move(0, 350, 150, at: 650)
        panel.move(0, 150, 150, at: 660)
        panel.advance(to: 1000)
        panel.up(0, 150, 150, at: 1000)
        #expect(panel.log == [
            "0 vol pressed", "500 vol long_press 1", "600 vol repeat 1", "650 vol exit", "660 vol enter",
            "1000 vol released",
        ])
    }

    @Test func rule4_buttonWithoutLongPressTapsHoweverLongTheHold() {
        var panel = PanelDriver([("play", button(100, 100, 200, 100))])
        panel.down(0, 150, 150, at: 0)
        #expect(panel.nextDeadlineMs == nil)
        panel.up(0, 150, 150, at: 3000)
        #expect(panel.log == ["0 play pressed", "3000 play released", "3000 play tap 1"])
    }

    // MARK: Rule 5: tap sequences

    @Test func rule5_singleTapOnlyButtonFiresAtReleaseInstant() {
        var panel = PanelDriver([("play", button(100, 100, 200, 100, taps: 1))])
        panel.down(0, 150, 150, at: 0)
        panel.up(0, 150, 150, at: 70)
        #expect(panel.log == ["0 play pressed", "70 play released", "70 play tap 1"])
        #expect(panel.nextDeadlineMs == nil)
    }

    @Test func rule5_doubleTapFiresOnceWithTwoTapsAndNeverASingleTap() {
        var panel = PanelDriver([("play", button(100, 100, 200, 100, taps: 2))])
        panel.down(0, 150, 150, at: 0)
        panel.up(0, 150, 150, at: 60)
        #expect(panel.nextDeadlineMs == 310)
        panel.down(0, 170, 160, at: 200)
        panel.up(0, 170, 160, at: 260)
        panel.advance(to: 5000)
        #expect(panel.log == [
            "0 play pressed", "60 play released", "200 play pressed", "260 play released", "260 play tap 2",
        ])
    }

    @Test func rule5_singleTapOnDoubleTapButtonWaitsW() {
        var panel = PanelDriver([("play", button(100, 100, 200, 100, taps: 2))])
        panel.down(0, 150, 150, at: 0)
        panel.up(0, 150, 150, at: 60)
        panel.advance(to: 309)
        #expect(panel.log == ["0 play pressed", "60 play released"])
        panel.advance(to: 310)
        #expect(panel.log == ["0 play pressed", "60 play released", "310 play tap 1"])
    }

    @Test func rule5_downAtExactlyReleasePlusWStartsANewSequence() {
        var panel = PanelDriver([("play", button(100, 100, 200, 100, taps: 2))])
        panel.down(0, 150, 150, at: 0)
        panel.up(0, 150, 150, at: 60)
        panel.down(0, 150, 150, at: 310)
        panel.up(0, 150, 150, at: 360)
        panel.advance(to: 1000)
        #expect(panel.log == [
            "0 play pressed", "60 play released", "310 play tap 1", "310 play pressed", "360 play released",
            "610 play tap 1",
        ])
    }

    @Test func rule5_downBeyondDFiresPendingAtOnceAndStartsNewSequence() {
        var panel = PanelDriver([("play", button(100, 100, 200, 100, taps: 2))])
        panel.down(0, 110, 150, at: 0)
        panel.up(0, 110, 150, at: 60)
        panel.down(0, 151, 150, at: 150)  // 41 px from the first down: beyond D = 40
        panel.up(0, 151, 150, at: 200)
        panel.down(0, 151, 190, at: 300)  // 40 px from the new sequence's first down
        panel.up(0, 151, 190, at: 350)
        #expect(panel.log == [
            "0 play pressed", "60 play released", "150 play tap 1", "150 play pressed", "200 play released",
            "300 play pressed", "350 play released", "350 play tap 2",
        ])
    }

    @Test func rule5_tripleTapFiresOnceWithThreeTaps() {
        var panel = PanelDriver([("play", button(100, 100, 200, 100, taps: 3))])
        for k: Int64 in 0..<3 {
            panel.down(0, 150, 150, at: k * 150)
            panel.up(0, 150, 150, at: k * 150 + 50)
        }
        panel.advance(to: 2000)
        #expect(panel.log.filter { $0.contains("tap") } == ["350 play tap 3"])
    }

    @Test func rule5_doubleTapOnTripleTapButtonFiresAfterW() {
        var panel = PanelDriver([("play", button(100, 100, 200, 100, taps: 3))])
        panel.down(0, 150, 150, at: 0)
        panel.up(0, 150, 150, at: 50)
        panel.down(0, 150, 150, at: 150)
        panel.up(0, 150, 150, at: 200)
        panel.advance(to: 2000)
        #expect(panel.log.filter { $0.contains("tap") } == ["450 play tap 2"])
    }

    @Test func rule5_sequenceIsMeasuredFromFirstDownNotFromTheLastTap() {
        var panel = PanelDriver([("play", button(100, 100, 200, 100, taps: 3))])
        panel.down(0, 120, 150, at: 0)
        panel.up(0, 120, 150, at: 50)
        panel.down(0, 150, 150, at: 100)  // 30 from the first
        panel.up(0, 150, 150, at: 150)
        panel.down(0, 170, 150, at: 200)  // 20 from the second, 50 from the first
        panel.up(0, 170, 150, at: 250)
        panel.advance(to: 2000)
        #expect(panel.log.filter { $0.contains("tap") } == ["200 play tap 2", "500 play tap 1"])
    }

    @Test func rule5_buttonWithoutTapActionsReportsNoTap() {
        var panel = PanelDriver([("hold", button(100, 100, 200, 100, taps: 0, longPress: true))])
        panel.down(0, 150, 150, at: 0)
        panel.up(0, 150, 150, at: 100)
        panel.advance(to: 2000)
        #expect(panel.log == ["0 hold pressed", "100 hold released"])
    }

    // MARK: Rule 6: a hold that continues a sequence

    @Test func rule6_holdInsideTapSequenceIsLongPressWithTapsAndEarlierTapsDoNotFire() {
        var panel = PanelDriver([("play", button(100, 100, 200, 100, taps: 2, longPress: true))])
        panel.down(0, 150, 150, at: 0)
        panel.up(0, 150, 150, at: 60)
        panel.down(0, 150, 150, at: 200)
        panel.advance(to: 700)
        panel.up(0, 150, 150, at: 900)
        panel.advance(to: 3000)
        #expect(panel.log == [
            "0 play pressed", "60 play released", "200 play pressed", "700 play long_press 2", "900 play released",
        ])
    }

    // MARK: Rule 7: lost touches

    @Test func rule7_idVanishingFromFrameIsReleasedThereAtLastPosition() {
        var panel = PanelDriver([("play", button(100, 100, 200, 100))])
        panel.frame([contact(3, 150, 150, .down)], at: 0)
        panel.frame([contact(3, 160, 150)], at: 17)
        panel.frame([], at: 34)
        #expect(panel.log == ["0 play pressed", "34 play released", "34 play tap 1"])
    }

    @Test func rule7_noFrameForLostMsCancelsEveryHeldTouch() {
        var panel = PanelDriver([
            ("a", button(0, 0, 100, 100, taps: 2)),
            ("b", button(200, 0, 100, 100)),
        ], lostMs: 200)
        panel.frame([contact(0, 50, 50, .down), contact(1, 250, 50, .down)], at: 0)
        panel.frame([contact(0, 50, 50), contact(1, 250, 50)], at: 17)
        #expect(panel.nextDeadlineMs == 217)
        panel.advance(to: 216)
        #expect(panel.log == ["0 a pressed", "0 b pressed"])
        panel.advance(to: 1000)
        #expect(panel.log == ["0 a pressed", "0 b pressed", "217 a cancelled", "217 b cancelled"])
    }

    @Test func rule7_controllerFailureCancelsBothHeldButtonsAndNoTapFires() {
        var panel = PanelDriver([
            ("a", button(0, 0, 100, 100)),
            ("b", button(200, 0, 100, 100, taps: 2)),
        ])
        panel.frame([contact(0, 50, 50, .down), contact(1, 250, 50, .down)], at: 0)
        panel.controllerFailed(at: 30)
        // The bus comes back and the fingers are gone.
        panel.frame([], at: 500)
        panel.advance(to: 2000)
        #expect(panel.log == ["0 a pressed", "0 b pressed", "30 a cancelled", "30 b cancelled"])
    }

    @Test func rule7_touchLostBeforeLIsNoLongPress() {
        var panel = PanelDriver([("play", button(100, 100, 200, 100, longPress: true))], lostMs: 300)
        panel.frame([contact(0, 150, 150, .down)], at: 0)
        panel.frame([contact(0, 150, 150)], at: 199)
        panel.advance(to: 1000)
        #expect(panel.log == ["0 play pressed", "499 play cancelled"])
    }

    @Test func rule7_atEqualInstantsTheDeadlineFiresBeforeTheLostCancel() {
        var panel = PanelDriver([("play", button(100, 100, 200, 100, longPress: true))], lostMs: 300)
        panel.frame([contact(0, 150, 150, .down)], at: 0)
        panel.frame([contact(0, 150, 150)], at: 200)
        panel.advance(to: 1000)
        #expect(panel.log == ["0 play pressed", "500 play long_press 1", "500 play cancelled"])
    }

    @Test func rule7_framesKeepLongPressAlive() {
        var panel = PanelDriver([("play", button(100, 100, 200, 100, longPress: true))], lostMs: 200)
        for t in stride(from: Int64(0), through: 680, by: 17) {
            panel.frame([contact(0, 150, 150, t == 0 ? .down : .contact)], at: t)
        }
        panel.frame([contact(0, 150, 150, .up)], at: 697)
        #expect(panel.log == ["0 play pressed", "500 play long_press 1", "697 play released"])
    }

    // MARK: Rule 8: every pressed is matched

    @Test func rule8_everyPressedIsMatchedByExactlyOneReleasedOrCancelled() {
        var generator = SplitMix64(seed: 0x5EED)
        for _ in 0..<200 {
            var panel = PanelDriver([
                ("a", button(0, 0, 200, 200, taps: 2, longPress: true)),
                ("b", button(200, 0, 200, 200, taps: 3, repeats: true)),
                ("c", button(0, 200, 400, 200)),
            ], lostMs: 200)
            var t: Int64 = 0
            var held = Set<UInt8>()
            for _ in 0..<60 {
                t += Int64(generator.next() % 120)
                let id = UInt8(generator.next() % 3)
                let x = Int32(generator.next() % 420)
                let y = Int32(generator.next() % 420)
                switch generator.next() % 5 {
                case 0: if held.insert(id).inserted { panel.down(id, x, y, at: t) }
                case 1: if held.contains(id) { panel.move(id, x, y, at: t) }
                case 2: if held.remove(id) != nil { panel.up(id, x, y, at: t) }
                case 3: panel.advance(to: t)
                default:
                    if generator.next() % 8 == 0 {
                        held.removeAll()
                        panel.pipeline.touch(.cancelAll, at: ms(t), into: &panel.recorder)
                    }
                }
            }
            for id in held { panel.up(id, 10, 10, at: t + 1) }
            panel.advance(to: t + 10_000)
            for name in ["a", "b", "c"] {
                let pressed = panel.log.filter { $0.hasSuffix("\(name) pressed") }.count
                let ended = panel.log.filter { $0.hasSuffix("\(name) released") || $0.hasSuffix("\(name) cancelled") }.count
                #expect(pressed == ended, "button \(name): \(panel.log)")
            }
            let times = panel.recorder.events.map { $0.at }
            #expect(times == times.sorted(), "events out of time order: \(panel.log)")
        }
    }

    // MARK: Cross-cases

    @Test func cancelInsideSequenceFiresTheEarlierTaps() {
        var panel = PanelDriver([("play", button(100, 100, 200, 100, taps: 2))])
        panel.frame([contact(0, 150, 150, .down)], at: 0)
        panel.frame([contact(0, 150, 150, .up)], at: 60)
        panel.frame([contact(0, 150, 150, .down)], at: 150)
        panel.controllerFailed(at: 170)
        panel.advance(to: 2000)
        #expect(panel.log == [
            "0 play pressed", "60 play released", "150 play pressed", "170 play cancelled", "170 play tap 1",
        ])
    }

    @Test func twoFingersOnTwoButtonsAreIndependent() {
        var panel = PanelDriver([
            ("left", button(0, 0, 100, 100, longPress: true)),
            ("right", button(200, 0, 100, 100, taps: 2)),
        ])
        panel.down(0, 50, 50, at: 0)
        panel.down(1, 250, 50, at: 20)
        panel.up(1, 250, 50, at: 80)
        panel.down(1, 250, 50, at: 150)
        panel.up(1, 250, 50, at: 210)
        panel.advance(to: 600)
        panel.up(0, 50, 50, at: 650)
        #expect(panel.log == [
            "0 left pressed", "20 right pressed", "80 right released", "150 right pressed", "210 right released",
            "210 right tap 2", "500 left long_press 1", "650 left released",
        ])
    }

    @Test func perButtonOverridesApplyOnlyToThatButton() {
        let slow = GestureTimings(multiTap: .milliseconds(400), longPress: .milliseconds(1000))
        var panel = PanelDriver([
            ("slow", button(0, 0, 100, 100, taps: 2, longPress: true, timings: slow)),
            ("fast", button(200, 0, 100, 100, taps: 2, longPress: true)),
        ])
        panel.down(0, 50, 50, at: 0)
        panel.down(1, 250, 50, at: 0)
        panel.advance(to: 1200)
        panel.up(0, 50, 50, at: 1200)
        panel.up(1, 250, 50, at: 1200)
        panel.down(0, 50, 50, at: 1300)
        panel.up(0, 50, 50, at: 1350)
        panel.down(1, 250, 50, at: 1300)
        panel.up(1, 250, 50, at: 1350)
        panel.advance(to: 3000)
        #expect(panel.log.filter { !$0.contains("pressed") && !$0.contains("released") } == [
            "500 fast long_press 1", "1000 slow long_press 1", "1600 fast tap 1", "1750 slow tap 1",
        ])
    }
}

/// A small deterministic generator so that the property test is the same on every run.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
