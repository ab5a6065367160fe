import CLinux
import LinuxSystem
import PanelConfig
import PanelDrivers
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

/// A machine's jog pair: forward drives line 17, reverse line 18, each while held; one
/// interlock group, so two fingers never drive both relays.
private let jogConfig = """
    [display]
    width = 800
    height = 480

    [controller]
    model = ft5406

    [touch]
    lost_ms = 1000

    [button forward]
    rect = 0, 0, 200, 100
    interlock = jog
    on_press = gpio gpiochip0 17 on
    on_release = gpio gpiochip0 17 off

    [button reverse]
    rect = 400, 0, 200, 100
    interlock = jog
    on_press = gpio gpiochip0 18 on
    on_release = gpio gpiochip0 18 off
    """

/// The same pair driving the motor through commands that keep running after the lift.
private let commandJogConfig = """
    [display]
    width = 800
    height = 480

    [controller]
    model = ft5406

    [button forward]
    rect = 0, 0, 200, 100
    interlock = jog
    on_press = exec jog forward

    [button reverse]
    rect = 400, 0, 200, 100
    interlock = jog
    on_press = exec jog reverse
    """

@Suite("Interlocks on the engine: two relays of one group are never on together")
struct InterlockTests {
    @Test func twoFingersOnForwardAndReverseDriveOnlyTheFirstRelay() throws {
        let rig = try EngineRig(config: jogConfig)
        rig.interrupt(100, report([(0, 50, 50, .down)]))
        rig.interrupt(140, report([(0, 50, 50, .contact), (1, 450, 50, .down)]))
        rig.interrupt(180, report([(0, 50, 50, .contact), (1, 450, 50, .contact)]))
        rig.interrupt(300, report([(0, 50, 50, .up), (1, 450, 50, .contact)]))
        rig.interrupt(400, report([(1, 450, 50, .up)]))
        #expect(rig.pulseLine.levels == [true, false])
        #expect(rig.toggleLine.levels == [])
        #expect(rig.output.lines == [
            #"{"t_ms":100,"button":"forward","event":"pressed"}"#,
            #"{"t_ms":300,"button":"forward","event":"released"}"#,
        ])
        #expect(rig.log.lines == ["[button reverse] touch ignored: interlock jog is held by [button forward]"])
        #expect(rig.surface.calls == ["all 2", "frame 0", "draw 0 pressed", "frame 100", "draw 0 normal", "frame 300"])
    }

    @Test func aCommandStillRunningAfterTheLiftHoldsTheGroupUntilItIsReaped() throws {
        let rig = try EngineRig(config: commandJogConfig)
        rig.interrupt(100, report([(0, 50, 50, .down)]))
        rig.interrupt(200, report([(0, 50, 50, .up)]))
        rig.interrupt(300, report([(1, 450, 50, .down)]))
        rig.interrupt(350, report([(1, 450, 50, .up)]))
        #expect(rig.launcher.transactions == ["spawn 100 jog forward"])
        rig.launcher.finished = [ReapedChild(pid: 100, termination: .exited(0))]
        rig.engine.commandsFinished(rig.engine.actions.exec.reapFinished(), now: at(500))
        rig.interrupt(600, report([(2, 450, 50, .down)]))
        rig.interrupt(650, report([(2, 450, 50, .up)]))
        #expect(rig.launcher.transactions == ["spawn 100 jog forward", "spawn 101 jog reverse"])
        #expect(rig.log.lines == ["[button reverse] touch ignored: interlock jog is held by [button forward]"])
    }
}
