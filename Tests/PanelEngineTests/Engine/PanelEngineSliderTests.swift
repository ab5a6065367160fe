import LinuxSystem
import PanelConfig
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

/// Sliders in the engine: their event lines, `on_change` with the value, what is drawn (a
/// whole frame, then the slider alone per change), `ctl value`, and a page change.
@Suite("Panel engine: sliders")
struct PanelEngineSliderTests {
    /// A dimmer across x 100..499 (0-100 in steps of 5, at 40), sending at the lift; a
    /// setpoint sending while dragged, by exec; on the second page, a tank.
    static let config = """
        [display]
        width = 800
        height = 480

        [controller]
        model = ft5406

        [page home]
        swipe_left = page next

        [page tanks]
        swipe_right = page prev

        [button lamp]
        page = home
        rect = 600, 300, 150, 100
        on_tap = emit

        [slider dimmer]
        page = home
        rect = 100, 100, 400, 60
        step = 5
        value = 40
        on_change = mqtt lamp/set {"brightness": $VALUE}

        [slider heat]
        page = home
        rect = 100, 200, 400, 60
        min = 16
        max = 28
        step = 0.5
        value = 20
        send = drag
        send_ms = 200
        on_change = exec set-heat $VALUE

        [slider tank]
        page = tanks
        rect = 700, 20, 60, 300
        readonly = yes
        """

    @Test func aDragWritesItsLinesSendsOnceAtTheLiftAndRepaintsTheSliderAlone() throws {
        let rig = try EngineRig(config: PanelEngineSliderTests.config)
        // One index space of items: the button at place 0, the sliders at 1 to 3 (the third on
        // another page); a whole frame draws each shown slider too.
        #expect(rig.surface.calls == ["all 4", "slider 1 160", "slider 2 133", "frame 0"])
        rig.interrupt(100, report([(0, 300, 130, .down)]))     // 200 of 399: step 10 of 20, value 50
        rig.interrupt(120, report([(0, 420, 130, .contact)]))  // 320: step 16, value 80
        rig.interrupt(140, report([(0, 420, 130, .up)]))
        #expect(rig.output.lines == [
            #"{"t_ms":100,"slider":"dimmer","event":"pressed"}"#,
            #"{"t_ms":140,"slider":"dimmer","event":"released"}"#,
            #"{"t_ms":140,"slider":"dimmer","event":"value","value":80}"#,
        ])
        #expect(rig.surface.calls.suffix(6) == ["slider 1 200 pressed", "frame 100", "slider 1 320 pressed", "frame 120", "slider 1 320", "frame 140"])
        #expect(rig.engine.sliderSteps == [16, 8, 0])
        // No broker: the mqtt action is dropped, and says so.
        #expect(rig.log.lines.last == "[button dimmer] mqtt lamp/set: dropped, the panel has no broker connection")
    }

    @Test func sendDragRunsItsExecWithTheValueAtMostEverySendMs() throws {
        let rig = try EngineRig(config: PanelEngineSliderTests.config)
        rig.interrupt(100, report([(0, 300, 230, .down)]))     // 200 of 399 x 24 steps: 12, 22.0
        rig.interrupt(150, report([(0, 320, 230, .contact)]))  // 13: 22.5, within send_ms
        rig.tick(300)                                          // due at 300: 22.5 sent
        rig.interrupt(320, report([(0, 320, 230, .up)]))       // and at the lift
        #expect(rig.output.lines.filter { $0.contains("value") } == [
            #"{"t_ms":100,"slider":"heat","event":"value","value":22.0}"#,
            #"{"t_ms":300,"slider":"heat","event":"value","value":22.5}"#,
            #"{"t_ms":320,"slider":"heat","event":"value","value":22.5}"#,
        ])
        #expect(rig.launcher.launched.map { $0.command } == ["set-heat $VALUE", "set-heat $VALUE", "set-heat $VALUE"])
        let environment = rig.launcher.launched[1].environment
        #expect(environment.first { $0.0 == "TOUCHPANEL_VALUE" }?.1 == "22.5")
        #expect(environment.first { $0.0 == "VALUE" }?.1 == "22.5")
        #expect(environment.first { $0.0 == "TOUCHPANEL_SLIDER" }?.1 == "heat")
        #expect(environment.first { $0.0 == "TOUCHPANEL_EVENT" }?.1 == "value")
    }

    @Test func ctlValueIsDrawnClampedAndHeldBackWhileAFingerIsOnTheSlider() throws {
        let rig = try EngineRig(config: PanelEngineSliderTests.config)
        #expect(rig.engine.control(.value(slider: "dimmer", number: "65"), now: at(50)) == #"{"ok":true}"#)
        rig.tick(51)
        #expect(rig.engine.sliderSteps[0] == 13)
        #expect(rig.surface.calls.suffix(2) == ["slider 1 260", "frame 50"])
        #expect(rig.engine.control(.value(slider: "dimmer", number: "130"), now: at(60)) == #"{"ok":true}"#)
        #expect(rig.engine.sliderSteps[0] == 20)
        #expect(rig.log.lines.last == "[slider dimmer] value 130 is outside 0..100: 100 shown")
        rig.interrupt(100, report([(0, 300, 130, .down)]))
        _ = rig.engine.control(.value(slider: "dimmer", number: "5"), now: at(110))
        #expect(rig.engine.sliderSteps[0] == 10)  // the finger's, not 5
        #expect(rig.engine.control(.value(slider: "dimmer", number: "bright"), now: at(120))
            == #"{"ok":false,"error":"value takes a number for slider dimmer, not \"bright\""}"#)
        #expect(rig.engine.control(.value(slider: "fan", number: "1"), now: at(120))
            == #"{"ok":false,"error":"no slider or dial \"fan\"; sliders and dials: dimmer, heat, tank"}"#)
        let state = rig.engine.control(.state, now: at(130))
        #expect(state.contains(#""sliders":[{"name":"dimmer","value":50,"held":true,"enabled":true},{"name":"heat","value":20.0,"held":false,"enabled":true},{"name":"tank","value":0,"held":false,"enabled":true}]"#))
    }

    /// `ctl disable` and `ctl enable` on a slider: drawn in its disabled colours, it takes no
    /// touch that goes down while disabled; one held when it is disabled ends as it would. The
    /// disabled state is kept across a restart like a button's.
    @Test func ctlDisableAndEnableASlider() throws {
        let rig = try EngineRig(config: PanelEngineSliderTests.config)
        let dimmer = try PanelConfigLoader.parse(text: PanelEngineSliderTests.config, file: "engine.ini").sliders[0]
        #expect(rig.engine.control(.enable(button: "dimmer", enabled: false), now: at(50)) == #"{"ok":true}"#)
        rig.tick(51)
        #expect(rig.surface.calls.suffix(2) == ["slider 1 160", "frame 51"])
        #expect(rig.surface.sliderLooks.last == dimmer.look(step: 8, enabled: false))
        #expect(rig.engine.keptState == [.enable(button: "dimmer", enabled: false)])
        rig.interrupt(100, report([(0, 300, 130, .down)]))
        rig.interrupt(140, report([(0, 300, 130, .up)]))
        #expect(rig.output.lines.isEmpty)
        #expect(rig.engine.sliderSteps[0] == 8)
        #expect(rig.engine.control(.state, now: at(150)).contains(#"{"name":"dimmer","value":40,"held":false,"enabled":false}"#))
        // Enabled again, and disabled while a finger is on it: that touch goes on to its lift.
        _ = rig.engine.control(.enable(button: "dimmer", enabled: true), now: at(200))
        rig.tick(201)
        #expect(rig.surface.sliderLooks.last == dimmer.look(step: 8))
        rig.interrupt(300, report([(0, 300, 130, .down)]))
        _ = rig.engine.control(.enable(button: "dimmer", enabled: false), now: at(310))
        rig.tick(311)
        #expect(rig.surface.sliderLooks.last == dimmer.look(step: 10, pressed: true))
        rig.interrupt(340, report([(0, 300, 130, .up)]))
        #expect(rig.output.lines == [
            #"{"t_ms":300,"slider":"dimmer","event":"pressed"}"#,
            #"{"t_ms":340,"slider":"dimmer","event":"released"}"#,
            #"{"t_ms":340,"slider":"dimmer","event":"value","value":50}"#,
        ])
        #expect(rig.surface.sliderLooks.last == dimmer.look(step: 10, enabled: false))
        #expect(rig.engine.control(.enable(button: "fan", enabled: true), now: at(400))
            == #"{"ok":false,"error":"no button or slider \"fan\"; buttons: lamp; sliders: dimmer, heat, tank"}"#)
    }

    /// A slider with a format: each look drawn carries its value's glyphs ("80 %" after the
    /// drag), made by the engine without a String.
    @Test func eachLookCarriesItsValueText() throws {
        let text = PanelEngineSliderTests.config.replacingOccurrences(
            of: "value = 40\n", with: "value = 40\nformat = %d %%\n")
        let rig = try EngineRig(config: text)
        let dimmer = try PanelConfigLoader.parse(text: text, file: "engine.ini").sliders[0]
        let format = try #require(dimmer.valueFormat)
        #expect(rig.surface.sliderLooks.first?.valueText == format.glyphs(ofStep: 8))   // 40 %
        rig.interrupt(100, report([(0, 300, 130, .down)]))
        rig.interrupt(120, report([(0, 420, 130, .contact)]))
        let shown = try #require(rig.surface.sliderLooks.last?.valueText)
        #expect((0..<shown.count).map { shown[$0] } == [8, 0, 12, 13])   // "80 %": 8, 0, then " " and "%"
        #expect(rig.surface.sliderLooks[2].valueText == format.glyphs(ofStep: 10))   // after the first frame's two: the down, 50 %
    }

    @Test func aPageChangeUnderAHeldSliderRestoresItAndDrawsTheNewPagesSliders() throws {
        let rig = try EngineRig(config: PanelEngineSliderTests.config)
        rig.interrupt(100, report([(0, 300, 130, .down)]))
        _ = rig.engine.control(.page(.named("tanks")), now: at(150))
        #expect(rig.output.lines == [
            #"{"t_ms":100,"slider":"dimmer","event":"pressed"}"#,
            #"{"t_ms":150,"slider":"dimmer","event":"cancelled"}"#,
            #"{"t_ms":150,"event":"page","page":"tanks"}"#,
        ])
        #expect(rig.engine.sliderSteps[0] == 8)
        #expect(rig.surface.calls.suffix(3) == ["all 4", "slider 3 0", "frame 150"])
        rig.interrupt(200, report([(0, 730, 100, .contact)]))
        rig.interrupt(220, report([(0, 730, 100, .up)]))
        rig.interrupt(300, report([(1, 730, 100, .down)]))   // the tank is read-only
        rig.interrupt(340, report([(1, 730, 50, .up)]))
        #expect(rig.output.lines.count == 3)
    }

    /// Issue 26's echo race: a Zigbee lamp's brightness (0-254) bound to a 0-100 dimmer. Its
    /// echoes while the finger is down, and older ones within settle_ms, never move the fill;
    /// the echo of what was sent ends the wait, and the next report is drawn at once.
    @Test func aBoundDimmerIgnoresEchoesWhileHeldAndSettling() throws {
        let rig = try EngineRig(config: """
            [display]
            width = 800
            height = 480

            [controller]
            model = ft5406

            [mqtt]
            host = 127.0.0.1

            [slider dimmer]
            rect = 100, 100, 400, 60
            value_topic = zigbee2mqtt/lamp
            value_field = brightness
            value_scale = 254
            on_change = mqtt zigbee2mqtt/lamp/set {"brightness_percent": $VALUE}
            """)
        #expect(rig.engine.boundTopics == ["zigbee2mqtt/lamp"])
        rig.engine.received(topic: "zigbee2mqtt/lamp", payload: Array(#"{"state":"ON","brightness":127}"#.utf8), now: at(10))
        #expect(rig.engine.sliderSteps == [50])   // 127 of 254
        rig.interrupt(100, report([(0, 420, 130, .down)]))   // 80
        rig.engine.received(topic: "zigbee2mqtt/lamp", payload: Array(#"{"brightness":127}"#.utf8), now: at(120))
        rig.interrupt(140, report([(0, 460, 130, .contact)]))   // 90
        rig.engine.received(topic: "zigbee2mqtt/lamp", payload: Array(#"{"brightness":203}"#.utf8), now: at(150))
        #expect(rig.engine.sliderSteps == [90])
        rig.interrupt(200, report([(0, 460, 130, .up)]))   // sends 90
        rig.engine.received(topic: "zigbee2mqtt/lamp", payload: Array(#"{"brightness":203}"#.utf8), now: at(300))   // an older echo
        #expect(rig.engine.sliderSteps == [90])
        rig.engine.received(topic: "zigbee2mqtt/lamp", payload: Array(#"{"brightness":229}"#.utf8), now: at(400))   // 90: the echo
        rig.engine.received(topic: "zigbee2mqtt/lamp", payload: Array(#"{"brightness":254}"#.utf8), now: at(500))
        #expect(rig.engine.sliderSteps == [100])
        rig.engine.received(topic: "zigbee2mqtt/lamp", payload: Array(#"{"brightness":"dim"}"#.utf8), now: at(600))
        rig.engine.received(topic: "zigbee2mqtt/lamp", payload: Array(#"{"brightness":300}"#.utf8), now: at(700))
        #expect(rig.engine.sliderSteps == [100])
        #expect(rig.log.lines.suffix(2) == [
            #"mqtt: zigbee2mqtt/lamp for [slider dimmer]: ignored: "dim" is not a number"#,
            "mqtt: zigbee2mqtt/lamp for [slider dimmer]: 300 is outside its range: 100 shown",
        ])
    }
}
