import Testing
import TouchCore

/// Rules 10 and 11 with exact times: a touch belongs to the page shown at its down, a page
/// change ends what leaves, and a swipe never also presses.
@Suite("Pages and swipes: rules 10 and 11")
struct GesturePageTests {
    /// Two pages that take swipes left and right (`swipe_px` 60, page 1 also up); page 0 has
    /// a lamp (single tap), a fan (double tap) and a jog button (hold-to-run, never yields);
    /// page 1 a dimmer; a nav button is on every page and overlaps the lamp's corner.
    func panel(idle: IdleTimings? = nil, secondPageSwipes: Bool = true) -> PanelDriver {
        var pages = PageLayout(count: 2, swipePx: 60)
        var sideways = SwipeSet()
        sideways.insert(.left)
        sideways.insert(.right)
        pages.setSwipes(sideways, onPage: 0)
        var second = sideways
        second.insert(.up)
        pages.setSwipes(secondPageSwipes ? second : SwipeSet(), onPage: 1)
        return PanelDriver([
            ("lamp", button(0, 0, 200, 200, page: 0)),
            ("fan", button(300, 0, 200, 200, taps: 2, page: 0)),
            ("jog", button(0, 250, 200, 200, taps: 0, page: 0, swipe: false)),
            ("dim", button(0, 0, 200, 200, page: 1)),
            ("nav", button(150, 150, 100, 100, page: PageLayout.allPages)),
        ], idle: idle, pages: pages)
    }

    @Test func aSwipeOnTheBackgroundRunsAtItsLift() {
        var panel = panel()
        panel.down(0, 600, 300, at: 0)
        panel.move(0, 580, 300, at: 20)
        panel.move(0, 530, 310, at: 40)   // 70 left, 10 down: a swipe from here on
        #expect(panel.recorder.swipes.isEmpty)
        panel.move(0, 640, 300, at: 60)   // a swipe stays the one it became
        panel.up(0, 640, 300, at: 80)
        #expect(panel.recorder.swipes == ["80 left page 0"])
        #expect(panel.log.isEmpty)
    }

    @Test func aSwipeThatStartsOnAButtonCancelsItAndNeverTaps() {
        var panel = panel()
        panel.down(0, 100, 100, at: 0)
        panel.move(0, 70, 100, at: 20)    // inside, 30 moved: still the lamp's
        panel.move(0, 35, 104, at: 40)    // 65 left: the lamp's touch ends
        panel.up(0, 35, 104, at: 90)
        #expect(panel.log == ["0 lamp pressed", "40 lamp cancelled"])
        #expect(panel.recorder.swipes == ["90 left page 0"])
    }

    @Test func aSingleTapButtonStillFiresAtItsRelease() {
        var panel = panel()
        panel.down(0, 100, 100, at: 0)
        panel.move(0, 108, 100, at: 20)
        panel.up(0, 108, 100, at: 50)
        #expect(panel.log == ["0 lamp pressed", "50 lamp released", "50 lamp tap 1"])
        #expect(panel.nextDeadlineMs == nil)
        #expect(panel.recorder.swipes.isEmpty)
    }

    @Test func aMoveNotTwiceItsCrossMoveOrInADirectionThePageLacksIsNoSwipe() {
        var panel = panel()
        panel.down(0, 600, 300, at: 0)
        panel.move(0, 670, 340, at: 20)   // 70 right but 40 down
        panel.up(0, 670, 340, at: 40)
        panel.down(1, 600, 400, at: 100)
        panel.move(1, 600, 320, at: 120)  // 80 up: page 0 takes no swipe up
        panel.up(1, 600, 320, at: 140)
        #expect(panel.recorder.swipes.isEmpty)
        panel.showPage(1, at: 200)
        panel.down(2, 600, 400, at: 300)
        panel.up(2, 600, 320, at: 320)    // a flick: only its lift is 80 up
        #expect(panel.recorder.swipes == ["320 up page 1"])
    }

    @Test func aSwipeAcrossAHoldToRunButtonStartsNothing() {
        var panel = panel()
        // From the background across the jog button: the background's touch.
        panel.down(0, 400, 350, at: 0)
        panel.move(0, 150, 350, at: 30)
        panel.move(0, 50, 350, at: 60)
        panel.up(0, 50, 350, at: 90)
        #expect(panel.log.isEmpty)
        #expect(panel.recorder.swipes == ["90 left page 0"])
        // From the jog button itself: it never yields, and runs until its release.
        panel.down(1, 180, 350, at: 200)
        panel.move(1, 100, 350, at: 230)
        panel.up(1, 100, 350, at: 260)
        #expect(panel.log == ["200 jog pressed", "260 jog released"])
        #expect(panel.recorder.swipes == ["90 left page 0"])
    }

    @Test func aPageChangeEndsAHeldButtonOnceAndItsTouchStaysIgnored() {
        var panel = panel()
        panel.down(0, 100, 300, at: 0)
        panel.showPage(1, at: 100)
        panel.move(0, 100, 310, at: 150)
        panel.up(0, 100, 310, at: 200)
        #expect(panel.log == ["0 jog pressed", "100 jog cancelled"])
        // A down now belongs to page 1.
        panel.down(1, 100, 100, at: 300)
        panel.up(1, 100, 100, at: 340)
        #expect(panel.log == ["0 jog pressed", "100 jog cancelled", "300 dim pressed", "340 dim released", "340 dim tap 1"])
    }

    @Test func aPendingDoubleTapOnALeavingButtonFiresWithItsTaps() {
        var panel = panel()
        panel.down(0, 400, 100, at: 0)
        panel.up(0, 400, 100, at: 50)
        #expect(panel.nextDeadlineMs == 300)
        panel.showPage(1, at: 120)
        #expect(panel.log == ["0 fan pressed", "50 fan released", "120 fan tap 1"])
        #expect(panel.nextDeadlineMs == nil)
        // A second tap in the fan's place now is the page's dimmer's, or nobody's.
        panel.down(1, 400, 100, at: 150)
        panel.up(1, 400, 100, at: 180)
        #expect(panel.log == ["0 fan pressed", "50 fan released", "120 fan tap 1"])
    }

    @Test func aButtonOnEveryPageKeepsItsTouchAndIsAboveThePage() {
        var panel = panel()
        panel.down(0, 180, 180, at: 0)    // inside both the lamp and the nav: the nav's
        panel.showPage(1, at: 40)
        panel.showPage(1, at: 50)         // the page shown: nothing
        panel.up(0, 180, 180, at: 80)
        #expect(panel.log == ["0 nav pressed", "80 nav released", "80 nav tap 1"])
        panel.showPage(0, at: 100)
        panel.down(1, 100, 100, at: 120)
        panel.up(1, 100, 100, at: 140)
        #expect(panel.log.suffix(3) == ["120 lamp pressed", "140 lamp released", "140 lamp tap 1"])
    }

    @Test func aSwipeUnderWayWhenThePageChangesRunsNothing() {
        var panel = panel()
        panel.down(0, 600, 300, at: 0)
        panel.move(0, 500, 300, at: 30)
        panel.showPage(1, at: 40)
        panel.up(0, 500, 300, at: 60)
        #expect(panel.recorder.swipes.isEmpty)
    }

    @Test func onAPageWithoutSwipesADragOffAButtonIsAnExitAsBefore() {
        var panel = panel(secondPageSwipes: false)
        panel.showPage(1, at: 0)
        panel.down(0, 100, 100, at: 10)
        panel.move(0, 300, 100, at: 30)
        panel.move(0, 100, 100, at: 50)
        panel.up(0, 100, 100, at: 70)
        #expect(panel.log == ["10 dim pressed", "30 dim exit", "50 dim enter", "70 dim released", "70 dim tap 1"])
        panel.down(1, 600, 300, at: 100)
        panel.up(1, 400, 300, at: 130)
        #expect(panel.recorder.swipes.isEmpty)
    }

    @Test func aWakingSwipeIsSwallowed() {
        var panel = panel(idle: IdleTimings(dimAfter: nil, offAfter: .milliseconds(1_000)))
        panel.advance(to: 1_000)
        #expect(panel.recorder.powerChanges == ["1000 off"])
        panel.down(0, 600, 300, at: 1_100)
        panel.move(0, 500, 300, at: 1_120)
        panel.up(0, 500, 300, at: 1_140)
        #expect(panel.recorder.swipes.isEmpty)
        #expect(panel.recorder.powerChanges == ["1000 off", "1100 awake"])
        panel.down(1, 600, 300, at: 1_200)
        panel.up(1, 500, 300, at: 1_240)
        #expect(panel.recorder.swipes == ["1240 left page 0"])
    }

    @Test func theDirectionOfAMove() {
        let from = Point(x: 100, y: 100)
        #expect(SwipeDirection.of(from: from, to: Point(x: 40, y: 100), distancePx: 60) == .left)
        #expect(SwipeDirection.of(from: from, to: Point(x: 41, y: 100), distancePx: 60) == nil)
        #expect(SwipeDirection.of(from: from, to: Point(x: 160, y: 130), distancePx: 60) == .right)
        #expect(SwipeDirection.of(from: from, to: Point(x: 160, y: 131), distancePx: 60) == nil)
        #expect(SwipeDirection.of(from: from, to: Point(x: 100, y: 40), distancePx: 60) == .up)
        #expect(SwipeDirection.of(from: from, to: Point(x: 70, y: 160), distancePx: 60) == .down)
    }
}
