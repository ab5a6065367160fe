import CLinux
import Foundation
import LinuxSystem
import PanelConfig
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

/// The display, controller and backlight every config of these tests has.
private let panelHead = """
    [display]
    width = 800
    height = 480

    [controller]
    model = ft5406

    [backlight]
    dim_after_s = 100
    off_after_s = 200

    """

/// `[mqtt]` of `mqttConfig` and of `reloadedConfig`.
private let mqttSection = """
    [mqtt]
    host = 127.0.0.1
    client_id = hall.panel
    queue = 4
    keepalive_s = 20

    """

private let mqttConfig = panelHead + "\n" + mqttSection + "\n" + """
    [button heat]
    rect = 0, 0, 200, 100
    label = Heating
    latch = yes
    on_tap = emit

    [button fan]
    rect = 400, 0, 200, 100
    on_tap = emit
    on_double_tap = emit
    """

/// An engine over fakes with the bridge over a fake connection, both at 0 ms.
private struct BridgeRig {
    let rig: EngineRig
    let connection = FakeMQTTConnection()
    let bridge: MQTTBridge

    init(config: String = mqttConfig) throws {
        rig = try EngineRig(config: config, backlight: RecordingBacklight())
        let mqtt = try #require(rig.engine.config.mqtt)
        bridge = MQTTBridge(
            settings: MQTTBridge.Settings(config: mqtt, hostName: "board"), connection: connection, log: rig.log, now: at(0),
            jitterSeed: 7)
        bridge.attach(rig.engine)
    }

    /// A loop turn at `ms`; `readable`: the socket polled readable.
    func turn(_ ms: Int64, readable: Bool = false) {
        bridge.turn(revents: readable ? .readable : [], engine: rig.engine, now: at(ms))
    }

    /// Connected at `ms`: the connect call, the CONNACK read, and what that published
    /// acknowledged.
    func connect(at ms: Int64) {
        turn(ms)
        connection.pendingEvents = [.connected(code: 0)]
        turn(ms + 1, readable: true)
        connection.acknowledgeAll()
        turn(ms + 2, readable: true)
    }

    /// A tap on the fan at `downMs` (lifted 50 ms later), the bridge's turn after each
    /// step as in the loop.
    func tapFan(_ downMs: Int64, id: UInt8 = 0) {
        rig.interrupt(downMs, report([(id, 450, 50, .down)]))
        turn(downMs)
        rig.interrupt(downMs + 50, report([(id, 450, 50, .up)]))
        turn(downMs + 50)
    }
}

private let prefix = "touchpanel/hall_panel"

/// `mqttConfig` reloaded with the fan removed and the heat no longer a latch.
private let reloadedConfig = panelHead + mqttSection + """
    [button heat]
    rect = 0, 0, 200, 100
    label = Heating
    on_tap = emit
    """

/// The documents `reloadedConfig` has through `bridge`, as they are published.
private func reloadedDocuments(_ bridge: MQTTBridge) -> [HomeAssistantDiscovery.Document] {
    bridge.discoveryDocuments(for: try! PanelConfigLoader.parse(text: reloadedConfig, file: "reloaded.ini"))
}

/// Buttons `b0` ... under the fan, three documents each: with the config's own eight, more
/// than the in-flight window holds.
private func smallButtons(_ count: Int) -> String {
    (0..<count).map { "\n[button b\($0)]\nrect = \($0 * 100), 200, 90, 90\non_tap = emit\n" }.joined()
}

/// A publish of one of the fan's events or gestures (not its retained state).
private func isFanEvent(_ call: String) -> Bool {
    call.contains("/button/fan/event ") || call.contains("/button/fan/gesture ")
}

@Suite("The MQTT bridge: what goes to the broker and what comes from it, over a fake connection")
struct MQTTBridgeTests {
    @Test func onConnectItAnnouncesSubscribesDiscoversAndPublishesTheState() throws {
        let rig = try BridgeRig()
        rig.turn(0)
        #expect(rig.connection.calls == ["connect"])
        rig.connection.pendingEvents = [.connected(code: 0)]
        rig.turn(3, readable: true)
        let calls = rig.connection.calls
        #expect(Array(calls.prefix(13)) == [
            "connect", "read",
            "publish retained q1 \(prefix)/availability online",
            "subscribe q1 \(prefix)/button/+/latch/set",
            "subscribe q1 \(prefix)/button/+/label/set",
            "subscribe q1 \(prefix)/button/+/enabled/set",
            "subscribe q1 \(prefix)/backlight/set",
            "subscribe q1 \(prefix)/command",
            "subscribe q1 \(prefix)/page/set",
            "subscribe q1 \(prefix)/button/+/icon/set",
            "subscribe q1 \(prefix)/page/+/image/set",
            "subscribe q1 homeassistant/status",
            "subscribe q1 homeassistant/+/hall_panel/+/config",
        ])
        #expect(calls.dropFirst(13).map { $0.split(separator: " ").prefix(3).joined(separator: " ") } == [
            "publish retained q1", "publish retained q1", "publish retained q1", "publish retained q1",
            "publish retained q1", "publish retained q1", "publish retained q1", "publish retained q1",
        ] + Array(repeating: "publish retained q1", count: 6))
        #expect(calls.dropFirst(13).map { String($0.split(separator: " ")[3]) } == [
            "homeassistant/event/hall_panel/heat/config",
            "homeassistant/switch/hall_panel/heat_latch/config",
            "homeassistant/text/hall_panel/heat_label/config",
            "homeassistant/switch/hall_panel/heat_enabled/config",
            "homeassistant/event/hall_panel/fan/config",
            "homeassistant/text/hall_panel/fan_label/config",
            "homeassistant/switch/hall_panel/fan_enabled/config",
            "homeassistant/light/hall_panel/backlight/config",
            "\(prefix)/button/heat/latch",
            "\(prefix)/button/heat/label",
            "\(prefix)/button/heat/enabled",
            "\(prefix)/button/fan/label",
            "\(prefix)/button/fan/enabled",
            "\(prefix)/backlight",
        ])
        #expect(calls.suffix(6) == [
            "publish retained q1 \(prefix)/button/heat/latch OFF",
            "publish retained q1 \(prefix)/button/heat/label Heating",
            "publish retained q1 \(prefix)/button/heat/enabled ON",
            "publish retained q1 \(prefix)/button/fan/label fan",
            "publish retained q1 \(prefix)/button/fan/enabled ON",
            #"publish retained q1 touchpanel/hall_panel/backlight {"state":"ON","brightness":100,"color_mode":"brightness"}"#,
        ])
        #expect(rig.rig.log.lines.contains("mqtt: connected to 127.0.0.1:1883 as hall.panel"))
        // Nothing changed: the next turn publishes nothing.
        rig.connection.calls = []
        rig.turn(10)
        #expect(rig.connection.calls == [])
    }

    @Test func aDoubleTapIsOneGestureMessageAndEveryEventLineGoesOnTheEventTopic() throws {
        let rig = try BridgeRig()
        rig.connect(at: 0)
        rig.connection.calls = []
        rig.tapFan(100)
        rig.tapFan(250, id: 1)
        #expect(rig.connection.calls == [
            #"publish q1 touchpanel/hall_panel/button/fan/event {"t_ms":100,"button":"fan","event":"pressed"}"#,
            #"publish q1 touchpanel/hall_panel/button/fan/event {"t_ms":150,"button":"fan","event":"released"}"#,
            #"publish q1 touchpanel/hall_panel/button/fan/event {"t_ms":250,"button":"fan","event":"pressed"}"#,
            #"publish q1 touchpanel/hall_panel/button/fan/event {"t_ms":300,"button":"fan","event":"released"}"#,
            #"publish q1 touchpanel/hall_panel/button/fan/event {"t_ms":300,"button":"fan","event":"tap","taps":2}"#,
            #"publish q1 touchpanel/hall_panel/button/fan/gesture {"event_type":"double_tap","taps":2,"t_ms":300}"#,
        ])
    }

    @Test func aTapOnALatchButtonPublishesItsNewStateRetained() throws {
        let rig = try BridgeRig()
        rig.connect(at: 0)
        rig.connection.calls = []
        rig.rig.interrupt(100, report([(0, 50, 50, .down)]))
        rig.rig.interrupt(150, report([(0, 50, 50, .up)]))
        rig.turn(150)
        #expect(rig.connection.publishes.suffix(2) == [
            #"publish q1 touchpanel/hall_panel/button/heat/gesture {"event_type":"single_tap","taps":1,"t_ms":150}"#,
            "publish retained q1 \(prefix)/button/heat/latch ON",
        ])
    }

    @Test func whileOfflineTheNewestEventsWaitAndTheDroppedAreCountedThenSentInOrder() throws {
        let rig = try BridgeRig()
        rig.connection.connectResult = 14  // MOSQ_ERR_ERRNO: nothing listens
        rig.turn(0)
        // 1 s, scaled by the seeded jitter (0.75 ..< 1.25).
        #expect(rig.rig.log.lines == ["mqtt: cannot connect to 127.0.0.1:1883: error 14; retrying in 1.2 s"])
        #expect(rig.bridge.nextDeadline == at(1_214))
        // Two taps: six events; the queue keeps the newest four.
        rig.tapFan(100)
        rig.tapFan(1_000, id: 1)
        rig.rig.tick(1_500)
        rig.connection.connectResult = 0
        rig.connection.calls = []
        rig.turn(1_500)
        #expect(rig.connection.calls == ["connect"])
        rig.connection.pendingEvents = [.connected(code: 0)]
        rig.turn(1_510, readable: true)
        let published = rig.connection.publishes.filter { !$0.contains("homeassistant/") && !$0.contains("publish retained") }
        #expect(published == [
            #"publish q1 touchpanel/hall_panel/dropped {"dropped":2}"#,
            #"publish q1 touchpanel/hall_panel/button/fan/event {"t_ms":400,"button":"fan","event":"tap","taps":1}"#,
            #"publish q1 touchpanel/hall_panel/button/fan/gesture {"event_type":"single_tap","taps":1,"t_ms":400}"#,
            #"publish q1 touchpanel/hall_panel/button/fan/event {"t_ms":1000,"button":"fan","event":"pressed"}"#,
            #"publish q1 touchpanel/hall_panel/button/fan/event {"t_ms":1050,"button":"fan","event":"released"}"#,
            #"publish q1 touchpanel/hall_panel/button/fan/event {"t_ms":1300,"button":"fan","event":"tap","taps":1}"#,
            #"publish q1 touchpanel/hall_panel/button/fan/gesture {"event_type":"single_tap","taps":1,"t_ms":1300}"#,
        ])
        #expect(rig.rig.log.lines.contains("mqtt: 2 events dropped while 127.0.0.1:1883 was away (queue = 4)"))
    }

    @Test func commandsInChangeTheDrawnStateAndTheStateComesBack() throws {
        let rig = try BridgeRig()
        rig.connect(at: 0)
        rig.connection.calls = []
        rig.rig.surface.calls = []
        rig.connection.pendingEvents = [
            .message(topic: "\(prefix)/button/heat/latch/set", payload: Array("ON".utf8), retained: false),
            .message(topic: "\(prefix)/button/fan/label/set", payload: Array("Fan 2".utf8), retained: false),
            .message(topic: "\(prefix)/button/fan/enabled/set", payload: Array("OFF".utf8), retained: false),
            .message(topic: "\(prefix)/command", payload: Array("latch heat off".utf8), retained: false),
            .message(topic: "\(prefix)/command", payload: Array("latch fan on".utf8), retained: false),
        ]
        rig.turn(100, readable: true)
        // Drawn in the engine's next turn, each button once, as its newest state.
        #expect(rig.rig.surface.calls == [])
        rig.rig.tick(100)
        #expect(rig.rig.surface.calls == ["label 1 Fan 2", "draw 0 normal", "draw 1 disabled", "frame 100"])
        #expect(rig.connection.calls == [
            "read",
            #"publish q1 touchpanel/hall_panel/reply {"ok":true}"#,
            #"publish q1 touchpanel/hall_panel/reply {"ok":false,"error":"button fan is no latch button (latch = yes in its section)"}"#,
            "publish retained q1 \(prefix)/button/fan/label Fan 2",
            "publish retained q1 \(prefix)/button/fan/enabled OFF",
        ])
    }

    /// Issue 29: the page shown is retained on `P/page`; `P/page/set` shows another, and Home
    /// Assistant gets a select entity for it.
    @Test func thePageIsPublishedAndSetAndHomeAssistantHasASelect() throws {
        let rig = try BridgeRig(config: panelHead + "\n" + mqttSection + "\n" + """
            [page home]
            [page camera]

            [button heat]
            page = home
            rect = 0, 0, 200, 100
            on_tap = emit

            [button door]
            page = camera
            rect = 0, 0, 200, 100
            on_tap = emit
            """)
        let documents = rig.bridge.discoveryDocuments(for: rig.rig.engine.config)
        let select = try #require(documents.first { $0.topic == "homeassistant/select/hall_panel/page/config" })
        let json = String(decoding: select.payload, as: UTF8.self)
        #expect(json.hasPrefix(#"{"name":"Page","state_topic":"touchpanel/hall_panel/page","command_topic":"touchpanel/hall_panel/page/set","options":["home","camera"],"icon":"mdi:book-open-page-variant","unique_id":"hall_panel_page""#))
        rig.connect(at: 0)
        #expect(rig.connection.calls.contains("publish retained q1 \(prefix)/page home"))
        rig.connection.calls = []
        rig.rig.surface.calls = []
        rig.connection.pendingEvents = [
            .message(topic: "\(prefix)/page/set", payload: Array("camera".utf8), retained: false),
            .message(topic: "\(prefix)/page/set", payload: Array("garden".utf8), retained: false),
        ]
        rig.turn(100, readable: true)
        #expect(rig.rig.engine.shownPage == 1)
        #expect(rig.rig.output.lines.last == #"{"t_ms":100,"event":"page","page":"camera"}"#)
        #expect(rig.rig.surface.calls == ["all 2", "frame 100"])
        #expect(rig.rig.log.lines.last == #"mqtt: \#(prefix)/page/set: {"ok":false,"error":"no page \"garden\"; pages: home, camera"}"#)
        rig.turn(101)
        #expect(rig.connection.calls == ["read", "publish retained q1 \(prefix)/page camera"])
    }

    /// Issue 26: a slider's value is retained on `P/slider/S/value` (what was sent, not every
    /// step of a drag), `/value/set` sets it as `ctl value` does, and Home Assistant gets a
    /// number in slider mode; a level bar is a sensor.
    @Test func aSliderIsANumberItsValueRetainedAndSetFromOutside() throws {
        let rig = try BridgeRig(config: panelHead + "\n" + mqttSection + "\n" + """
            [slider dimmer]
            rect = 100, 100, 400, 60
            step = 5
            value = 40
            title = Lamp

            [slider tank]
            rect = 700, 20, 60, 300
            readonly = yes
            """)
        let documents = rig.bridge.discoveryDocuments(for: rig.rig.engine.config)
        let number = try #require(documents.first { $0.topic == "homeassistant/number/hall_panel/dimmer_value/config" })
        #expect(String(decoding: number.payload, as: UTF8.self).hasPrefix(
            #"{"name":"Lamp","state_topic":"touchpanel/hall_panel/slider/dimmer/value","command_topic":"touchpanel/hall_panel/slider/dimmer/value/set","min":0,"max":100,"step":5,"mode":"slider","icon":"mdi:tune-variant","unique_id":"hall_panel_dimmer_value""#))
        let sensor = try #require(documents.first { $0.topic == "homeassistant/sensor/hall_panel/tank_value/config" })
        #expect(String(decoding: sensor.payload, as: UTF8.self).hasPrefix(
            #"{"name":"tank","state_topic":"touchpanel/hall_panel/slider/tank/value","icon":"mdi:gauge","unique_id":"hall_panel_tank_value""#))
        rig.connect(at: 0)
        #expect(rig.connection.calls.contains("subscribe q1 \(prefix)/slider/+/value/set"))
        #expect(rig.connection.calls.contains("publish retained q1 \(prefix)/slider/dimmer/value 40"))
        rig.connection.calls = []
        // A drag: the retained value moves at the send, not at each step.
        rig.rig.interrupt(100, report([(0, 300, 130, .down)]))
        rig.turn(101)
        rig.rig.interrupt(120, report([(0, 420, 130, .contact)]))
        rig.turn(121)
        #expect(!rig.connection.calls.contains { $0.contains("slider/dimmer/value") })
        rig.rig.interrupt(140, report([(0, 420, 130, .up)]))
        rig.turn(141)
        #expect(rig.connection.calls.contains("publish retained q1 \(prefix)/slider/dimmer/value 80"))
        // Within settle_ms a value from outside is not drawn; after it, it is.
        rig.connection.pendingEvents = [.message(topic: "\(prefix)/slider/dimmer/value/set", payload: Array("35".utf8), retained: false)]
        rig.turn(500, readable: true)
        #expect(rig.rig.engine.sliderSteps[0] == 16)
        rig.connection.pendingEvents = [.message(topic: "\(prefix)/slider/dimmer/value/set", payload: Array("35".utf8), retained: false)]
        rig.turn(1200, readable: true)
        #expect(rig.rig.engine.sliderSteps[0] == 7)
        rig.turn(1201)
        #expect(rig.connection.calls.contains("publish retained q1 \(prefix)/slider/dimmer/value 35"))
    }

    /// Issue 23: a message over `max_message_kb` is dropped on arrival (libmosquitto's callback
    /// copies nothing of it) and logged a few times a minute, with the count of the rest.
    @Test func messagesOverTheLimitAreDroppedCountedAndLoggedAFewAMinute() throws {
        let rig = try BridgeRig()
        rig.connect(at: 0)
        rig.rig.log.lines = []
        rig.connection.pendingEvents = Array(
            repeating: .oversized(topic: "\(prefix)/button/fan/label/set", bytes: 67_108_864), count: 5)
        rig.turn(100, readable: true)
        #expect(rig.bridge.oversizedDropped == 5)
        let line = "mqtt: a message of 67108864 bytes on \(prefix)/button/fan/label/set dropped: over max_message_kb 64"
        #expect(rig.rig.log.lines == [line, line, line])
        rig.turn(60_100)
        #expect(rig.rig.log.lines == [line, line, line, "mqtt: messages over max_message_kb: 2 more in 60 s not logged"])
        #expect(rig.rig.engine.currentLabels == ["Heating", "fan"])
    }

    /// `commands = no`: the panel publishes only.
    static let publishOnly = mqttConfig.replacingOccurrences(of: "keepalive_s = 20", with: "keepalive_s = 20\ncommands = no")

    @Test func withCommandsOffOnlyHomeAssistantsTopicsAreSubscribedAndItsEntitiesAreReadOnly() throws {
        let rig = try BridgeRig(config: Self.publishOnly)
        rig.connect(at: 0)
        let calls = rig.connection.calls
        #expect(calls.filter { $0.hasPrefix("subscribe") } == [
            "subscribe q1 homeassistant/status",
            "subscribe q1 homeassistant/+/hall_panel/+/config",
        ])
        #expect(calls.filter { $0.contains(" homeassistant/") && $0.hasPrefix("publish") }.map { String($0.split(separator: " ")[3]) } == [
            "homeassistant/event/hall_panel/heat/config",
            "homeassistant/binary_sensor/hall_panel/heat_latch/config",
            "homeassistant/sensor/hall_panel/heat_label/config",
            "homeassistant/binary_sensor/hall_panel/heat_enabled/config",
            "homeassistant/event/hall_panel/fan/config",
            "homeassistant/sensor/hall_panel/fan_label/config",
            "homeassistant/binary_sensor/hall_panel/fan_enabled/config",
            "homeassistant/binary_sensor/hall_panel/backlight/config",
        ])
        #expect(!calls.contains { $0.contains("command_topic") })
    }

    @Test func withCommandsAndDiscoveryOffNothingIsSubscribed() throws {
        let rig = try BridgeRig(config: Self.publishOnly.replacingOccurrences(of: "commands = no", with: "commands = no\ndiscovery = no"))
        rig.connect(at: 0)
        #expect(rig.connection.calls.filter { $0.hasPrefix("subscribe") } == [])
        #expect(rig.connection.publishes.count == 1 + 6)  // availability and the state
    }

    @Test func withCommandsOffACommandThatArrivesAnywayChangesNothing() throws {
        let rig = try BridgeRig(config: Self.publishOnly)
        rig.connect(at: 0)
        rig.connection.calls = []
        rig.rig.surface.calls = []
        let logged = rig.rig.log.lines
        rig.connection.pendingEvents = [
            .message(topic: "\(prefix)/button/heat/latch/set", payload: Array("ON".utf8), retained: false),
            .message(topic: "\(prefix)/button/fan/label/set", payload: Array("Fan 2".utf8), retained: false),
            .message(topic: "\(prefix)/button/fan/enabled/set", payload: Array("OFF".utf8), retained: false),
            .message(topic: "\(prefix)/backlight/set", payload: Array(#"{"state":"OFF","brightness":40}"#.utf8), retained: false),
            .message(topic: "\(prefix)/command", payload: Array("blank".utf8), retained: false),
        ]
        rig.turn(100, readable: true)
        #expect(rig.connection.calls == ["read"])
        #expect(rig.rig.surface.calls == [])
        #expect(rig.rig.log.lines == logged)
        #expect(rig.rig.engine.actions.latched == [false, false])
        #expect(rig.rig.engine.currentLabels == ["Heating", "fan"])
        #expect([rig.rig.engine.isEnabled(0), rig.rig.engine.isEnabled(1)] == [true, true])
        #expect(rig.rig.engine.power == .awake)
        #expect(rig.rig.engine.backlight?.brightnessPercent == 100)
    }

    @Test func theReadOnlyDocumentsOfALatchAndTheBacklight() throws {
        let rig = try BridgeRig(config: Self.publishOnly)
        let documents = HomeAssistantDiscovery.documents(
            config: rig.rig.engine.config, topics: rig.bridge.settings.topics, deviceName: "Hall", qos: 1, commands: false)
        #expect(String(decoding: documents[1].payload, as: UTF8.self).hasPrefix("""
            {"name":"Heating","state_topic":"touchpanel/hall_panel/button/heat/latch","payload_on":"ON","payload_off":"OFF",\
            "icon":"mdi:toggle-switch-outline","unique_id":"hall_panel_heat_latch",
            """))
        #expect(String(decoding: documents[2].payload, as: UTF8.self).hasPrefix("""
            {"name":"Heating label","state_topic":"touchpanel/hall_panel/button/heat/label","entity_category":"diagnostic",\
            "icon":"mdi:form-textbox","unique_id":"hall_panel_heat_label",
            """))
        #expect(String(decoding: documents[7].payload, as: UTF8.self).hasPrefix("""
            {"name":"Backlight","state_topic":"touchpanel/hall_panel/backlight","payload_on":"ON","payload_off":"OFF",\
            "value_template":"{{ value_json.state }}","unique_id":"hall_panel_backlight",
            """))
    }

    @Test func aRetainedOrMalformedCommandIsIgnoredWithALogLine() throws {
        let rig = try BridgeRig()
        rig.connect(at: 0)
        rig.connection.calls = []
        rig.connection.pendingEvents = [
            .message(topic: "\(prefix)/button/heat/latch/set", payload: Array("ON".utf8), retained: true),
            .message(topic: "\(prefix)/button/heat/latch/set", payload: Array("on".utf8), retained: false),
            .message(topic: "\(prefix)/button/nope/enabled/set", payload: Array("ON".utf8), retained: false),
            .message(topic: "\(prefix)/backlight/set", payload: Array("{\"state\":".utf8), retained: false),
            .message(topic: "\(prefix)/command", payload: [0x6C, 0x61, 0x00], retained: false),
        ]
        rig.turn(100, readable: true)
        #expect(rig.connection.calls == ["read"])
        #expect(Array(rig.rig.log.lines.suffix(5)) == [
            "mqtt: ignored a retained command on \(prefix)/button/heat/latch/set: commands act once; publish them without retain",
            "mqtt: \(prefix)/button/heat/latch/set: expected ON or OFF, not \"on\"",
            #"mqtt: touchpanel/hall_panel/button/nope/enabled/set: {"ok":false,"error":"no button or slider \"nope\"; buttons: heat, fan"}"#,
            #"mqtt: touchpanel/hall_panel/backlight/set: expected a JSON object such as {"state":"ON","brightness":80}"#,
            "mqtt: ignored a command on \(prefix)/command: garbage (byte 0x00)",
        ])
    }

    @Test func theLightTakesBrightnessAndOnOff() throws {
        let rig = try BridgeRig()
        rig.connect(at: 0)
        rig.connection.calls = []
        rig.connection.pendingEvents = [
            .message(topic: "\(prefix)/backlight/set", payload: Array(#"{"state":"ON","brightness":40}"#.utf8), retained: false),
        ]
        rig.turn(100, readable: true)
        rig.connection.pendingEvents = [
            .message(topic: "\(prefix)/backlight/set", payload: Array(#"{ "state" : "OFF" }"#.utf8), retained: false),
        ]
        rig.turn(200, readable: true)
        #expect(rig.connection.publishes == [
            #"publish retained q1 touchpanel/hall_panel/backlight {"state":"ON","brightness":40,"color_mode":"brightness"}"#,
            #"publish retained q1 touchpanel/hall_panel/backlight {"state":"OFF","brightness":40,"color_mode":"brightness"}"#,
        ])
        #expect(rig.rig.engine.power == .off)
    }

    @Test func theLightReportsTheBrightnessItHasDimmedIncluded() throws {
        let rig = try BridgeRig()
        rig.connect(at: 0)
        rig.connection.acknowledgeAll()
        rig.connection.calls = []
        // dim_after_s = 100: dimmed to the default 20 %, and Home Assistant is told so.
        rig.rig.tick(100_000)
        rig.turn(100_000)
        #expect(rig.rig.engine.power == .dimmed)
        #expect(rig.connection.publishes == [
            #"publish retained q1 touchpanel/hall_panel/backlight {"state":"ON","brightness":20,"color_mode":"brightness"}"#,
        ])
    }

    @Test func aLabelComesBackWithItsLineBreakAndIsCountedInCharacters() throws {
        let rig = try BridgeRig()
        rig.connect(at: 0)
        let umlauts = String(repeating: "Ä", count: 128)
        rig.connection.pendingEvents = [
            .message(topic: "\(prefix)/button/fan/label/set", payload: Array("Fan\nkitchen".utf8), retained: false),
            .message(topic: "\(prefix)/button/heat/label/set", payload: Array(umlauts.utf8), retained: false),
        ]
        rig.turn(100, readable: true)
        #expect(rig.rig.engine.currentLabels == [umlauts, "Fan\nkitchen"])
        rig.connection.pendingEvents = [
            .message(topic: "\(prefix)/button/fan/label/set", payload: Array((umlauts + "Ä").utf8), retained: false),
            .message(topic: "\(prefix)/button/fan/label/set", payload: Array("Fan\r2".utf8), retained: false),
        ]
        rig.turn(200, readable: true)
        #expect(rig.rig.engine.currentLabels == [umlauts, "Fan\nkitchen"])
        #expect(Array(rig.rig.log.lines.suffix(2)) == [
            "mqtt: \(prefix)/button/fan/label/set: label longer than 128 characters",
            "mqtt: ignored a command on \(prefix)/button/fan/label/set: garbage (byte 0x0d)",
        ])
    }

    @Test func entityNamesComeFromTheTitleElseTheLabel() throws {
        let config = try PanelConfigLoader.parse(text: mqttConfig.replacingOccurrences(of: "label = Heating", with: "label = Heat\\nhall\ntitle = Hall heating"), file: "t.ini")
        let documents = HomeAssistantDiscovery.documents(
            config: config, topics: MQTTTopics(prefix: prefix, discoveryPrefix: "homeassistant", nodeID: "hall_panel"), deviceName: "Hall", qos: 1)
        let names = documents.compactMap { document -> String? in
            let text = String(decoding: document.payload, as: UTF8.self)
            guard let start = text.range(of: #"{"name":""#) else { return nil }
            return String(text[start.upperBound...].prefix { $0 != "\"" })
        }
        #expect(names == ["Hall heating", "Hall heating", "Hall heating label", "Hall heating enabled", "fan", "fan label", "fan enabled", "Backlight"])
    }

    @Test func homeAssistantComingOnlineGetsDiscoveryAgainAndStaleDocumentsAreCleared() throws {
        let rig = try BridgeRig()
        rig.connect(at: 0)
        rig.connection.calls = []
        rig.connection.pendingEvents = [
            // Ours, retained from before: kept. A button no longer in the config: cleared.
            .message(topic: "homeassistant/event/hall_panel/fan/config", payload: Array("{}".utf8), retained: true),
            .message(topic: "homeassistant/event/hall_panel/pump/config", payload: Array("{}".utf8), retained: true),
            .message(topic: "homeassistant/event/hall_panel/old/config", payload: [], retained: true),
            .message(topic: "homeassistant/status", payload: Array("online".utf8), retained: false),
        ]
        rig.turn(100, readable: true)
        #expect(rig.connection.publishes == ["publish retained q1 homeassistant/event/hall_panel/pump/config "])
        // Discovery and state went out at the connect, 100 ms ago: Home Assistant's `online`
        // is answered 10 s after that, once.
        #expect(rig.bridge.nextDeadline == at(10_001))
        rig.connection.acknowledgeAll()
        rig.turn(10_001)
        let topics = rig.connection.publishes.map { String($0.split(separator: " ")[3]) }
        #expect(Array(topics.prefix(3)) == [
            "homeassistant/event/hall_panel/pump/config", "\(prefix)/availability", "homeassistant/event/hall_panel/heat/config",
        ])
        // Availability, 8 documents and 6 states again.
        #expect(topics.count == 1 + 1 + 8 + 6)
        #expect(rig.rig.log.lines.suffix(2) == [
            "mqtt: clearing homeassistant/event/hall_panel/pump/config: no longer in the config",
            "mqtt: Home Assistant is online; discovery and state sent again",
        ])
    }

    /// Issue 28 item 4, issue 25 item 6: a reload that keeps `[mqtt]` attaches the new engine
    /// to the running bridge, which clears the documents of the old config the new one does not
    /// have: the removed fan's three, and the heat's switch now that it is no latch.
    @Test func aReloadClearsTheDocumentsOfWhatItRemoved() throws {
        let rig = try BridgeRig()
        rig.connect(at: 0)
        rig.connection.calls = []
        rig.rig.log.lines = []
        let reloaded = try EngineRig(config: reloadedConfig, backlight: RecordingBacklight())
        #expect(rig.bridge.nextDeadline == rig.bridge.link.deadline)
        rig.bridge.attach(reloaded.engine)
        // Due at once (the last turn's instant): the loop need not wait for a keep-alive.
        #expect(rig.bridge.nextDeadline == at(2))
        rig.bridge.turn(revents: [], engine: reloaded.engine, now: at(1_000))
        #expect(rig.bridge.nextDeadline == rig.bridge.link.deadline)
        #expect(rig.connection.publishes.map { String($0.split(separator: " ", maxSplits: 3)[3]) } == [
            "homeassistant/switch/hall_panel/heat_latch/config ",
            "homeassistant/event/hall_panel/fan/config ",
            "homeassistant/text/hall_panel/fan_label/config ",
            "homeassistant/switch/hall_panel/fan_enabled/config ",
        ] + reloadedDocuments(rig.bridge).map { "\($0.topic) \(String(decoding: $0.payload, as: UTF8.self))" } + [
            "\(prefix)/button/heat/label Heating",
            "\(prefix)/button/heat/enabled ON",
            #"\#(prefix)/backlight {"state":"ON","brightness":100,"color_mode":"brightness"}"#,
        ])
        #expect(rig.connection.publishes.allSatisfy { $0.hasPrefix("publish retained q1 ") })
        #expect(rig.rig.log.lines == [
            "mqtt: clearing homeassistant/switch/hall_panel/heat_latch/config: no longer in the config",
            "mqtt: clearing homeassistant/event/hall_panel/fan/config: no longer in the config",
            "mqtt: clearing homeassistant/text/hall_panel/fan_label/config: no longer in the config",
            "mqtt: clearing homeassistant/switch/hall_panel/fan_enabled/config: no longer in the config",
        ])
        // Reloaded again unchanged: nothing to clear.
        rig.connection.acknowledgeAll()
        rig.bridge.turn(revents: .readable, engine: reloaded.engine, now: at(1_001))
        rig.connection.calls = []
        let again = try EngineRig(config: reloadedConfig, backlight: RecordingBacklight())
        rig.bridge.attach(again.engine)
        rig.bridge.turn(revents: [], engine: again.engine, now: at(2_000))
        #expect(!rig.connection.publishes.contains { $0.hasSuffix("/config ") })
    }

    /// A document still waiting for the in-flight window when the reload removes its button
    /// is never sent: its empty payload takes its place.
    @Test func aReloadReplacesAWaitingDocumentOfARemovedButtonWithItsClearing() throws {
        let rig = try BridgeRig(config: mqttConfig + smallButtons(6))
        rig.turn(0)
        rig.connection.pendingEvents = [.connected(code: 0)]
        rig.turn(1, readable: true)
        // The window is full: the last buttons' documents wait.
        #expect(rig.connection.publishes.count == MQTTBridge.maxInFlight)
        #expect(!rig.connection.publishes.contains { $0.contains("/b5") })
        let reloaded = try EngineRig(config: mqttConfig + smallButtons(5), backlight: RecordingBacklight())
        rig.bridge.attach(reloaded.engine)
        rig.connection.acknowledgeAll()
        rig.bridge.turn(revents: .readable, engine: reloaded.engine, now: at(100))
        rig.connection.acknowledgeAll()
        rig.bridge.turn(revents: .readable, engine: reloaded.engine, now: at(200))
        rig.connection.acknowledgeAll()
        rig.bridge.turn(revents: .readable, engine: reloaded.engine, now: at(300))
        let b5 = rig.connection.publishes.filter { $0.contains("hall_panel/b5") }
        #expect(b5 == [
            "publish retained q1 homeassistant/event/hall_panel/b5/config ",
            "publish retained q1 homeassistant/text/hall_panel/b5_label/config ",
            "publish retained q1 homeassistant/switch/hall_panel/b5_enabled/config ",
        ])
    }

    /// Offline at the reload, nothing is published then; the connect clears the removed
    /// documents as at a start: the broker's retained ones come back and those not in the
    /// config go.
    @Test func aReloadWhileOfflineLeavesTheClearingToTheNextConnect() throws {
        let rig = try BridgeRig()
        let reloaded = try EngineRig(config: reloadedConfig, backlight: RecordingBacklight())
        rig.bridge.attach(reloaded.engine)
        rig.bridge.turn(revents: [], engine: reloaded.engine, now: at(0))
        rig.connection.pendingEvents = [.connected(code: 0)]
        rig.bridge.turn(revents: .readable, engine: reloaded.engine, now: at(1))
        #expect(!rig.connection.publishes.contains { $0.hasSuffix("/config ") })
        rig.connection.calls = []
        rig.connection.pendingEvents = [
            .message(topic: "homeassistant/event/hall_panel/fan/config", payload: Array("{}".utf8), retained: true),
            .message(topic: "homeassistant/event/hall_panel/heat/config", payload: Array("{}".utf8), retained: true),
        ]
        rig.bridge.turn(revents: .readable, engine: reloaded.engine, now: at(2))
        #expect(rig.connection.publishes == ["publish retained q1 homeassistant/event/hall_panel/fan/config "])
    }

    /// A reload that changes `[mqtt]` replaces the bridge: before `offline` the old one clears
    /// what the new config and bridge will not publish on the same broker. A changed topic
    /// prefix keeps the documents' topics (the new bridge publishes over them); a changed
    /// client id, discovery prefix, `discovery = no`, another broker or no `[mqtt]` clears all.
    @Test func aReloadThatReplacesTheBridgeClearsWhatTheNewOneWillNotPublish() throws {
        func cleared(_ newMQTT: String?) throws -> [String] {
            let rig = try BridgeRig()
            rig.connect(at: 0)
            rig.connection.calls = []
            let text = newMQTT.map { reloadedConfig.replacingOccurrences(of: mqttSection, with: $0) }
                ?? reloadedConfig.replacingOccurrences(of: mqttSection, with: "")
            let config = try PanelConfigLoader.parse(text: text, file: "reloaded.ini")
            let successor = config.mqtt.map {
                MQTTBridge(
                    settings: MQTTBridge.Settings(config: $0, hostName: "board"), connection: FakeMQTTConnection(),
                    log: rig.rig.log, now: at(0), jitterSeed: 7)
            }
            rig.bridge.clearDiscovery(handingOverTo: successor, config: config)
            rig.bridge.sayOffline()
            #expect(rig.connection.publishes.last == "publish retained q1 \(prefix)/availability offline")
            #expect(rig.connection.publishes.dropLast().allSatisfy {
                $0.hasPrefix("publish retained q1 homeassistant/") && $0.hasSuffix("/config ")
            })
            return rig.connection.publishes.dropLast().map { String($0.split(separator: " ")[3]) }
        }
        let removed = [
            "homeassistant/switch/hall_panel/heat_latch/config", "homeassistant/event/hall_panel/fan/config",
            "homeassistant/text/hall_panel/fan_label/config", "homeassistant/switch/hall_panel/fan_enabled/config",
        ]
        let all = [
            "homeassistant/event/hall_panel/heat/config", "homeassistant/switch/hall_panel/heat_latch/config",
            "homeassistant/text/hall_panel/heat_label/config", "homeassistant/switch/hall_panel/heat_enabled/config",
            "homeassistant/event/hall_panel/fan/config", "homeassistant/text/hall_panel/fan_label/config",
            "homeassistant/switch/hall_panel/fan_enabled/config", "homeassistant/light/hall_panel/backlight/config",
        ]
        #expect(try cleared(mqttSection + "max_message_kb = 32\n") == removed)
        #expect(try cleared(mqttSection + "topic_prefix = hall\n") == removed)
        #expect(try cleared(mqttSection.replacingOccurrences(of: "hall.panel", with: "hall.panel2")) == all)
        #expect(try cleared(mqttSection + "discovery_prefix = ha\n") == all)
        #expect(try cleared(mqttSection + "discovery = no\n") == all)
        #expect(try cleared(mqttSection + "port = 1884\n") == all)
        #expect(try cleared(nil) == all)
    }

    /// The old bridge's clearing takes the place of a document still waiting for the window:
    /// what its farewell sends after it is state, never a cleared document.
    @Test func theOldBridgeNeverSendsADocumentItCleared() throws {
        let rig = try BridgeRig(config: mqttConfig + smallButtons(6))
        rig.turn(0)
        rig.connection.pendingEvents = [.connected(code: 0)]
        rig.turn(1, readable: true)
        #expect(!rig.connection.publishes.contains { $0.contains("/b5") })
        rig.connection.calls = []
        let config = try PanelConfigLoader.parse(text: reloadedConfig, file: "reloaded.ini")
        rig.bridge.clearDiscovery(handingOverTo: nil, config: config)
        rig.bridge.sayOffline()
        for ms in stride(from: Int64(100), to: 200, by: 10) {
            rig.connection.acknowledgeAll()
            rig.turn(ms, readable: true)
        }
        let publishes = rig.connection.publishes
        let offline = try #require(publishes.firstIndex(of: "publish retained q1 \(prefix)/availability offline"))
        // 8 documents and 6 of each small button's: each cleared once, before `offline`.
        #expect(offline == 8 + 6 * 3)
        #expect(publishes[..<offline].allSatisfy { $0.hasPrefix("publish retained q1 homeassistant/") && $0.hasSuffix("/config ") })
        #expect(Set(publishes[..<offline]).count == offline)
        #expect(!publishes[offline...].contains { $0.contains("homeassistant/") })
    }

    /// Issue 23: `online` flooded on Home Assistant's status topic costs one announcement in
    /// 10 s, however many times it comes.
    @Test func aFloodOfOnlineIsAnsweredOnceInTenSeconds() throws {
        let rig = try BridgeRig()
        rig.connect(at: 0)
        rig.connection.calls = []
        rig.rig.log.lines = []
        for turn in 0..<50 {
            rig.connection.pendingEvents = Array(
                repeating: .message(topic: "homeassistant/status", payload: Array("online".utf8), retained: false), count: 20)
            rig.turn(20_000 + Int64(turn) * 10, readable: true)
        }
        // The first of the 1,000 is answered at once (availability, 8 documents, 6 states);
        // the others wait for 10 s after it.
        #expect(rig.rig.log.lines == ["mqtt: Home Assistant is online; discovery and state sent again"])
        #expect(rig.connection.publishes.count == 15)
        #expect(rig.bridge.nextDeadline == at(30_000))
        rig.connection.acknowledgeAll()
        rig.turn(30_000)
        #expect(rig.rig.log.lines.count == 2)
        #expect(rig.connection.publishes.count == 30)
        #expect(rig.bridge.nextDeadline == rig.bridge.link.deadline)
    }

    /// Issue 23: discovery and state count against the in-flight window with the events, so
    /// the library's own queue never holds more than the window.
    @Test func discoveryStateAndEventsShareTheInFlightWindow() throws {
        let rig = try BridgeRig()
        rig.turn(0)
        rig.connection.pendingEvents = [.connected(code: 0)]
        rig.turn(1, readable: true)
        // Availability and 14 retained messages: 15 in flight, none acknowledged.
        #expect(rig.connection.publishes.count == 15)
        for tap in 0..<3 { rig.tapFan(1_000 + Int64(tap) * 1_000) }
        // Nothing acknowledged: the window holds 20, the availability, 14 retained and the
        // first five of the taps' event messages; the rest wait in the outbox.
        #expect(rig.connection.publishes.count == MQTTBridge.maxInFlight)
        #expect(rig.connection.publishes.last == #"publish q1 \#(prefix)/button/fan/event {"t_ms":2000,"button":"fan","event":"pressed"}"#)
        rig.connection.acknowledgeAll()
        rig.turn(5_000, readable: true)
        // The rest of the events so far: released 2050, tap and gesture 2300, pressed 3000,
        // released 3050 (the third tap fires only at its deadline, in an engine turn).
        #expect(rig.connection.publishes.count == MQTTBridge.maxInFlight + 5)
    }

    /// Issue 23: events dropped from a full outbox are reported as they happen (once a second
    /// at most), not only once the outbox empties, which a busy panel may never see.
    @Test func dropsAreReportedAsTheyHappenWhileTheOutboxStaysFull() throws {
        let rig = try BridgeRig(config: mqttConfig.replacingOccurrences(of: "queue = 4", with: "queue = 1"))
        rig.turn(0)
        rig.connection.pendingEvents = [.connected(code: 0)]
        rig.turn(1, readable: true)
        rig.rig.log.lines = []
        for tap in 0..<4 { rig.tapFan(1_000 + Int64(tap) * 100, id: UInt8(tap % 2)) }
        let dropped = rig.rig.log.lines.filter { $0.contains("events dropped") }
        #expect(dropped.count == 1)
        #expect(rig.connection.publishes.last?.hasPrefix("publish q1 \(prefix)/dropped {\"dropped\":") == true)
    }

    @Test func theEventEntityDocumentMatchesHomeAssistantsSchema() throws {
        let rig = try BridgeRig()
        let documents = HomeAssistantDiscovery.documents(
            config: rig.rig.engine.config, topics: rig.bridge.settings.topics, deviceName: "Hall", qos: 1)
        #expect(String(decoding: documents[4].payload, as: UTF8.self) == """
            {"name":"fan","state_topic":"touchpanel/hall_panel/button/fan/gesture","event_types":["single_tap","double_tap"],\
            "icon":"mdi:gesture-tap-button","unique_id":"hall_panel_fan","availability_topic":"touchpanel/hall_panel/availability",\
            "payload_available":"online","payload_not_available":"offline","qos":1,"device":{"identifiers":["hall_panel"],\
            "name":"Hall","manufacturer":"TouchPanel","model":"ft5406 800x480","sw_version":"0.1.0"},\
            "origin":{"name":"touchpanel","sw_version":"0.1.0"}}
            """)
        #expect(String(decoding: documents[7].payload, as: UTF8.self).hasPrefix("""
            {"name":"Backlight","schema":"json","state_topic":"touchpanel/hall_panel/backlight",\
            "command_topic":"touchpanel/hall_panel/backlight/set","supported_color_modes":["brightness"],"brightness_scale":100,
            """))
    }

    @Test func aBrokerThatNeverAnswersIsGivenUpAfterTenSecondsAndARefusalBacksOff() throws {
        let rig = try BridgeRig()
        rig.turn(0)
        #expect(rig.bridge.nextDeadline == at(10_000))
        rig.turn(9_999)
        rig.turn(10_000)
        #expect(rig.connection.calls == ["connect", "disconnect"])
        #expect(rig.rig.log.lines == ["mqtt: no answer from 127.0.0.1:1883 within 10 s; retrying in 1.2 s"])
        rig.turn(11_214)
        // libmosquitto's read gives MOSQ_ERR_CONN_REFUSED with the CONNACK that says why.
        rig.connection.readResult = 15
        rig.connection.pendingEvents = [.connected(code: 5), .disconnected(code: 7)]
        rig.turn(11_220, readable: true)
        rig.connection.readResult = 0
        #expect(rig.connection.calls == ["connect", "disconnect", "connect", "read"])
        #expect(rig.rig.log.lines == [
            "mqtt: no answer from 127.0.0.1:1883 within 10 s; retrying in 1.2 s",
            "mqtt: 127.0.0.1:1883 refused the connection: connack 5; retrying in 1.6 s",
        ])
        // Touches go on as ever.
        rig.tapFan(12_000)
        rig.rig.tick(13_000)
        #expect(rig.rig.output.lines.count == 3)
    }

    @Test func keepAliveIsLookedAtTwicePerPeriodAndALostConnectionIsRetriedAfterASecond() throws {
        let rig = try BridgeRig()
        rig.connect(at: 0)
        #expect(rig.bridge.nextDeadline == at(10_001))
        rig.connection.calls = []
        rig.turn(10_001)
        #expect(rig.connection.calls == ["keep-alive"])
        rig.connection.readResult = 7
        rig.turn(12_000, readable: true)
        #expect(rig.rig.log.lines.last == "mqtt: connection to 127.0.0.1:1883 lost (error 7); retrying in 0.8 s")
        #expect(rig.bridge.pollInterest == nil)
    }

    @Test func messagesUnacknowledgedWhenTheLinkWentDoNotHoldBackTheOutboxAfterTheReconnect() throws {
        let rig = try BridgeRig(config: mqttConfig.replacingOccurrences(of: "queue = 4", with: "queue = 100"))
        rig.connect(at: 0)
        // Six taps, never acknowledged: 24 publishes, 20 of them handed to the library.
        for tap in 0..<6 { rig.tapFan(100 + Int64(tap) * 400, id: UInt8(tap % 2)) }
        rig.rig.tick(2_600)
        rig.turn(2_600)
        let beforeLoss = rig.connection.publishes.filter(isFanEvent).count
        #expect(beforeLoss == 20)
        rig.connection.readResult = 7
        rig.turn(3_000, readable: true)
        rig.connection.readResult = 0
        let retryAt = try #require(rig.bridge.nextDeadline)
        rig.connection.calls = []
        rig.bridge.turn(revents: [], engine: rig.rig.engine, now: retryAt)
        rig.connection.pendingEvents = [.connected(code: 0)]
        rig.bridge.turn(revents: .readable, engine: rig.rig.engine, now: retryAt + .milliseconds(5))
        // The sixth tap's four messages waited in the outbox; they go out after the reconnect.
        let fanAfter = rig.connection.publishes.filter(isFanEvent)
        #expect(fanAfter == [
            #"publish q1 touchpanel/hall_panel/button/fan/event {"t_ms":2100,"button":"fan","event":"pressed"}"#,
            #"publish q1 touchpanel/hall_panel/button/fan/event {"t_ms":2150,"button":"fan","event":"released"}"#,
            #"publish q1 touchpanel/hall_panel/button/fan/event {"t_ms":2400,"button":"fan","event":"tap","taps":1}"#,
            #"publish q1 touchpanel/hall_panel/button/fan/gesture {"event_type":"single_tap","taps":1,"t_ms":2400}"#,
        ])
    }

    @Test func atQoS0AnEventCountsAsPublishedInTheTurnThatWroteIt() throws {
        let rig = try BridgeRig(config: mqttConfig.replacingOccurrences(of: "keepalive_s = 20", with: "keepalive_s = 20\nqos = 0"))
        rig.connect(at: 0)
        rig.connection.reportsPublishedAtOnce = true
        rig.tapFan(100)
        // pressed at 100 and released at 150, each counted in its own turn: 0 ms.
        #expect(rig.bridge.eventToPublish.count == 2)
        #expect(rig.bridge.summaryLine() == "latency event_to_publish count=2 p50_us=0 p99_us=0 max_us=0")
    }

    @Test func theEventToPublishFigureCountsAcknowledgedEvents() throws {
        let rig = try BridgeRig()
        rig.connect(at: 0)
        rig.tapFan(100)
        rig.connection.acknowledgeAll()
        rig.turn(153, readable: true)
        #expect(rig.bridge.eventToPublish.count == 2)
        #expect(rig.bridge.summaryLine() == "latency event_to_publish count=2 p50_us=3071 p99_us=53000 max_us=53000")
    }
}

@Suite("The broker link's state machine, with virtual time")
struct MQTTLinkTests {
    @Test func backOffDoublesFromOneSecondToAMinuteScaledByTheJitter() {
        #expect((0...8).map { MQTTLink.backoff(failures: $0, jitter: 1).nanoseconds / 1_000_000 } == [
            1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
        ])
        #expect(MQTTLink.backoff(failures: 0, jitter: 0.75).nanoseconds / 1_000_000 == 750)
        #expect(MQTTLink.backoff(failures: 6, jitter: 1.25).nanoseconds / 1_000_000 == 75_000)
        var jitter = JitterSource(seed: 3)
        for _ in 0..<1_000 {
            let value = jitter.next()
            #expect(value >= 0.75 && value < 1.25)
        }
    }

    @Test func everyTransition() {
        func next(_ state: MQTTLink, _ input: MQTTLink.Input, _ ms: Int64) -> (MQTTLink, MQTTLink.Effect) {
            MQTTLink.next(state, input, now: at(ms), keepaliveS: 60, jitter: 1)
        }
        let waiting = MQTTLink.waiting(retryAt: at(1_000), failures: 2)
        #expect(next(waiting, .due, 999) == (waiting, .none))
        #expect(next(waiting, .due, 1_000) == (.connecting(since: at(1_000), failures: 2), .connect))
        #expect(next(waiting, .lost, 1_000) == (waiting, .none))
        let connecting = MQTTLink.connecting(since: at(1_000), failures: 2)
        #expect(next(connecting, .due, 10_999) == (connecting, .none))
        #expect(next(connecting, .due, 11_000) == (.waiting(retryAt: at(15_000), failures: 3), .giveUp(retryIn: .milliseconds(4_000))))
        #expect(next(connecting, .refused, 2_000) == (.waiting(retryAt: at(6_000), failures: 3), .retry(in: .milliseconds(4_000))))
        #expect(next(connecting, .connectFailed, 2_000) == (.waiting(retryAt: at(6_000), failures: 3), .retry(in: .milliseconds(4_000))))
        #expect(next(connecting, .accepted, 2_000) == (.online(keepAliveAt: at(32_000)), .cameOnline))
        let online = MQTTLink.online(keepAliveAt: at(32_000))
        #expect(next(online, .due, 31_999) == (online, .none))
        #expect(next(online, .due, 32_000) == (.online(keepAliveAt: at(62_000)), .keepAlive))
        #expect(next(online, .lost, 40_000) == (.waiting(retryAt: at(41_000), failures: 1), .retry(in: .milliseconds(1_000))))
        #expect(next(online, .stop, 40_000) == (.stopped, .disconnect))
        #expect(next(.stopped, .due, 40_000) == (.stopped, .none))
        #expect(MQTTLink.stopped.deadline == nil)
        #expect(connecting.deadline == at(11_000))
    }
}

@Suite("MQTT topics, payloads and the outbox")
struct MQTTTopicsTests {
    let topics = MQTTTopics(prefix: "tp/hall", discoveryPrefix: "ha", nodeID: "hall")

    @Test func incomingTopicsAreRecognised() {
        #expect(topics.incoming("tp/hall/button/heat/latch/set") == .set(button: "heat", kind: .latch))
        #expect(topics.incoming("tp/hall/button/heat/label/set") == .set(button: "heat", kind: .label))
        #expect(topics.incoming("tp/hall/button/heat/enabled/set") == .set(button: "heat", kind: .enabled))
        #expect(topics.incoming("tp/hall/button/heat/colour/set") == .unknown)
        #expect(topics.incoming("tp/hall/button/a/b/latch/set") == .unknown)
        #expect(topics.incoming("tp/hall/backlight/set") == .backlight)
        #expect(topics.incoming("tp/hall/command") == .command)
        #expect(topics.incoming("ha/status") == .homeAssistantStatus)
        #expect(topics.incoming("ha/switch/hall/heat_latch/config") == .discoveryDocument)
        #expect(topics.incoming("ha/switch/other/heat_latch/config") == .unknown)
    }

    /// The one table: every topic the builders give is parsed back to what it asks for, the
    /// publish-only ones to nothing, and the subscriptions are the command topics.
    @Test func everyTopicOfTheTableParsesBack() {
        #expect(topics.topic(.buttonLatchSet, "heat") == "tp/hall/button/heat/latch/set")
        #expect(topics.topic(.text, "outside") == "tp/hall/text/outside")
        #expect(topics.topic(.availability) == "tp/hall/availability")
        #expect(topics.pattern(.pageImageSet) == "tp/hall/page/+/image/set")
        #expect(topics.incoming(topics.topic(.buttonIconSet, "heat")) == .icon(button: "heat"))
        #expect(topics.incoming(topics.topic(.pageImageSet, "rooms")) == .pageImage(page: "rooms"))
        #expect(topics.incoming(topics.topic(.sliderValueSet, "dim")) == .sliderValue(slider: "dim"))
        #expect(topics.incoming(topics.topic(.pageSet)) == .page)
        for kind in [PanelTopic.availability, .backlight, .reply, .dropped, .page, .buttonEvent, .buttonGesture,
                     .buttonLatch, .buttonLabel, .buttonEnabled, .text, .sliderValue] {
            #expect(topics.incoming(topics.topic(kind, "heat")) == .unknown, "\(kind)")
        }
        #expect(topics.commandPatterns == [
            "tp/hall/button/+/latch/set", "tp/hall/button/+/label/set", "tp/hall/button/+/enabled/set",
            "tp/hall/backlight/set", "tp/hall/command", "tp/hall/page/set", "tp/hall/button/+/icon/set",
            "tp/hall/page/+/image/set",
        ])
        #expect(topics.sliderValueSetPattern == "tp/hall/slider/+/value/set")
    }

    @Test func gestureTypesAndPayloads() {
        #expect(MQTTTopics.gestureTypes(highestTapCount: 3, longPress: true, repeats: true) == [
            "single_tap", "double_tap", "triple_tap", "long_press", "double_long_press", "triple_long_press", "repeat",
        ])
        #expect(MQTTTopics.gestureTypes(highestTapCount: 0, longPress: true, repeats: false) == ["long_press"])
        #expect(MQTTTopics.gestureTypes(highestTapCount: 0, longPress: false, repeats: false) == [])
        #expect(MQTTTopics.gesturePayload(.longPress(taps: 2), tMs: 900).map { String(decoding: $0, as: UTF8.self) }
            == #"{"event_type":"double_long_press","taps":2,"t_ms":900}"#)
        #expect(MQTTTopics.gesturePayload(.repeat(n: 3), tMs: 800).map { String(decoding: $0, as: UTF8.self) }
            == #"{"event_type":"repeat","n":3,"t_ms":800}"#)
        #expect(MQTTTopics.gesturePayload(.released, tMs: 800) == nil)
        #expect(HomeAssistantDiscovery.objectID("hall.light-2") == "hall_light-2")
        #expect(MQTTConfig.nodeID(clientID: "touchpanel-kitchen.local/1") == "touchpanel-kitchen_local_1")
    }

    @Test func theOutboxKeepsTheNewestAndCountsTheDropped() {
        var outbox = MQTTOutbox(capacity: 3)
        for ms in [Int64(1), 2, 3, 4, 5] {
            outbox.append(MQTTOutbox.Entry(at: at(ms), messages: []))
        }
        #expect(outbox.count == 3)
        #expect(outbox.dropped == 2)
        #expect(outbox.takeFirst()?.at == at(3))
        outbox.append(MQTTOutbox.Entry(at: at(6), messages: []))
        #expect([outbox.takeFirst()?.at, outbox.takeFirst()?.at, outbox.takeFirst()?.at, outbox.takeFirst()?.at] == [at(4), at(5), at(6), nil])
        #expect(outbox.takeDroppedCount() == 2)
        #expect(outbox.takeDroppedCount() == 0)
    }
}
