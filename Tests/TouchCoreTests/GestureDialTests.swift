import Testing
import TouchCore

/// Rule 14 with exact values and times: a dial claims a down on its band within the arc only,
/// follows the finger's angle, clamps at both ends without jumping across the gap, restores on
/// a lost touch, and holds back values from outside as a slider does (rule 12's echo rule).
@Suite("Dials: rule 14")
struct GestureDialTests {
    /// Tests/Traces/dials/panel.ini's heat: 240x240 at 100,100 (centre 220,220), band 24,
    /// 270 degrees, 40 steps (10..30 by 0.5), at step 23 (21.5); a lamp button beside it.
    func panel(readOnly: Bool = false, lostMs: Int64 = 200) -> PanelDriver {
        let heat = SliderSpec(
            rect: Rect(x: 100, y: 100, width: 240, height: 240), orientation: .arc(DialShape()), stepCount: 40,
            readOnly: readOnly, settleMs: 1000, startStep: 23)
        return PanelDriver([("lamp", button(600, 360, 180, 100))], sliders: [("heat", heat)], lostMs: lostMs)
    }

    @Test func theValueFollowsTheAngleAndStopsAtTheEndBeforeTheGap() {
        var panel = panel()
        panel.down(0, 220, 112, at: 0)     // the top: 20
        panel.move(0, 296, 144, at: 20)    // 45 degrees: 27
        panel.move(0, 296, 296, at: 40)    // 135: the end, 40
        panel.move(0, 220, 330, at: 60)    // the gap: held at 40
        panel.move(0, 143, 296, at: 80)    // -135, the gap's other side: still 40
        panel.move(0, 112, 220, at: 100)   // -90: the short way is through the gap, 40
        panel.up(0, 112, 220, at: 120)
        #expect(panel.sliderLog == [
            "0 heat pressed", "0 heat shown 20", "20 heat shown 27", "40 heat shown 40", "120 heat released", "120 heat value 40",
        ])
        #expect(panel.log.isEmpty)   // a dial never taps
    }

    @Test func fromMinTheOtherWayTooAndOverTheTopItFollows() {
        var panel = panel()
        panel.down(0, 143, 296, at: 0)     // -135: 0
        panel.move(0, 296, 296, at: 20)    // +135 across the gap: still 0
        panel.move(0, 112, 220, at: 40)    // -90: 4500 of 27000, 6.67 steps: 7
        panel.move(0, 200, 112, at: 60)    // -10.28 degrees: 18
        panel.up(0, 200, 112, at: 80)
        #expect(panel.sliderLog == [
            "0 heat pressed", "0 heat shown 0", "40 heat shown 7", "60 heat shown 18", "80 heat released", "80 heat value 18",
        ])
    }

    @Test func onlyADownOnTheBandWithinTheArcIsTheDials() {
        var panel = panel()
        for (index, point) in [(220, 220), (102, 102), (220, 335), (360, 220)].enumerated() {
            panel.down(UInt8(index), Int32(point.0), Int32(point.1), at: Int64(index * 100))
            panel.move(UInt8(index), 220, 112, at: Int64(index * 100 + 10))
            panel.up(UInt8(index), 220, 112, at: Int64(index * 100 + 20))
        }
        #expect(panel.sliderLog.isEmpty)
        #expect(panel.log.isEmpty)
        var gauge = self.panel(readOnly: true)
        gauge.down(0, 220, 112, at: 0)
        gauge.up(0, 220, 112, at: 20)
        #expect(gauge.sliderLog.isEmpty)
    }

    @Test func aLostTouchRestoresTheValueAtTheDown() {
        var panel = panel(lostMs: 200)
        panel.frame([contact(0, 220, 112, .down)], at: 0)
        panel.frame([contact(0, 296, 144)], at: 10)
        panel.advance(to: 210)
        #expect(panel.sliderLog == ["0 heat pressed", "0 heat shown 20", "10 heat shown 27", "210 heat cancelled", "210 heat shown 23"])
    }

    @Test func valuesFromOutsideWaitForTheFingerAndTheEcho() {
        var panel = panel()
        panel.down(0, 220, 112, at: 0)
        panel.setSliderStep(0, 30, at: 50)      // held: the finger decides what is drawn
        panel.up(0, 296, 144, at: 100)          // 27 sent
        panel.setSliderStep(0, 25, at: 200)     // settling: an older value, not drawn
        panel.setSliderStep(0, 27, at: 300)     // the echo ends the wait
        panel.setSliderStep(0, 12, at: 400)     // and the next is drawn at once
        #expect(panel.sliderLog == [
            "0 heat pressed", "0 heat shown 20", "100 heat shown 27", "100 heat released", "100 heat value 27", "400 heat shown 12",
        ])
    }
}
