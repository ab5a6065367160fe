import PanelConfig
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

@Suite("The bridge's fleet side: pushed configs in, P/config out, over a fake connection")
struct FleetBridgeTests {
    private let config = """
        [display]
        width = 800
        height = 480

        [mqtt]
        host = 127.0.0.1
        client_id = hall.panel
        discovery = no

        [fleet]
        groups = floor1
        accept_config = yes
        trust_key = /etc/touchpanel/fleet.pub

        [button heat]
        rect = 0, 0, 200, 100
        on_tap = emit
        """

    @Test func itSubscribesToItsConfigTopicsAndHandsOverWhatComesUnacted() throws {
        let rig = try EngineRig(config: config)
        let connection = FakeMQTTConnection()
        let bridge = MQTTBridge(
            settings: MQTTBridge.Settings(config: try #require(rig.engine.config.mqtt), hostName: "board"), connection: connection, log: rig.log,
            now: at(0), jitterSeed: 7)
        bridge.attach(rig.engine)
        bridge.setConfigReport(ConfigReport(hash: "ab", source: .local, since: "S", groups: ["floor1"], version: "0.1.0"))
        bridge.turn(revents: [], engine: rig.engine, now: at(0))
        connection.pendingEvents = [.connected(code: 0)]
        bridge.turn(revents: .readable, engine: rig.engine, now: at(1))
        #expect(connection.calls.filter { $0.hasPrefix("subscribe") && $0.contains("config") } == [
            "subscribe q1 touchpanel/config/hall_panel",
            "subscribe q1 touchpanel/config/group/floor1",
        ])
        #expect(connection.calls.contains(
            #"publish retained q1 touchpanel/hall_panel/config {"hash":"ab","source":"local","sequence":0,"topic":"","since":"S","groups":["floor1"],"version":"0.1.0","push":null}"#))

        // Retained, as pushed configs are: handed over as they came, the newest per topic.
        connection.pendingEvents = [
            .message(topic: "touchpanel/config/group/floor1", payload: Array("one".utf8), retained: true),
            .message(topic: "touchpanel/config/hall_panel", payload: Array("two".utf8), retained: true),
            .message(topic: "touchpanel/config/group/floor1", payload: Array("three".utf8), retained: false),
        ]
        bridge.turn(revents: .readable, engine: rig.engine, now: at(2))
        let first = bridge.takePushedConfig()
        #expect(first?.topic == "touchpanel/config/hall_panel" && first?.payload == Array("two".utf8))
        let second = bridge.takePushedConfig()
        #expect(second?.topic == "touchpanel/config/group/floor1" && second?.payload == Array("three".utf8))
        #expect(bridge.takePushedConfig() == nil)

        // A new report goes out at once; the same one again does not.
        connection.calls.removeAll()
        let report = ConfigReport(hash: "cd", source: .pushed, sequence: 5, topic: "touchpanel/config/hall_panel", since: "T", groups: ["floor1"], version: "0.1.0")
        bridge.setConfigReport(report)
        bridge.setConfigReport(report)
        bridge.turn(revents: [], engine: rig.engine, now: at(3))
        #expect(connection.calls.filter { $0.contains("hall_panel/config ") }.count == 1)
    }

    @Test func withoutAcceptConfigNoConfigTopicIsSubscribed() throws {
        let rig = try EngineRig(config: config.replacingOccurrences(of: "accept_config = yes\ntrust_key = /etc/touchpanel/fleet.pub\n", with: ""))
        let connection = FakeMQTTConnection()
        let bridge = MQTTBridge(
            settings: MQTTBridge.Settings(config: try #require(rig.engine.config.mqtt), hostName: "board"), connection: connection, log: rig.log,
            now: at(0), jitterSeed: 7)
        bridge.attach(rig.engine)
        bridge.turn(revents: [], engine: rig.engine, now: at(0))
        connection.pendingEvents = [.connected(code: 0), .message(topic: "touchpanel/config/hall_panel", payload: Array("x".utf8), retained: true)]
        bridge.turn(revents: .readable, engine: rig.engine, now: at(1))
        #expect(!connection.calls.contains { $0.hasPrefix("subscribe") && $0.contains("touchpanel/config") })
        #expect(bridge.takePushedConfig() == nil)
    }
}
