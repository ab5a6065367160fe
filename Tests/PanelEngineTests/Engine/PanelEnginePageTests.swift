import LinuxSystem
import PanelConfig
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

/// Pages in the engine: a swipe's action at its lift, page actions, a page change's event
/// lines and whole frame, the hold-to-run release it causes, and `home_after_s`.
@Suite("Panel engine: pages and swipes")
struct PanelEnginePageTests {
    static let config = """
        [display]
        width = 800
        height = 480

        [controller]
        model = ft5406

        [page home]
        swipe_left = page next

        [page lights]
        swipe_right = page prev
        swipe_up = exec echo up
        home_after_s = 5

        [button jog]
        page = home
        rect = 0, 0, 200, 100
        on_press = gpio gpiochip0 18 on
        on_release = gpio gpiochip0 18 off

        [button lamp]
        page = lights
        rect = 0, 0, 200, 100
        on_tap = emit

        [button next]
        page = all
        rect = 700, 400, 100, 80
        on_tap = page next
        """

    @Test func aSwipeRunsItsPageActionAtTheLiftAndDrawsTheNewPageWhole() throws {
        let rig = try EngineRig(config: PanelEnginePageTests.config)
        #expect(rig.surface.calls == ["all 3", "frame 0"])
        rig.interrupt(100, report([(0, 500, 300, .down)]))
        rig.interrupt(120, report([(0, 430, 300, .contact)]))
        rig.interrupt(140, report([(0, 420, 300, .up)]))
        #expect(rig.output.lines == [
            #"{"t_ms":140,"event":"swipe","direction":"left","page":"home"}"#,
            #"{"t_ms":140,"event":"page","page":"lights"}"#,
        ])
        #expect(rig.engine.shownPage == 1)
        #expect(rig.surface.calls == ["all 3", "frame 0", "all 3", "frame 140"])
        // On the lights page the down at the jog's place is the lamp's.
        rig.interrupt(300, report([(0, 50, 50, .down)]))
        rig.interrupt(340, report([(0, 50, 50, .up)]))
        #expect(rig.output.lines.suffix(3) == [
            #"{"t_ms":300,"button":"lamp","event":"pressed"}"#,
            #"{"t_ms":340,"button":"lamp","event":"released"}"#,
            #"{"t_ms":340,"button":"lamp","event":"tap","taps":1}"#,
        ])
        #expect(rig.surface.calls.suffix(4) == ["draw 1 pressed", "frame 300", "draw 1 normal", "frame 340"])
    }

    @Test func aPageChangeWhileAJogIsHeldReleasesItOnce() throws {
        let rig = try EngineRig(config: PanelEnginePageTests.config)
        rig.interrupt(100, report([(0, 50, 50, .down)]))
        #expect(rig.toggleLine.levels == [true])
        // A second finger taps the nav button: the page changes under the held jog.
        rig.interrupt(200, report([(0, 50, 50, .contact), (1, 750, 440, .down)]))
        rig.interrupt(240, report([(0, 50, 50, .contact), (1, 750, 440, .up)]))
        rig.interrupt(300, report([(0, 60, 50, .up)]))
        #expect(rig.output.lines == [
            #"{"t_ms":100,"button":"jog","event":"pressed"}"#,
            #"{"t_ms":200,"button":"next","event":"pressed"}"#,
            #"{"t_ms":240,"button":"next","event":"released"}"#,
            #"{"t_ms":240,"button":"next","event":"tap","taps":1}"#,
            #"{"t_ms":240,"button":"jog","event":"cancelled"}"#,
            #"{"t_ms":240,"event":"page","page":"lights"}"#,
        ])
        #expect(rig.toggleLine.levels == [true, false])
    }

    @Test func aSwipeActionThatIsACommandAndTheWayHome() throws {
        let rig = try EngineRig(config: PanelEnginePageTests.config)
        rig.engine.showPage(1, at: at(50))
        #expect(rig.output.lines == [#"{"t_ms":50,"event":"page","page":"lights"}"#])
        #expect(rig.engine.nextWakeup == at(5_050))
        rig.interrupt(1_000, report([(0, 400, 300, .down)]))
        rig.interrupt(1_030, report([(0, 400, 200, .up)]))
        #expect(rig.launcher.launched.map { $0.command } == ["echo up"])
        #expect(rig.launcher.launched[0].environment.map { "\($0.0)=\($0.1)" } == [
            "TOUCHPANEL_PAGE=lights", "TOUCHPANEL_EVENT=swipe", "TOUCHPANEL_DIRECTION=up",
        ])
        #expect(rig.engine.shownPage == 1)
        // Five seconds after the last touch, the first page again.
        rig.launcher.finished = [ReapedChild(pid: 100, termination: .exited(0))]
        rig.engine.actions.exec.reapFinished()
        #expect(rig.engine.nextWakeup == at(6_030))
        rig.tick(6_030)
        #expect(rig.engine.shownPage == 0)
        #expect(rig.output.lines.last == #"{"t_ms":6030,"event":"page","page":"home"}"#)
        #expect(rig.engine.nextWakeup == nil)
    }

    @Test func aLookChangedOnAHiddenPageIsDrawnWithItsPage() throws {
        let rig = try EngineRig(config: PanelEnginePageTests.config)
        // The jog (page home) pressed and released, then the lights page: only the whole frame.
        rig.engine.showPage(1, at: at(10))
        rig.interrupt(100, report([(0, 750, 440, .down)]))
        rig.interrupt(140, report([(0, 750, 440, .up)]))
        #expect(rig.engine.shownPage == 0)
        #expect(rig.surface.calls == [
            "all 3", "frame 0", "all 3", "frame 10", "draw 2 pressed", "frame 100", "draw 2 normal", "frame 140", "all 3", "frame 140",
        ])
    }

    @Test func theControlSocketShowsAPageAndSaysWhichIsShown() throws {
        let rig = try EngineRig(config: PanelEnginePageTests.config)
        #expect(rig.engine.control(.page(.named("lights")), now: at(20)) == #"{"ok":true}"#)
        #expect(rig.engine.shownPage == 1)
        #expect(rig.engine.control(.state, now: at(30)).hasPrefix(#"{"ok":true,"backlight":null,"page":"lights","buttons":["#))
        #expect(rig.engine.control(.page(.back), now: at(40)) == #"{"ok":true}"#)
        #expect(rig.engine.shownPage == 0)
        #expect(rig.engine.control(.page(.named("garage")), now: at(50)) == #"{"ok":false,"error":"no page \"garage\"; pages: home, lights"}"#)
        #expect(rig.output.lines == [
            #"{"t_ms":20,"event":"page","page":"lights"}"#,
            #"{"t_ms":40,"event":"page","page":"home"}"#,
        ])
        #expect(ControlCommand.parse("page next") == .success(.page(.next)))
        #expect(ControlCommand.parse("page music") == .success(.page(.named("music"))))
    }
}
