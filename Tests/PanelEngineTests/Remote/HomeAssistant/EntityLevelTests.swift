import Foundation
import LinuxSystem
import PanelConfig
@testable import PanelEngine
@testable import PanelTestSupport
import PanelDrivers
import Testing
import TouchCore

/// A dimmer and a thermostat's setpoint as sliders, a room temperature and a setpoint as
/// texts, all Home Assistant entities.
private let levelConfig = """
    [display]
    width = 800
    height = 480

    [controller]
    model = ft5406

    [homeassistant]
    url = http://127.0.0.1:8123
    token_file = /etc/touchpanel/ha-token

    [slider hall]
    rect = 100, 100, 400, 60
    entity = light.hall

    [slider study]
    rect = 100, 200, 400, 60
    entity = climate.study

    [text room]
    rect = 600, 100, 150, 60
    entity = sensor.room_temperature

    [text setpoint]
    rect = 600, 200, 150, 60
    entity = climate.study
    attribute = temperature
    format = %.1f °C
    """

private struct LevelRig {
    let rig: EngineRig
    let connection = FakeHomeAssistantConnection()
    let bridge: HomeAssistantBridge

    init() throws {
        rig = try EngineRig(config: levelConfig)
        bridge = HomeAssistantBridge(
            config: try #require(rig.engine.config.homeAssistant), token: "t0ken", connection: connection, log: rig.log, now: at(0),
            jitterSeed: 7)
        bridge.attach(rig.engine, now: at(0))
        bridge.turn([], engine: rig.engine, now: at(0))
        connection.pendingEvents = [.upgraded]
        connection.receive(#"{"type":"auth_required","ha_version":"2025.4.4"}"#)
        connection.receive(#"{"type":"auth_ok","ha_version":"2025.4.4"}"#)
        connection.receive(#"{"id":1,"type":"result","success":true,"result":null}"#)
        bridge.turn([], engine: rig.engine, now: at(1))
    }

    func receive(_ ms: Int64, _ json: String) {
        connection.receive(json)
        rig.tick(ms)
        bridge.turn([], engine: rig.engine, now: at(ms))
        rig.tick(ms)
    }

    func state(_ ms: Int64) -> String { rig.engine.control(.state, now: at(ms)) }
}

private let dump = #"""
    {"id":1,"type":"event","event":{"a":{
    "light.hall":{"s":"on","a":{"friendly_name":"Hall","brightness":128}},
    "climate.study":{"s":"heat","a":{"friendly_name":"Study","temperature":21.0,"current_temperature":20.5,"min_temp":7,"max_temp":30,"target_temp_step":0.5}},
    "sensor.room_temperature":{"s":"20.5","a":{"friendly_name":"Room temperature","unit_of_measurement":"°C"}}}}}
    """#

@Suite("Entity sliders and texts: a level shown and set, a state with its unit")
struct EntityLevelTests {
    @Test func theSubscriptionNamesEachEntityOnce() throws {
        let rig = try LevelRig()
        #expect(rig.connection.sent.last
            == #"{"id":1,"type":"subscribe_entities","entity_ids":["sensor.room_temperature","climate.study","light.hall"]}"#)
    }

    @Test func aLightsBrightnessIsShownInPercentAndAThermostatsSetpointAsIs() throws {
        let rig = try LevelRig()
        rig.receive(10, dump)
        #expect(rig.rig.engine.sliderSteps == [50, 28])
        #expect(rig.state(11).contains(#"{"name":"hall","entity":"light.hall","value":50,"held":false,"enabled":true}"#))
        #expect(rig.state(11).contains(#"{"name":"study","entity":"climate.study","value":21.0,"held":false,"enabled":true}"#))
        #expect(rig.state(11).contains(#"{"name":"room","entity":"sensor.room_temperature","text":"20.5 °C","known":true}"#))
        #expect(rig.state(11).contains(#"{"name":"setpoint","entity":"climate.study","text":"21.0 °C","known":true}"#))
        // The light goes off: no brightness any more, the slider at 0.
        rig.receive(20, #"{"id":1,"type":"event","event":{"c":{"light.hall":{"+":{"s":"off","a":{"brightness":null}}}}}}"#)
        #expect(rig.rig.engine.sliderSteps == [0, 28])
        rig.receive(30, #"{"id":1,"type":"event","event":{"c":{"climate.study":{"+":{"a":{"temperature":23.5}}}}}}"#)
        #expect(rig.rig.engine.sliderSteps == [0, 33])
        #expect(rig.state(31).contains(#""text":"23.5 °C""#))
    }

    @Test func aSliderWithoutALabelTakesTheFriendlyNameOnce() throws {
        let rig = try LevelRig()
        rig.receive(10, dump)
        // The texts' values took that turn's two labels; the sliders' come in the next. They
        // are at places 2 and 3, after the two texts; each label drawn once.
        #expect(!rig.rig.surface.calls.contains { $0.hasPrefix("label 2 ") || $0.hasPrefix("label 3 ") })
        rig.rig.tick(11)
        #expect(rig.rig.surface.calls.filter { $0.hasPrefix("label 2 ") || $0.hasPrefix("label 3 ") }
            == ["label 2 Hall", "label 3 Study"])
        rig.receive(20, #"{"id":1,"type":"event","event":{"c":{"light.hall":{"+":{"a":{"brightness":200}}}}}}"#)
        rig.receive(30, #"{"id":1,"type":"event","event":{"c":{"light.hall":{"+":{"a":{"friendly_name":"Hall lamp"}}}}}}"#)
        #expect(rig.rig.surface.calls.filter { $0.hasPrefix("label 2 ") } == ["label 2 Hall", "label 2 Hall lamp"])
    }

    @Test func aReleaseCallsTheDomainsServiceWithTheValue() throws {
        let rig = try LevelRig()
        rig.receive(10, dump)
        rig.rig.interrupt(100, report([(0, 300, 130, .down)]))    // 200 of 399: 50
        rig.rig.interrupt(120, report([(0, 420, 130, .contact)])) // 320 of 399: 80
        rig.rig.interrupt(140, report([(0, 420, 130, .up)]))
        rig.bridge.turn([], engine: rig.rig.engine, now: at(140))
        #expect(rig.connection.sent.last
            == #"{"id":2,"type":"call_service","domain":"light","service":"turn_on","service_data":{"brightness_pct":80},"target":{"entity_id":"light.hall"}}"#)
        // The thermostat's own range, 7 to 30 in 0.5: 46 steps over the 400 pixels.
        rig.rig.interrupt(200, report([(0, 300, 230, .down)]))    // 200 of 399 x 46 steps: 23, 18.5
        rig.rig.interrupt(240, report([(0, 330, 230, .up)]))      // 230 of 399 x 46: 26.5, step 27, 20.5
        #expect(rig.connection.sent.last
            == #"{"id":3,"type":"call_service","domain":"climate","service":"set_temperature","service_data":{"temperature":20.5},"target":{"entity_id":"climate.study"}}"#)
    }

    @Test func aSliderWithoutARangeTakesTheEntitysOwn() throws {
        let rig = try LevelRig()
        // Before the entity says, the climate default: 7 to 35.
        #expect(rig.rig.engine.control(.value(slider: "study", number: "33"), now: at(5)) == #"{"ok":true}"#)
        #expect(rig.state(6).contains(#"{"name":"study","entity":"climate.study","value":33.0,"#))
        rig.receive(10, dump)
        #expect(rig.rig.engine.control(.value(slider: "study", number: "33"), now: at(20)) == #"{"ok":true}"#)
        #expect(rig.state(21).contains(#"{"name":"study","entity":"climate.study","value":30.0,"#))
        #expect(rig.rig.log.lines.last == "[slider study] value 33 is outside 7.0..30.0: 30.0 shown")
        // A new range stated later is taken too.
        rig.receive(30, #"{"id":1,"type":"event","event":{"c":{"climate.study":{"+":{"a":{"max_temp":25,"target_temp_step":1}}}}}}"#)
        #expect(rig.rig.engine.control(.value(slider: "study", number: "30"), now: at(40)) == #"{"ok":true}"#)
        #expect(rig.state(41).contains(#"{"name":"study","entity":"climate.study","value":25,"#))
    }

    @Test func homeAssistantAwayDimsTheTextsAndLeavesTheSliders() throws {
        let rig = try LevelRig()
        rig.receive(10, dump)
        rig.connection.pendingEvents = [.closed(code: 0, reason: "connection refused")]
        rig.bridge.turn([], engine: rig.rig.engine, now: at(20))
        #expect(rig.state(21).contains(#"{"name":"room","entity":"sensor.room_temperature","text":"--","known":false}"#))
        #expect(rig.rig.engine.sliderSteps == [50, 28])
    }
}

@Suite("homeassistant trace lines: Home Assistant's events on the simulated board")
struct TracedEntitiesTests {
    @Test func anEventLineSetsTheEntitiesAndAnythingElseIsLogged() throws {
        let rig = try EngineRig(config: levelConfig)
        let traced = TracedEntities(engine: rig.engine, log: rig.log)
        traced.deliver(Array(dump.utf8), to: rig.engine, now: at(10), line: 1)
        #expect(rig.engine.sliderSteps == [50, 28])
        traced.deliver(Array(#"{"type":"pong","id":3}"#.utf8), to: rig.engine, now: at(20), line: 2)
        #expect(rig.log.lines.last == "trace line 2: a homeassistant message that is no event changes nothing")
        traced.deliver(Array("[1,2".utf8), to: rig.engine, now: at(30), line: 3)
        #expect(rig.log.lines.last == "trace line 3: a homeassistant message that is no JSON object changes nothing")
        #expect(rig.engine.sliderSteps == [50, 28])
    }
}
