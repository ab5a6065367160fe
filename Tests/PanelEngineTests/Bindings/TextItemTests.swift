import LinuxSystem
import PanelConfig
@testable import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

/// A wall clock that starts at 2026-11-26 10:59:58 UTC at 0 ms and writes times in UTC.
final class FixedWallClock: WallClock {
    let startEpochNs: Int64 = 1_795_690_798 * 1_000_000_000

    func epochNanoseconds(at instant: MonotonicInstant) -> Int64 {
        startEpochNs + instant.nanoseconds
    }

    func localText(_ format: String, epochSeconds: Int64, locale: TextLocale) -> String {
        let seconds = epochSeconds % 86_400
        let text = "\(seconds / 3600):\(seconds / 60 % 60 < 10 ? "0" : "")\(seconds / 60 % 60)"
        return format == "%H:%M:%S" ? text + ":\(seconds % 60 < 10 ? "0" : "")\(seconds % 60)" : text
    }
}

private let textConfig = """
    [display]
    width = 800
    height = 480

    [controller]
    model = ft5406

    [mqtt]
    host = 127.0.0.1
    client_id = hall

    [button lamp]
    rect = 0, 0, 200, 100
    on_tap = emit

    [text temp]
    rect = 300, 0, 200, 60
    topic = zigbee2mqtt/hall
    field = temperature
    format = %.1f °C
    stale_after_s = 600
    title = Hall temperature

    [text clock]
    rect = 300, 100, 200, 60
    time = %H:%M
    """

private struct TextRig {
    let rig: EngineRig

    init(config: String = textConfig) throws {
        rig = try EngineRig(config: config, wallClock: FixedWallClock())
    }

    func deliver(_ ms: Int64, _ payload: String, topic: String = "zigbee2mqtt/hall") {
        rig.engine.received(topic: topic, payload: Array(payload.utf8), now: at(ms))
        rig.tick(ms)
    }
}

@Suite("Text items: a topic's value in its format, stale and unknown as --, the time every minute")
struct TextItemTests {
    @Test func theValueIsWrittenInItsFormatAndDrawnOnce() throws {
        let rig = try TextRig()
        // At the start: -- for the topic, the time for the clock, both drawn in the first frame.
        #expect(rig.rig.surface.calls == ["label 2 10:59", "all 3", "frame 0"])
        rig.rig.surface.calls = []
        rig.deliver(100, #"{"temperature":21.456,"humidity":40}"#)
        #expect(rig.rig.surface.calls == ["label 1 21.5 °C", "draw 1 normal", "frame 100"])
        // The same text again costs nothing.
        rig.deliver(200, #"{"temperature":21.46}"#)
        #expect(rig.rig.surface.calls == ["label 1 21.5 °C", "draw 1 normal", "frame 100"])
        #expect(rig.rig.engine.control(.state, now: at(300)).hasSuffix(
            #""texts":[{"name":"temp","text":"21.5 °C","known":true},{"name":"clock","text":"10:59","known":true}]}"#))
    }

    @Test func aQuietTopicTurnsStaleAndTheBrokerGoingAwayShowsUnknown() throws {
        let rig = try TextRig()
        rig.deliver(100, #"{"temperature":20}"#)
        rig.rig.surface.calls = []
        #expect(rig.rig.engine.nextWakeup == at(2_000))
        rig.rig.tick(2_000)
        rig.rig.surface.calls = []
        rig.rig.tick(600_099)
        #expect(!rig.rig.surface.calls.contains("label 1 --"))
        rig.rig.surface.calls = []
        rig.rig.tick(600_100)
        #expect(rig.rig.surface.calls == ["label 1 --", "draw 1 unknown", "frame 600100"])
        rig.deliver(700_000, #"{"temperature":19.95}"#)
        rig.rig.surface.calls = []
        rig.rig.engine.brokerAvailabilityChanged(online: false, now: at(700_100))
        rig.rig.tick(700_100)
        #expect(rig.rig.surface.calls == ["label 1 --", "draw 1 unknown", "frame 700100"])
    }

    @Test func theClockIsWrittenAtEachMinute() throws {
        let rig = try TextRig()
        // 10:59:58 at 0 ms: the next minute begins 2 s later.
        #expect(rig.rig.engine.nextWakeup == at(2_000))
        rig.rig.surface.calls = []
        rig.rig.tick(2_000)
        #expect(rig.rig.surface.calls == ["label 2 11:00", "draw 2 normal", "frame 2000"])
        #expect(rig.rig.engine.nextWakeup == at(62_000))
    }

    @Test func aValueThatIsNoNumberForItsFormatIsIgnoredWithALogLine() throws {
        let rig = try TextRig()
        rig.deliver(100, #"{"temperature":"warm"}"#)
        rig.deliver(200, #"{"humidity":3}"#)
        #expect(rig.rig.log.lines == [
            #"mqtt: zigbee2mqtt/hall for [text temp]: ignored: "warm" is not a number for its format"#,
            "mqtt: zigbee2mqtt/hall for [text temp]: ignored: field temperature: the field is missing",
        ])
        #expect(rig.rig.engine.texts.shown[0] == TextItems.Shown(text: "--", isUnknown: true))
    }
}

@Suite("Text items in Home Assistant: a sensor each, mirroring what is shown")
struct TextItemDiscoveryTests {
    @Test func aSensorDocumentAndItsRetainedState() throws {
        let rig = try TextRig()
        let topics = MQTTTopics(prefix: "touchpanel/hall", discoveryPrefix: "homeassistant", nodeID: "hall")
        let documents = HomeAssistantDiscovery.documents(config: rig.rig.engine.config, topics: topics, deviceName: "Hall", qos: 1)
        let sensor = try #require(documents.first { $0.topic == "homeassistant/sensor/hall/temp_text/config" })
        #expect(String(decoding: sensor.payload, as: UTF8.self).hasPrefix(
            #"{"name":"Hall temperature","state_topic":"touchpanel/hall/text/temp","icon":"mdi:text","unique_id":"hall_temp_text","#))
        rig.deliver(100, #"{"temperature":21.456}"#)
        let states = MQTTBridge.states(of: rig.rig.engine, topics: topics).filter { $0.0.hasPrefix("touchpanel/hall/text/") }
        #expect(states.map { "\($0.0) \(String(decoding: $0.1, as: UTF8.self))" } == [
            "touchpanel/hall/text/temp 21.5 °C", "touchpanel/hall/text/clock 10:59",
        ])
    }
}

@Suite("Value formats and decimal rounding")
struct ValueFormatTests {
    private func written(_ value: String, _ format: String) -> String? {
        guard case .success(let parsed) = ValueFormat.parse(format) else { return "refused" }
        return TextItems.written(value, as: parsed)
    }

    @Test func formsOfTheFormat() {
        #expect(written("21.456", "%.1f °C") == "21.5 °C")
        #expect(written("0.125", "%.2f") == "0.13")
        #expect(written("-0.04", "%.1f") == "0.0")
        #expect(written("-2.5", "%d") == "-3")
        #expect(written("99.96", "%.1f") == "100.0")
        #expect(written("2.5e1", "%d %%") == "25 %")
        #expect(written("7", "%.3f") == "7.000")
        #expect(written(" 12 ", "%d W") == "12 W")
        #expect(written("idle", "state: %s") == "state: idle")
        #expect(written("idle", "%d") == nil)
        #expect(written("1e999", "%d") == nil)
        #expect(written("x", "%d%d") == "refused")
        #expect(written("x", "%x") == "refused")
        #expect(written("x", "no value") == "refused")
        #expect(written("x", "%.7f") == "refused")
    }

    /// glibc's flags and widths stand between `%` and the letter: `%-S` shows seconds too
    /// (issue 43: it was written once a minute).
    @Test func aFormatShowsSecondsWhateverFlagsItsLetterHas() {
        for format in ["%S", "%-S", "%_S", "%0S", "%^c", "%#X", "%10S", "%-10T", "%OS", "%Es", "%H:%M:%-S", "x%r"] {
            #expect(TextItems.showsSeconds(format), "\(format)")
        }
        for format in ["%H:%M", "%-M", "%%S", "%_H", "%10M", "%", "%-", "S"] {
            #expect(!TextItems.showsSeconds(format), "\(format)")
        }
    }

    @Test func aFormatReadsBackAsWritten() throws {
        for text in ["%.1f °C", "%d %%", "%s", "up %s%%"] {
            guard case .success(let format) = ValueFormat.parse(text) else {
                Issue.record("\(text) refused")
                continue
            }
            #expect(format.text == text)
        }
    }
}
