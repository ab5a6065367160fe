import Testing
import TouchCore

/// Rule 12 with exact values and times: the value follows the finger, clamps, restores on a
/// lost touch, is sent once per release (or at most every `send_ms` with `send = drag`), and
/// a value from outside is held back while a finger is on the slider and for `settle_ms`.
@Suite("Sliders: rule 12")
struct GestureSliderTests {
    /// A dimmer across x 100..<500 (0-100 in steps of 1: 4 px a step, step = round((x - 100)
    /// * 100 / 399)) at value 40; a lamp button below it; pages that take swipes when asked.
    func panel(drag: Bool = false, readOnly: Bool = false, swipes: Bool = false, lostMs: Int64 = 200) -> PanelDriver {
        var pages = PageLayout(count: 2, swipePx: 60)
        if swipes {
            var sideways = SwipeSet()
            sideways.insert(.left)
            sideways.insert(.right)
            pages.setSwipes(sideways, onPage: 0)
        }
        let dimmer = SliderSpec(
            rect: Rect(x: 100, y: 100, width: 400, height: 60), stepCount: 100, readOnly: readOnly,
            sendsWhileDragging: drag, sendMs: 250, settleMs: 1000, startStep: 40)
        return PanelDriver(
            [("lamp", button(100, 300, 200, 100))], sliders: [("dimmer", dimmer)], lostMs: lostMs, pages: pages)
    }

    @Test func theStepFollowsThePositionAlongTheTrackAndClamps() {
        let spec = SliderSpec(rect: Rect(x: 100, y: 100, width: 400, height: 60), stepCount: 100)
        #expect(spec.step(at: Point(x: 100, y: 130)) == 0)
        #expect(spec.step(at: Point(x: 299, y: 130)) == 50)   // 199 * 100 / 399 = 49.87
        #expect(spec.step(at: Point(x: 499, y: 130)) == 100)
        #expect(spec.step(at: Point(x: 20, y: 900)) == 0)     // outside: clamped
        #expect(spec.step(at: Point(x: 780, y: 0)) == 100)
        let vertical = SliderSpec(rect: Rect(x: 0, y: 0, width: 60, height: 201), orientation: .vertical, stepCount: 10)
        #expect(vertical.step(at: Point(x: 30, y: 200)) == 0)  // the bottom is the minimum
        #expect(vertical.step(at: Point(x: 30, y: 0)) == 10)
        #expect(vertical.step(at: Point(x: 30, y: 110)) == 5)  // 90 of 200: 4.5 rounds up
        #expect(vertical.fillPixels(for: 5) == 100)
        #expect(spec.fillPixels(for: 40) == 160)
    }

    @Test func theValueFollowsTheFingerAndIsSentOnceAtTheRelease() {
        var panel = panel()
        panel.down(0, 300, 130, at: 0)
        panel.move(0, 340, 130, at: 10)
        panel.move(0, 341, 130, at: 20)   // the same step: nothing
        panel.move(0, 900, 500, at: 30)   // outside the rect it keeps following, clamped
        panel.move(0, 380, 120, at: 40)
        panel.up(0, 380, 120, at: 50)
        #expect(panel.sliderLog == [
            "0 dimmer pressed", "0 dimmer shown 50", "10 dimmer shown 60", "30 dimmer shown 100",
            "40 dimmer shown 70", "50 dimmer released", "50 dimmer value 70",
        ])
        #expect(panel.log.isEmpty)   // a slider never taps
        #expect(panel.nextDeadlineMs == 1050)   // settle_ms
        panel.advance(to: 1050)
        #expect(panel.pipeline.classifier.state(ofSlider: 0) == SliderGestureState(phase: .idle, shownStep: 70))
        #expect(panel.nextDeadlineMs == nil)
    }

    @Test func aReleaseWithoutAMoveStillSendsOnce() {
        var panel = panel()
        panel.down(0, 260, 130, at: 0)   // 160 of 399: step 40, the value it had
        panel.up(0, 260, 130, at: 80)
        #expect(panel.sliderLog == ["0 dimmer pressed", "80 dimmer released", "80 dimmer value 40"])
    }

    @Test func aLostTouchRestoresTheValueAtTheDown() {
        var panel = panel(lostMs: 200)
        panel.frame([contact(0, 300, 130, .down)], at: 0)
        panel.frame([contact(0, 420, 130)], at: 10)
        panel.advance(to: 210)   // no frame for lost_ms
        #expect(panel.sliderLog == [
            "0 dimmer pressed", "0 dimmer shown 50", "10 dimmer shown 80", "210 dimmer cancelled", "210 dimmer shown 40",
        ])
        #expect(panel.nextDeadlineMs == nil)   // nothing was sent: nothing to settle
    }

    @Test func sendDragSendsAtMostEverySendMsAndTheLastValueWhenItIsDue() {
        var panel = panel(drag: true)
        panel.down(0, 300, 130, at: 0)    // 50, sent at once
        panel.move(0, 340, 130, at: 100)  // 60: within 250 of the last send
        panel.move(0, 360, 130, at: 200)  // 65
        #expect(panel.nextDeadlineMs == 250)
        panel.advance(to: 250)            // 65 sent when due
        panel.move(0, 380, 130, at: 300)  // 70
        panel.up(0, 380, 130, at: 320)    // and at the lift, with the final value
        #expect(panel.sliderLog == [
            "0 dimmer pressed", "0 dimmer shown 50", "0 dimmer value 50", "100 dimmer shown 60", "200 dimmer shown 65",
            "250 dimmer value 65", "300 dimmer shown 70", "320 dimmer released", "320 dimmer value 70",
        ])
    }

    @Test func sendDragRestoresAndSendsTheValueAtTheDownWhenTheTouchIsLost() {
        var panel = panel(drag: true)
        panel.down(0, 300, 130, at: 0)
        panel.controllerFailed(at: 40)
        #expect(panel.sliderLog == [
            "0 dimmer pressed", "0 dimmer shown 50", "0 dimmer value 50", "40 dimmer cancelled", "40 dimmer shown 40",
            "40 dimmer value 40",
        ])
        #expect(panel.nextDeadlineMs == 1040)
    }

    @Test func aValueFromOutsideWhileHeldIsNotDrawnAndAfterSettleMsItIs() {
        var panel = panel()
        panel.setSliderStep(0, 10, at: 0)           // idle: drawn at once
        panel.down(0, 300, 130, at: 100)
        panel.setSliderStep(0, 20, at: 150)         // held: not drawn (the echo race)
        panel.up(0, 340, 130, at: 200)
        panel.setSliderStep(0, 30, at: 700)         // settling: an older value, not drawn
        panel.setSliderStep(0, 25, at: 1200)        // after settle_ms: drawn
        #expect(panel.sliderLog == [
            "0 dimmer shown 10", "100 dimmer pressed", "100 dimmer shown 50", "200 dimmer shown 60", "200 dimmer released",
            "200 dimmer value 60", "1200 dimmer shown 25",
        ])
    }

    @Test func theEchoOfTheSentValueEndsTheSettling() {
        var panel = panel()
        panel.down(0, 300, 130, at: 0)
        panel.up(0, 300, 130, at: 50)               // sends 50
        panel.setSliderStep(0, 50, at: 300)         // its echo: settled
        #expect(panel.nextDeadlineMs == nil)
        panel.setSliderStep(0, 55, at: 400)         // the next value is drawn at once
        #expect(panel.sliderLog.suffix(1) == ["400 dimmer shown 55"])
        panel.setSliderStep(0, 900, at: 500)        // clamped to max
        #expect(panel.sliderLog.suffix(1) == ["500 dimmer shown 100"])
    }

    @Test func aReadOnlySliderIgnoresTouches() {
        var panel = panel(readOnly: true)
        panel.down(0, 300, 130, at: 0)
        panel.move(0, 400, 130, at: 20)
        panel.up(0, 400, 130, at: 40)
        #expect(panel.sliderLog.isEmpty)
        panel.setSliderStep(0, 75, at: 50)
        #expect(panel.sliderLog == ["50 dimmer shown 75"])
    }

    @Test func aSwipeNeverStartsOnASlider() {
        var panel = panel(swipes: true)
        panel.down(0, 480, 130, at: 0)    // 95
        panel.move(0, 380, 130, at: 20)   // 100 px left: a swipe on the background, not here
        panel.up(0, 380, 130, at: 40)
        #expect(panel.recorder.swipes.isEmpty)
        #expect(panel.sliderLog == [
            "0 dimmer pressed", "0 dimmer shown 95", "20 dimmer shown 70", "40 dimmer released", "40 dimmer value 70",
        ])
    }

    @Test func aPageChangeEndsTheTouchOnALeavingSliderAndRestoresIt() {
        var panel = panel()
        panel.down(0, 300, 130, at: 0)
        panel.showPage(1, at: 30)
        panel.move(0, 400, 130, at: 40)   // the rest of the touch is ignored
        panel.up(0, 400, 130, at: 60)
        #expect(panel.sliderLog == ["0 dimmer pressed", "0 dimmer shown 50", "30 dimmer cancelled", "30 dimmer shown 40"])
        panel.down(0, 300, 130, at: 100)  // page 1 has no slider there
        #expect(panel.sliderLog.count == 4)
    }

    @Test func aDisabledSliderTakesNoTouchButShowsValues() {
        var panel = panel()
        panel.pipeline.setSliderEnabled(0, false)
        panel.down(0, 300, 130, at: 0)
        panel.up(0, 300, 130, at: 20)
        panel.setSliderStep(0, 5, at: 30)
        #expect(panel.sliderLog == ["30 dimmer shown 5"])
    }

    @Test func aButtonBesideASliderStillTapsAtItsRelease() {
        var panel = panel()
        panel.down(1, 150, 350, at: 0)
        panel.down(0, 300, 130, at: 5)
        panel.up(1, 150, 350, at: 30)
        panel.up(0, 300, 130, at: 40)
        #expect(panel.log == ["0 lamp pressed", "30 lamp released", "30 lamp tap 1"])
        #expect(panel.sliderLog == ["5 dimmer pressed", "5 dimmer shown 50", "40 dimmer released", "40 dimmer value 50"])
    }
}
