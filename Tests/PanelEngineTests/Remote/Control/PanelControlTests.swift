import LinuxSystem
import PanelConfig
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

private let controlConfig = """
    [display]
    width = 800
    height = 480

    [controller]
    model = ft5406

    [backlight]
    dim_after_s = 10
    off_after_s = 20

    [button heat]
    rect = 0, 0, 200, 100
    label = Heating
    latch = yes
    on_tap = exec heating toggle

    [button fan]
    rect = 400, 0, 200, 100
    on_tap = emit
    """

@Suite("Control commands on a running engine: drawn in the next turn, answered in JSON")
struct PanelControlTests {
    @Test func labelLatchAndEnabledAreDrawnInTheNextTurnOnceEach() throws {
        let rig = try EngineRig(config: controlConfig, backlight: RecordingBacklight())
        rig.surface.calls = []
        #expect(rig.engine.control(.label(button: "fan", text: "Fan \"2\""), now: at(100)) == #"{"ok":true}"#)
        #expect(rig.engine.control(.latch(button: "heat", on: true), now: at(200)) == #"{"ok":true}"#)
        #expect(rig.engine.control(.latch(button: "heat", on: true), now: at(250)) == #"{"ok":true}"#)
        #expect(rig.engine.control(.enable(button: "fan", enabled: false), now: at(300)) == #"{"ok":true}"#)
        // Nothing is drawn while commands come in; the engine asks for a turn at once.
        #expect(rig.surface.calls == [])
        #expect(rig.engine.nextWakeup == at(0))
        rig.tick(300)
        #expect(rig.surface.calls == ["label 1 Fan \"2\"", "draw 0 on", "draw 1 disabled", "frame 300"])
        #expect(!rig.engine.hasOutsideChangesToDraw)
        #expect(rig.engine.nextWakeup == at(10_000))  // the idle blanking's next step
        // Setting a latch runs no action; the state says what is set.
        #expect(rig.launcher.launched.isEmpty)
        #expect(rig.engine.control(.state, now: at(400)) == """
            {"ok":true,"backlight":{"power":"awake","brightness":100},"buttons":[\
            {"name":"heat","label":"Heating","enabled":true,"on":true},\
            {"name":"fan","label":"Fan \\"2\\"","enabled":false}]}
            """)
    }

    /// Issue 23: a flood of labels costs each turn at most `labelsPerTurn` rasterisations,
    /// and only the newest text of each button is rasterised at all.
    @Test func aFloodOfLabelsIsRasterisedNewestOnlyAtMostTwoATurn() throws {
        let rig = try EngineRig(config: controlConfig + "\n\n[button one]\nrect = 0, 200, 200, 100\non_tap = emit\n")
        rig.surface.calls = []
        for n in 1...50 {
            _ = rig.engine.control(.label(button: "fan", text: "Fan \(n)"), now: at(100))
            _ = rig.engine.control(.label(button: "heat", text: "Heat \(n)"), now: at(100))
        }
        _ = rig.engine.control(.label(button: "one", text: "One"), now: at(100))
        rig.tick(100)
        #expect(rig.surface.calls == ["label 0 Heat 50", "label 1 Fan 50", "draw 0 normal", "draw 1 normal", "frame 100"])
        #expect(rig.engine.hasOutsideChangesToDraw)
        rig.tick(101)
        #expect(rig.surface.calls.suffix(3) == ["label 2 One", "draw 2 normal", "frame 101"])
        #expect(!rig.engine.hasOutsideChangesToDraw)
        #expect(rig.engine.control(.state, now: at(102)).contains(#""label":"Fan 50""#))
    }

    @Test func aDisabledButtonIgnoresTheNextTouchAndTakesTouchesWhenEnabledAgain() throws {
        let rig = try EngineRig(config: controlConfig)
        _ = rig.engine.control(.enable(button: "fan", enabled: false), now: at(0))
        rig.interrupt(100, report([(0, 450, 50, .down)]))
        rig.interrupt(150, report([(0, 450, 50, .up)]))
        #expect(rig.output.lines == [])
        _ = rig.engine.control(.enable(button: "fan", enabled: true), now: at(200))
        rig.interrupt(300, report([(1, 450, 50, .down)]))
        rig.interrupt(350, report([(1, 450, 50, .up)]))
        #expect(rig.output.lines == [
            #"{"t_ms":300,"button":"fan","event":"pressed"}"#,
            #"{"t_ms":350,"button":"fan","event":"released"}"#,
            #"{"t_ms":350,"button":"fan","event":"tap","taps":1}"#,
        ])
    }

    @Test func aLatchSetFromOutsideIsWhatTheNextTapToggles() throws {
        let rig = try EngineRig(config: controlConfig)
        _ = rig.engine.control(.latch(button: "heat", on: true), now: at(0))
        rig.interrupt(100, report([(0, 50, 50, .down)]))
        rig.interrupt(150, report([(0, 50, 50, .up)]))
        #expect(rig.launcher.launched.map { $0.environment.map { "\($0.0)=\($0.1)" } } == [
            ["TOUCHPANEL_BUTTON=heat", "TOUCHPANEL_EVENT=tap", "TOUCHPANEL_TAPS=1", "TOUCHPANEL_STATE=off"],
        ])
    }

    @Test func brightnessWakeAndBlank() throws {
        let device = RecordingBacklight(maxBrightness: 200)
        let rig = try EngineRig(config: controlConfig, backlight: device)
        #expect(rig.engine.control(.brightness(percent: 30), now: at(10)) == #"{"ok":true}"#)
        #expect(rig.engine.control(.blank, now: at(20)) == #"{"ok":true}"#)
        #expect(rig.engine.nextWakeup == nil)
        #expect(rig.engine.control(.wake, now: at(30)) == #"{"ok":true}"#)
        #expect(rig.engine.nextWakeup == at(10_030))
        #expect(device.writes == ["brightness 200", "power on", "brightness 60", "power off", "brightness 60", "power on"])
    }

    @Test func mistakesAreAnsweredAndChangeNothing() throws {
        let rig = try EngineRig(config: controlConfig)
        rig.surface.calls = []
        #expect(rig.engine.control(.label(button: "pump", text: "x"), now: at(0)) == #"{"ok":false,"error":"no button \"pump\"; buttons: heat, fan"}"#)
        #expect(rig.engine.control(.latch(button: "fan", on: true), now: at(0))
            == #"{"ok":false,"error":"button fan is no latch button (latch = yes in its section)"}"#)
        // This rig has [backlight] in its config but no device behind it.
        #expect(rig.engine.control(.wake, now: at(0)) == #"{"ok":false,"error":"no [backlight] in engine.ini"}"#)
        #expect(rig.surface.calls == [])
    }
}
