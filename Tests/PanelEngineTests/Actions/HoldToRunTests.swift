import CLinux
import LinuxSystem
import PanelConfig
import PanelDrivers
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

/// A jog button (`on_press` drives line 17 on, `on_release` off) and a feed button whose
/// `on_press` and `on_release` are commands.
private let holdConfig = """
    [display]
    width = 800
    height = 480

    [controller]
    model = ft5406

    [touch]
    lost_ms = 1000

    [button jog]
    rect = 0, 0, 200, 100
    on_press = gpio gpiochip0 17 on
    on_release = gpio gpiochip0 17 off

    [button feed]
    rect = 400, 0, 200, 100
    on_press = exec feed start
    on_release = exec feed stop
    on_tap = exec feed tapped
    """

@Suite("Hold-to-run: on_release once, whatever ends the press")
struct HoldToRunTests {
    @Test func liftingRunsOnReleaseOnce() throws {
        let rig = try EngineRig(config: holdConfig)
        rig.interrupt(100, report([(0, 50, 50, .down)]))
        #expect(rig.pulseLine.levels == [true])
        rig.interrupt(900, report([(0, 52, 50, .contact)]))
        #expect(rig.pulseLine.levels == [true])
        rig.interrupt(1_000, report([(0, 52, 50, .up)]))
        #expect(rig.pulseLine.levels == [true, false])
        rig.tick(5_000)
        rig.engine.shutdown(now: at(6_000))
        #expect(rig.pulseLine.levels == [true, false])
        #expect(rig.engine.actions.holds == [.idle, .idle])
    }

    @Test func commandsGetThePressAndWhatEndedIt() throws {
        let rig = try EngineRig(config: holdConfig)
        rig.interrupt(100, report([(0, 450, 50, .down)]))
        rig.interrupt(160, report([(0, 450, 50, .up)]))
        #expect(rig.launcher.transactions == ["spawn 100 feed start", "spawn 101 feed stop", "spawn 102 feed tapped"])
        #expect(rig.launcher.launched.map { $0.environment.map { "\($0.0)=\($0.1)" } } == [
            ["TOUCHPANEL_BUTTON=feed", "TOUCHPANEL_EVENT=pressed"],
            ["TOUCHPANEL_BUTTON=feed", "TOUCHPANEL_EVENT=released"],
            ["TOUCHPANEL_BUTTON=feed", "TOUCHPANEL_EVENT=tap", "TOUCHPANEL_TAPS=1"],
        ])
    }

    @Test func draggingOutEndsThePressAndComingBackDoesNotRestartIt() throws {
        let rig = try EngineRig(config: holdConfig)
        rig.interrupt(0, report([(0, 50, 50, .down)]))
        rig.interrupt(100, report([(0, 250, 50, .contact)]))
        #expect(rig.pulseLine.levels == [true, false])
        rig.interrupt(200, report([(0, 50, 50, .contact)]))
        rig.interrupt(300, report([(0, 50, 50, .up)]))
        #expect(rig.pulseLine.levels == [true, false])
        #expect(rig.output.lines == [
            #"{"t_ms":0,"button":"jog","event":"pressed"}"#,
            #"{"t_ms":100,"button":"jog","event":"exit"}"#,
            #"{"t_ms":200,"button":"jog","event":"enter"}"#,
            #"{"t_ms":300,"button":"jog","event":"released"}"#,
        ])
    }

    @Test func aLostTouchEndsThePressAtLostMs() throws {
        let rig = try EngineRig(config: holdConfig)
        rig.interrupt(0, report([(0, 50, 50, .down)]))
        #expect(rig.engine.nextWakeup == at(1_000))
        rig.tick(999)
        #expect(rig.pulseLine.levels == [true])
        rig.tick(1_000)
        #expect(rig.pulseLine.levels == [true, false])
        #expect(rig.output.lines.last == #"{"t_ms":1000,"button":"jog","event":"cancelled"}"#)
    }

    @Test func aControllerFailureEndsThePress() throws {
        let rig = try EngineRig(config: holdConfig)
        rig.interrupt(0, report([(0, 50, 50, .down), (1, 450, 50, .down)]))
        rig.chip.faults = [I2CError.noAcknowledge]
        rig.edge(40)
        #expect(rig.pulseLine.levels == [true, false])
        #expect(rig.launcher.transactions == ["spawn 100 feed start", "spawn 101 feed stop"])
        #expect(rig.launcher.launched[1].environment.map { "\($0.0)=\($0.1)" } == [
            "TOUCHPANEL_BUTTON=feed", "TOUCHPANEL_EVENT=cancelled",
        ])
    }

    /// A SIGHUP reload and a stop both shut the engine down; the next session starts idle.
    @Test func aReloadOrAStopEndsThePress() throws {
        let rig = try EngineRig(config: holdConfig)
        rig.interrupt(0, report([(0, 50, 50, .down), (1, 450, 50, .down)]))
        rig.engine.shutdown(now: at(70))
        #expect(rig.pulseLine.levels == [true, false])
        #expect(rig.launcher.transactions == ["spawn 100 feed start", "spawn 101 feed stop"])
        #expect(rig.output.lines.suffix(2) == [
            #"{"t_ms":70,"button":"jog","event":"cancelled"}"#,
            #"{"t_ms":70,"button":"feed","event":"cancelled"}"#,
        ])
        #expect(rig.engine.actions.holds == [.idle, .idle])
    }

    @Test func aFailedPressCommandEndsThePressAndTheLiftRunsNothingMore() throws {
        let rig = try EngineRig(config: holdConfig)
        rig.interrupt(0, report([(1, 450, 50, .down)]))
        #expect(rig.engine.actions.holds == [.idle, .held(command: 100)])
        rig.launcher.finished = [ReapedChild(pid: 100, termination: .signaled(SIGSEGV))]
        rig.engine.commandsFinished(rig.engine.actions.exec.reapFinished(), now: at(250))
        #expect(rig.launcher.transactions == ["spawn 100 feed start", "spawn 101 feed stop"])
        #expect(rig.launcher.launched[1].environment.map { "\($0.0)=\($0.1)" } == [
            "TOUCHPANEL_BUTTON=feed", "TOUCHPANEL_EVENT=command_failed",
        ])
        #expect(rig.log.lines == [
            #"[button feed] exec "feed start": killed by SIGSEGV (11)"#,
            "[button feed] on_press command ended while held (killed by SIGSEGV (11)); on_release runs now",
        ])
        rig.interrupt(400, report([(1, 450, 50, .up)]))
        #expect(rig.launcher.transactions == ["spawn 100 feed start", "spawn 101 feed stop", "spawn 102 feed tapped"])
    }

    @Test func aPressCommandThatSucceedsLeavesThePressHeld() throws {
        let rig = try EngineRig(config: holdConfig)
        rig.interrupt(0, report([(1, 450, 50, .down)]))
        rig.launcher.finished = [ReapedChild(pid: 100, termination: .exited(0))]
        rig.engine.commandsFinished(rig.engine.actions.exec.reapFinished(), now: at(250))
        #expect(rig.engine.actions.holds == [.idle, .held(command: 100)])
        rig.interrupt(400, report([(1, 450, 50, .up)]))
        #expect(rig.launcher.transactions == ["spawn 100 feed start", "spawn 101 feed stop", "spawn 102 feed tapped"])
        #expect(rig.launcher.launched[1].environment.map { "\($0.0)=\($0.1)" } == [
            "TOUCHPANEL_BUTTON=feed", "TOUCHPANEL_EVENT=released",
        ])
    }

    @Test func aFailedCommandOfAnEarlierPressEndsNothing() throws {
        let rig = try EngineRig(config: holdConfig)
        rig.interrupt(0, report([(1, 450, 50, .down)]))
        rig.interrupt(50, report([(1, 450, 50, .up)]))
        rig.interrupt(500, report([(2, 450, 50, .down)]))
        #expect(rig.engine.actions.holds == [.idle, .held(command: 103)])
        rig.launcher.finished = [ReapedChild(pid: 100, termination: .exited(1))]
        rig.engine.commandsFinished(rig.engine.actions.exec.reapFinished(), now: at(600))
        #expect(rig.engine.actions.holds == [.idle, .held(command: 103)])
        #expect(rig.launcher.transactions.count == 4)
    }

    @Test func theTransitionTable() {
        typealias Step = (HoldToRun, HoldToRun.Input, HoldToRun, HoldToRun.Effect)
        let steps: [Step] = [
            (.idle, .pressed, .held(command: nil), .runPress),
            (.idle, .released, .idle, .none),
            (.idle, .cancelled, .idle, .none),
            (.idle, .exit, .idle, .none),
            (.idle, .enter, .idle, .none),
            (.idle, .commandFailed(pid: 7), .idle, .none),
            (.held(command: 7), .pressed, .held(command: 7), .none),
            (.held(command: 7), .enter, .held(command: 7), .none),
            (.held(command: 7), .released, .idle, .runRelease),
            (.held(command: 7), .cancelled, .idle, .runRelease),
            (.held(command: nil), .exit, .idle, .runRelease),
            (.held(command: 7), .commandFailed(pid: 7), .idle, .runRelease),
            (.held(command: 7), .commandFailed(pid: 8), .held(command: 7), .none),
            (.held(command: nil), .commandFailed(pid: 8), .held(command: nil), .none),
        ]
        for (from, input, to, effect) in steps {
            let (state, actual) = HoldToRun.next(from, input)
            #expect(state == to, "\(from) + \(input)")
            #expect(actual == effect, "\(from) + \(input)")
        }
    }
}
