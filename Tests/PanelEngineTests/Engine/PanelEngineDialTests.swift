import LinuxSystem
import PanelConfig
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

/// Dials in the engine (rule 14): their event lines say "dial", `on_change` sees
/// TOUCHPANEL_DIAL, `ctl dial` sets them, and `ctl state` lists them as "dials".
@Suite("Panel engine: dials")
struct PanelEngineDialTests {
    /// A slider and a dial of 10..30 by 0.5 (centre 220,220, band 24) at 21.5, run by exec.
    static let config = """
        [display]
        width = 800
        height = 480

        [controller]
        model = ft5406

        [slider dimmer]
        rect = 400, 400, 300, 60
        on_change = emit

        [dial heat]
        rect = 100, 100, 240, 240
        min = 10
        max = 30
        step = 0.5
        value = 21.5
        on_change = exec set-heat $VALUE
        """

    @Test func aTurnWritesDialLinesAndRunsItsActionWithTheValue() throws {
        let rig = try EngineRig(config: PanelEngineDialTests.config)
        rig.interrupt(100, report([(0, 220, 112, .down)]))      // the top: 20.0
        rig.interrupt(120, report([(0, 296, 144, .contact)]))   // 45 degrees: 23.5
        rig.interrupt(140, report([(0, 296, 144, .up)]))
        #expect(rig.output.lines == [
            #"{"t_ms":100,"dial":"heat","event":"pressed"}"#,
            #"{"t_ms":140,"dial":"heat","event":"released"}"#,
            #"{"t_ms":140,"dial":"heat","event":"value","value":23.5}"#,
        ])
        let environment = try #require(rig.launcher.launched.first).environment
        #expect(environment.first { $0.0 == "TOUCHPANEL_DIAL" }?.1 == "heat")
        #expect(environment.first { $0.0 == "TOUCHPANEL_SLIDER" } == nil)
        #expect(environment.first { $0.0 == "VALUE" }?.1 == "23.5")
    }

    @Test func ctlDialSetsItAndCtlStateListsTheDialsOnTheirOwn() throws {
        let rig = try EngineRig(config: PanelEngineDialTests.config)
        let command = try ControlCommand.parse("dial heat 25").get()
        #expect(command == .value(slider: "heat", number: "25"))
        #expect(rig.engine.control(command, now: at(50)) == #"{"ok":true}"#)
        #expect(rig.engine.sliderSteps == [0, 30])
        #expect(rig.engine.control(.value(slider: "heat", number: "40"), now: at(60)) == #"{"ok":true}"#)
        #expect(rig.log.lines.last == "[dial heat] value 40 is outside 10.0..30.0: 30.0 shown")
        let state = rig.engine.control(.state, now: at(70))
        #expect(state.contains(#""sliders":[{"name":"dimmer","value":0,"held":false,"enabled":true}],"dials":[{"name":"heat","value":30.0,"held":false,"enabled":true}]"#))
    }
}
