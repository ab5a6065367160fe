import Foundation
import LinuxSystem
import PanelConfig
@testable import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

private let presenceConfig = """
    [display]
    width = 800
    height = 480

    [controller]
    model = ft5406

    [button left]
    rect = 0, 0, 200, 100
    on_tap = exec echo left

    [backlight]
    brightness = 80
    dim_brightness = 20
    dim_after_s = 60
    off_after_s = 120

    [presence]
    line = 23
    debounce_ms = 200
    away_after_s = 30
    """

@Suite("Presence: the engine with virtual time")
struct PresenceEngineTests {
    @Test func presenceWakesAnOffPanelAndTheNextTouchIsNotSwallowed() throws {
        let device = RecordingBacklight(maxBrightness: 100)
        let rig = try EngineRig(config: presenceConfig, backlight: device)
        let engine = rig.engine
        // Nobody there from the start: off at the away time, 30 s, before the dim stage.
        #expect(engine.nextWakeup == at(30_000))
        rig.tick(30_000)
        #expect(engine.power == .off)
        #expect(device.writes == ["brightness 80", "power on", "power off"])
        // The line goes active at 40 s; it counts at 40.2 s and the panel wakes.
        engine.presenceEdge(true, at: at(40_000))
        #expect(engine.power == .off)
        #expect(engine.nextWakeup == at(40_200))
        rig.tick(40_200)
        #expect(engine.isPresent)
        #expect(engine.power == .awake)
        #expect(device.writes.suffix(2) == ["brightness 80", "power on"])
        #expect(rig.output.lines == [#"{"t_ms":40200,"event":"presence","present":true}"#])
        // Rule 13: no action started by it.
        #expect(rig.launcher.launched.isEmpty)
        // The next touch is a touch: pressed, released, its tap, its command.
        rig.interrupt(41_000, report([(0, 50, 50, .down)]))
        rig.interrupt(41_050, report([(0, 50, 50, .up)]))
        rig.tick(41_400)
        #expect(rig.output.lines.count == 4)
        #expect(rig.output.lines[1] == #"{"t_ms":41000,"button":"left","event":"pressed"}"#)
        #expect(rig.launcher.launched.count == 1)
    }

    @Test func aBounceShorterThanTheDebounceChangesNothing() throws {
        let rig = try EngineRig(config: presenceConfig, backlight: RecordingBacklight(maxBrightness: 100))
        rig.engine.presenceEdge(true, at: at(1_000))
        rig.engine.presenceEdge(false, at: at(1_150))
        #expect(rig.engine.nextWakeup == at(30_000))
        rig.tick(5_000)
        #expect(!rig.engine.isPresent)
        #expect(rig.output.lines == [])
    }

    @Test func whileSomeoneIsThereThePanelDoesNotBlankAndAwayAfterBlanksAtTheInstant() throws {
        let device = RecordingBacklight(maxBrightness: 100)
        let rig = try EngineRig(config: presenceConfig, backlight: device)
        let engine = rig.engine
        engine.presenceEdge(true, at: at(1_000))
        rig.tick(1_200)
        // Someone there: no idle deadline at all.
        #expect(engine.nextWakeup == nil)
        rig.tick(500_000)
        #expect(engine.power == .awake)
        // They leave at 600 s: nobody from 600.2 s, off at 630.2 s exactly.
        engine.presenceEdge(false, at: at(600_000))
        rig.tick(600_200)
        #expect(rig.output.lines.suffix(1) == [#"{"t_ms":600200,"event":"presence","present":false}"#])
        #expect(engine.nextWakeup == at(630_200))
        rig.tick(630_199)
        #expect(engine.power == .awake)
        rig.tick(630_200)
        #expect(engine.power == .off)
        #expect(device.writes.suffix(1) == ["power off"])
    }

    @Test func aTouchRestartsTheAwayCount() throws {
        let rig = try EngineRig(config: presenceConfig, backlight: RecordingBacklight(maxBrightness: 100))
        let engine = rig.engine
        engine.presenceEdge(true, at: at(1_000))
        engine.presenceEdge(false, at: at(10_000))
        rig.tick(10_200)
        #expect(engine.nextWakeup == at(40_200))
        rig.interrupt(20_000, report([(0, 50, 50, .down)]))
        rig.interrupt(20_050, report([(0, 50, 50, .up)]))
        rig.tick(20_400)
        #expect(engine.nextWakeup == at(50_050))
        rig.tick(50_049)
        #expect(engine.power == .awake)
        rig.tick(50_050)
        #expect(engine.power == .off)
    }

    @Test func aTopicAndAnEntityReportPresence() throws {
        let topicConfig = presenceConfig.replacingOccurrences(of: "line = 23\ndebounce_ms = 200\n", with: "topic = hall/pir\nfield = occupancy\n")
            + "\n[mqtt]\nhost = localhost\n"
        let rig = try EngineRig(config: topicConfig, backlight: RecordingBacklight(maxBrightness: 100))
        #expect(rig.engine.boundTopics.contains("hall/pir"))
        rig.engine.received(topic: "hall/pir", payload: Array(#"{"occupancy":true}"#.utf8), now: at(1_000))
        #expect(rig.engine.isPresent)
        rig.engine.received(topic: "hall/pir", payload: Array(#"{"occupancy":"maybe"}"#.utf8), now: at(2_000))
        #expect(rig.engine.isPresent)
        #expect(rig.log.lines.contains { $0.contains("hall/pir for [presence]: ignored") })
        rig.engine.received(topic: "hall/pir", payload: Array(#"{"occupancy":false}"#.utf8), now: at(3_000))
        #expect(!rig.engine.isPresent)
        #expect(rig.output.lines == [
            #"{"t_ms":1000,"event":"presence","present":true}"#,
            #"{"t_ms":3000,"event":"presence","present":false}"#,
        ])
        #expect(rig.engine.nextWakeup == at(33_000))
        for (payload, present) in [("ON", true), ("off", false), ("1", true), ("false", false)] {
            #expect(PresenceSensor.reading(Array(payload.utf8), field: nil) == present)
        }
        #expect(PresenceSensor.reading(Array("home".utf8), field: nil) == nil)

        let entityConfig = presenceConfig.replacingOccurrences(of: "line = 23\ndebounce_ms = 200\n", with: "entity = binary_sensor.hall\n")
            + "\n[homeassistant]\nurl = http://192.168.1.10:8123\ntoken_file = /etc/touchpanel/ha-token\n"
        let entityRig = try EngineRig(config: entityConfig, backlight: RecordingBacklight(maxBrightness: 100))
        let hall = EntityID("binary_sensor.hall")!
        #expect(entityRig.engine.boundEntities == [hall])
        entityRig.engine.entityReported(hall, EntityState(state: "unavailable"), now: at(500))
        #expect(!entityRig.engine.isPresent)
        entityRig.engine.entityReported(hall, EntityState(state: "on"), now: at(1_000))
        #expect(entityRig.engine.isPresent)
        #expect(entityRig.output.lines == [#"{"t_ms":1000,"event":"presence","present":true}"#])
    }

    @Test func ctlStateMQTTAndHomeAssistantSayWhetherSomeoneIsThere() throws {
        let rig = try EngineRig(config: presenceConfig, backlight: RecordingBacklight(maxBrightness: 100))
        let topics = MQTTTopics(prefix: "touchpanel/hall", discoveryPrefix: "homeassistant", nodeID: "hall")
        func presence() -> [String] {
            MQTTBridge.states(of: rig.engine, topics: topics).filter { $0.0 == "touchpanel/hall/presence" }
                .map { String(decoding: $0.1, as: UTF8.self) }
        }
        #expect(presence() == ["OFF"])
        #expect(rig.engine.control(.state, now: at(100)).hasPrefix(
            #"{"ok":true,"backlight":{"power":"awake","brightness":80},"present":false,"#))
        rig.engine.presenceEdge(true, at: at(1_000))
        rig.tick(1_200)
        #expect(presence() == ["ON"])
        #expect(rig.engine.control(.state, now: at(1_300)).hasPrefix(
            #"{"ok":true,"backlight":{"power":"awake","brightness":80},"present":true,"#))
        let documents = HomeAssistantDiscovery.documents(config: rig.engine.config, topics: topics, deviceName: "Hall", qos: 1)
        let sensor = try #require(documents.last)
        #expect(sensor.topic == "homeassistant/binary_sensor/hall/presence/config")
        #expect(String(decoding: sensor.payload, as: UTF8.self).hasPrefix(
            #"{"name":"Presence","state_topic":"touchpanel/hall/presence","payload_on":"ON","payload_off":"OFF","device_class":"occupancy","unique_id":"hall_presence","#))
    }
}
