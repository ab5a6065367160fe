import LinuxSystem
import PanelConfig
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

/// A panel of two pages in groups `floor1` and `all`, no discovery: the transactions are the
/// panel's own topics and the fleet's.
private let fleetConfig = """
    [display]
    width = 800
    height = 480

    [controller]
    model = ft5406

    [mqtt]
    host = 127.0.0.1
    client_id = hall.panel
    keepalive_s = 300
    discovery = no

    [fleet]
    groups = floor1, all

    [page one]
    [page two]

    [button heat]
    page = one
    rect = 0, 0, 200, 100
    label = Heating
    on_tap = emit
    """

private let prefix = "touchpanel/hall_panel"

/// The machine as a test fixes it.
private final class FixedMachine: MachineReadings {
    var anonymous: Int? = 2_048
    var millidegrees: Int? = 47_250
    func anonymousKB() -> Int? { anonymous }
    func cpuMillidegrees() -> Int? { millidegrees }
}

/// An engine over fakes with the bridge over a fake connection, made at 0 ms; the run's
/// vitals: started at 0 ms, one touch report of 1.25 ms, an error logged.
private struct FleetRig {
    let rig: EngineRig
    let connection = FakeMQTTConnection()
    let bridge: MQTTBridge
    let machine = FixedMachine()
    let errors: LastErrorLog

    init(config: String = fleetConfig, vitals: Bool = true) throws {
        rig = try EngineRig(config: config)
        let mqtt = try #require(rig.engine.config.mqtt)
        errors = LastErrorLog(rig.log)
        bridge = MQTTBridge(
            settings: MQTTBridge.Settings(config: mqtt, hostName: "board"), connection: connection, log: errors, now: at(0), jitterSeed: 7)
        if vitals {
            let latency = LatencyStatistics(log: rig.log, now: { MonotonicInstant(nanoseconds: 1_250_000) })
            latency.eventsWritten(sinceEdge: MonotonicInstant(nanoseconds: 0))
            errors.error("backlight: cannot write \"bl_power\"")
            bridge.vitals = PanelVitals(startedAt: at(0), latency: latency, errors: errors, machine: machine)
        }
        bridge.attach(rig.engine)
    }

    func turn(_ ms: Int64, readable: Bool = false) {
        bridge.turn(revents: readable ? .readable : [], engine: rig.engine, now: at(ms))
    }

    /// Connected at `ms` (the CONNACK read at `ms + 1`), everything published acknowledged.
    func connect(at ms: Int64) {
        turn(ms)
        connection.pendingEvents = [.connected(code: 0)]
        turn(ms + 1, readable: true)
        connection.acknowledgeAll()
        turn(ms + 2, readable: true)
    }

    func receive(_ ms: Int64, _ topic: String, _ payload: String, retained: Bool = false) {
        connection.pendingEvents = [.message(topic: topic, payload: Array(payload.utf8), retained: retained)]
        turn(ms, readable: true)
    }
}

private let health10s =
    #"{"version":"0.1.0","config_hash":"","uptime_s":10,"touches":1,"touch_p99_ms":1.25,"dropped":0,"anon_kb":2048,"cpu_temp_c":47.3,"last_error":"backlight: cannot write \"bl_power\""}"#

@Suite("A panel of a fleet on the broker: group commands, health, the latest version (issue 48)")
struct FleetBridgeTests {
    @Test func onConnectItSubscribesToItsGroupsAndTheLatestVersionAndPublishesUpdateAndHealth() throws {
        let rig = try FleetRig()
        rig.turn(10_000)
        rig.connection.pendingEvents = [.connected(code: 0)]
        rig.turn(10_001, readable: true)
        #expect(rig.connection.calls == [
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
            "subscribe q1 touchpanel/group/floor1/#",
            "subscribe q1 touchpanel/group/all/#",
            "subscribe q1 touchpanel/latest",
            "publish retained q1 \(prefix)/button/heat/label Heating",
            "publish retained q1 \(prefix)/button/heat/enabled ON",
            "publish retained q1 \(prefix)/page one",
            #"publish retained q1 touchpanel/hall_panel/update {"installed_version":"0.1.0","latest_version":"0.1.0"}"#,
            "publish retained q1 \(prefix)/health \(health10s)",
        ])
        // The next health a minute later, on the link's clock: a deadline, not a wait.
        rig.connection.acknowledgeAll()
        rig.connection.calls = []
        #expect(rig.bridge.nextDeadline == at(70_001))
        rig.turn(70_000)
        #expect(rig.connection.calls == [])
        rig.machine.millidegrees = nil
        rig.machine.anonymous = 2_100
        rig.turn(70_001)
        #expect(rig.connection.calls == [
            #"publish retained q1 touchpanel/hall_panel/health {"version":"0.1.0","config_hash":"","uptime_s":70,"touches":1,"touch_p99_ms":1.25,"dropped":0,"anon_kb":2100,"cpu_temp_c":null,"last_error":"backlight: cannot write \"bl_power\""}"#,
        ])
        #expect(rig.bridge.nextDeadline == at(130_001))
    }

    @Test func aPanelWithoutFleetPublishesNoHealthAndTakesNoGroupCommand() throws {
        let rig = try FleetRig(config: fleetConfig.replacingOccurrences(of: "[fleet]\ngroups = floor1, all\n", with: ""))
        rig.connect(at: 0)
        #expect(!rig.connection.calls.contains { $0.contains("/health") || $0.contains("/update") || $0.contains("group") || $0.contains("latest") })
        #expect(rig.bridge.nextDeadline == rig.bridge.link.deadline)  // keep-alive only
        rig.connection.calls = []
        rig.receive(100, "touchpanel/group/floor1/page/set", "two")
        #expect(rig.rig.engine.shownPage == 0)
        #expect(rig.connection.calls == ["read"])
    }

    @Test func aGroupCommandActsAsTheSameTopicUnderThePanelsOwnPrefix() throws {
        let rig = try FleetRig()
        rig.connect(at: 0)
        rig.connection.calls = []
        rig.receive(100, "touchpanel/group/floor1/page/set", "two")
        #expect(rig.rig.engine.shownPage == 1)
        rig.turn(101)
        #expect(rig.connection.calls == ["read", "publish retained q1 \(prefix)/page two"])
        rig.connection.calls = []
        // The short form of a label, and the long one, through either group.
        rig.receive(200, "touchpanel/group/all/label/heat/set", "Warm")
        rig.receive(201, "touchpanel/group/floor1/button/heat/enabled/set", "OFF")
        #expect(rig.connection.calls == [
            "read", "publish retained q1 \(prefix)/button/heat/label Warm", "read", "publish retained q1 \(prefix)/button/heat/enabled OFF",
        ])
        rig.connection.calls = []
        // A command's reply goes to the panel's own reply topic.
        rig.receive(300, "touchpanel/group/all/command", "page one")
        #expect(rig.connection.calls == ["read", #"publish q1 touchpanel/hall_panel/reply {"ok":true}"#, "publish retained q1 \(prefix)/page one"])
        rig.connection.calls = []
        // Another group's command, and a topic the panel only publishes on: nothing.
        rig.receive(400, "touchpanel/group/floor2/page/set", "two")
        rig.receive(401, "touchpanel/group/floor1/page", "two")
        #expect(rig.rig.engine.shownPage == 0)
        #expect(rig.connection.calls == ["read", "read"])
    }

    @Test func aReloadThatAddsFleetSubscribesAndSaysHealthAndOneThatRemovesItClearsThem() throws {
        let plainConfig = fleetConfig.replacingOccurrences(of: "[fleet]\ngroups = floor1, all\n", with: "")
        let rig = try FleetRig(config: plainConfig)
        rig.connect(at: 0)
        rig.connection.calls = []
        let withFleet = try EngineRig(config: fleetConfig.replacingOccurrences(of: "floor1, all", with: "floor1"))
        rig.bridge.attach(withFleet.engine)
        rig.bridge.turn(revents: [], engine: withFleet.engine, now: at(10_000))
        #expect(rig.connection.calls == [
            "subscribe q1 touchpanel/group/floor1/#",
            "subscribe q1 touchpanel/latest",
            "publish retained q1 \(prefix)/button/heat/label Heating",
            "publish retained q1 \(prefix)/button/heat/enabled ON",
            "publish retained q1 \(prefix)/page one",
            #"publish retained q1 touchpanel/hall_panel/update {"installed_version":"0.1.0","latest_version":"0.1.0"}"#,
            "publish retained q1 \(prefix)/health \(health10s)",
        ])
        // Another group added: only it is subscribed; the health keeps its minute.
        rig.connection.acknowledgeAll()
        rig.connection.calls = []
        let twoGroups = try EngineRig(config: fleetConfig)
        rig.bridge.attach(twoGroups.engine)
        rig.bridge.turn(revents: [], engine: twoGroups.engine, now: at(20_000))
        #expect(rig.connection.calls == [
            "subscribe q1 touchpanel/group/all/#",
            "publish retained q1 \(prefix)/button/heat/label Heating",
            "publish retained q1 \(prefix)/button/heat/enabled ON",
            "publish retained q1 \(prefix)/page one",
            #"publish retained q1 touchpanel/hall_panel/update {"installed_version":"0.1.0","latest_version":"0.1.0"}"#,
        ])
        #expect(rig.bridge.nextDeadline == at(70_000))
        // Without [fleet]: its retained health and update cleared, no health due.
        rig.connection.acknowledgeAll()
        rig.connection.calls = []
        let plain = try EngineRig(config: plainConfig)
        rig.bridge.attach(plain.engine)
        rig.bridge.turn(revents: [], engine: plain.engine, now: at(30_000))
        #expect(rig.connection.calls == [
            "publish retained q1 \(prefix)/health ",
            "publish retained q1 \(prefix)/update ",
            "publish retained q1 \(prefix)/button/heat/label Heating",
            "publish retained q1 \(prefix)/button/heat/enabled ON",
            "publish retained q1 \(prefix)/page one",
        ])
        #expect(rig.bridge.nextDeadline == rig.bridge.link.deadline)
    }

    @Test func aRetainedGroupCommandIsRefusedAsTheOwnTopicsAre() throws {
        let rig = try FleetRig()
        rig.connect(at: 0)
        rig.connection.calls = []
        rig.receive(100, "touchpanel/group/floor1/page/set", "two", retained: true)
        #expect(rig.rig.engine.shownPage == 0)
        #expect(rig.connection.calls == ["read"])
        #expect(rig.rig.log.lines.last
            == "mqtt: ignored a retained command on touchpanel/group/floor1/page/set: commands act once; publish them without retain")
    }

    @Test func theLatestVersionAnnouncedIsTheUpdateStatesLatest() throws {
        let rig = try FleetRig()
        rig.connect(at: 0)
        rig.connection.calls = []
        rig.receive(100, "touchpanel/latest", "9.9.9", retained: true)
        #expect(rig.bridge.latestVersion == "9.9.9")
        #expect(rig.connection.calls == [
            "read", #"publish retained q1 touchpanel/hall_panel/update {"installed_version":"0.1.0","latest_version":"9.9.9"}"#,
        ])
        rig.connection.calls = []
        rig.receive(200, "touchpanel/latest", "9.9 beta")
        #expect(rig.bridge.latestVersion == "9.9.9")
        #expect(rig.connection.calls == ["read"])
        #expect(rig.rig.log.lines.last
            == "mqtt: ignored touchpanel/latest: a version is printable ASCII without spaces or quotes, such as 1.2.3")
        // Cleared: the panel is up to date again.
        rig.receive(300, "touchpanel/latest", "", retained: true)
        #expect(rig.connection.calls == [
            "read", "read", #"publish retained q1 touchpanel/hall_panel/update {"installed_version":"0.1.0","latest_version":"0.1.0"}"#,
        ])
    }

    @Test func droppedEventsAndTheConfigHashAreInTheHealth() throws {
        let rig = try FleetRig(config: fleetConfig.replacingOccurrences(of: "discovery = no", with: "discovery = no\nqueue = 1"), vitals: false)
        rig.bridge.setConfigReport(ConfigReport(hash: "9f86d081", source: .local, since: "S", groups: [], version: "0.1.0"))
        // While the broker is away, three events: two dropped.
        rig.rig.interrupt(100, report([(0, 50, 50, .down)]))
        rig.rig.interrupt(150, report([(0, 50, 50, .up)]))
        rig.rig.tick(1_000)
        rig.connection.connectResult = 0
        rig.connect(at: 5_000)
        let health = rig.connection.publishes.first { $0.contains("/health ") }
        #expect(health
            == #"publish retained q1 touchpanel/hall_panel/health {"version":"0.1.0","config_hash":"9f86d081","uptime_s":5,"touches":0,"touch_p99_ms":0.00,"dropped":2,"anon_kb":null,"cpu_temp_c":null,"last_error":null}"#)
        #expect(rig.bridge.droppedTotal == 2)
    }

    @Test func homeAssistantGetsHealthSensorsAndAnUpdateEntity() throws {
        let rig = try FleetRig(config: fleetConfig.replacingOccurrences(of: "discovery = no\n", with: ""))
        let documents = rig.bridge.discoveryDocuments(for: rig.rig.engine.config)
        let device = #""availability_topic":"touchpanel/hall_panel/availability","payload_available":"online","payload_not_available":"offline","qos":1,"device":{"identifiers":["hall_panel"],"name":"board","manufacturer":"TouchPanel","model":"ft5406 800x480","sw_version":"0.1.0"},"origin":{"name":"touchpanel","sw_version":"0.1.0"}}"#
        let fleet = documents.suffix(6).map { ($0.topic, String(decoding: $0.payload, as: UTF8.self)) }
        #expect(fleet.map { $0.0 } == [
            "homeassistant/sensor/hall_panel/health_uptime/config",
            "homeassistant/sensor/hall_panel/health_touch_p99/config",
            "homeassistant/sensor/hall_panel/health_anon_memory/config",
            "homeassistant/sensor/hall_panel/health_cpu_temperature/config",
            "homeassistant/sensor/hall_panel/health_dropped/config",
            "homeassistant/update/hall_panel/firmware/config",
        ])
        #expect(fleet.map { $0.1 } == [
            #"{"name":"Uptime","state_topic":"touchpanel/hall_panel/health","value_template":"{{ value_json.uptime_s }}","device_class":"duration","unit_of_measurement":"s","entity_category":"diagnostic","unique_id":"hall_panel_health_uptime","# + device,
            #"{"name":"Touch p99","state_topic":"touchpanel/hall_panel/health","value_template":"{{ value_json.touch_p99_ms }}","device_class":"duration","unit_of_measurement":"ms","state_class":"measurement","entity_category":"diagnostic","unique_id":"hall_panel_health_touch_p99","# + device,
            #"{"name":"Anonymous memory","state_topic":"touchpanel/hall_panel/health","value_template":"{{ value_json.anon_kb }}","device_class":"data_size","unit_of_measurement":"kB","state_class":"measurement","entity_category":"diagnostic","unique_id":"hall_panel_health_anon_memory","# + device,
            #"{"name":"CPU temperature","state_topic":"touchpanel/hall_panel/health","value_template":"{{ value_json.cpu_temp_c }}","device_class":"temperature","unit_of_measurement":"°C","state_class":"measurement","entity_category":"diagnostic","unique_id":"hall_panel_health_cpu_temperature","# + device,
            #"{"name":"Dropped events","state_topic":"touchpanel/hall_panel/health","value_template":"{{ value_json.dropped }}","state_class":"total_increasing","icon":"mdi:message-alert-outline","entity_category":"diagnostic","unique_id":"hall_panel_health_dropped","# + device,
            #"{"name":"Firmware","state_topic":"touchpanel/hall_panel/update","device_class":"firmware","entity_category":"config","unique_id":"hall_panel_firmware","# + device,
        ])
        // Without [fleet], none of them.
        let plain = try FleetRig(config: fleetConfig.replacingOccurrences(of: "discovery = no\n", with: "").replacingOccurrences(of: "[fleet]\ngroups = floor1, all\n", with: ""))
        #expect(!plain.bridge.discoveryDocuments(for: plain.rig.engine.config).contains { $0.topic.contains("health") || $0.topic.contains("/update/") })
    }
}
