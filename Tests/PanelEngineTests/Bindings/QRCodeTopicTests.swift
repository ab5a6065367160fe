import LinuxSystem
import PanelConfig
@testable import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

private let qrConfig = """
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

    [qr guest]
    rect = 300, 0, 200, 200
    topic = panel/guest
    text = https://example.org/first
    """

@Suite("QR codes bound to a topic: each message's text, or a log line and the code kept")
struct QRCodeTopicTests {
    @Test func aMessageIsEncodedAndDrawnInALaterTurn() throws {
        let rig = try EngineRig(config: qrConfig)
        #expect(rig.engine.boundTopics.contains("panel/guest"))
        rig.surface.calls = []
        rig.engine.received(topic: "panel/guest", payload: Array("https://example.org/second".utf8), now: at(100))
        rig.tick(100)
        #expect(rig.surface.calls == ["label 1 https://example.org/second", "draw 1 qr", "frame 100"])
        #expect(rig.log.lines.isEmpty)
    }

    @Test func aTextWhoseCodeDoesNotFitIsLoggedAndTheCodeShownStays() throws {
        let rig = try EngineRig(config: qrConfig)
        rig.surface.labelRefusals[1] = "its 1000 bytes make a code of 101x101 modules: the previous code is kept"
        rig.surface.calls = []
        rig.engine.received(topic: "panel/guest", payload: Array(String(repeating: "x", count: 1000).utf8), now: at(100))
        rig.tick(100)
        #expect(rig.log.lines == ["[qr guest] label: its 1000 bytes make a code of 101x101 modules: the previous code is kept"])
    }
}

private let qrEntityConfig = """
    [display]
    width = 800
    height = 480

    [controller]
    model = ft5406

    [homeassistant]
    url = http://127.0.0.1:8123
    token_file = /etc/touchpanel/ha-token

    [qr guest]
    rect = 300, 0, 200, 200
    entity = input_text.guest_url
    """

@Suite("QR codes bound to a Home Assistant entity: its known state's text")
struct QRCodeEntityTests {
    @Test func aKnownStateIsTheCodeAndAnUnknownOneKeepsIt() throws {
        let rig = try EngineRig(config: qrEntityConfig)
        let entity = try #require(EntityID("input_text.guest_url"))
        #expect(rig.engine.boundEntities == [entity])
        rig.surface.calls = []
        rig.engine.entityReported(entity, EntityState(state: "https://example.org/guest"), now: at(100))
        rig.tick(100)
        #expect(rig.surface.calls == ["label 0 https://example.org/guest", "draw 0 qr", "frame 100"])
        rig.surface.calls = []
        rig.engine.entityReported(entity, EntityState(state: "unavailable"), now: at(200))
        rig.engine.entityReported(entity, nil, now: at(250))
        rig.tick(300)
        #expect(rig.surface.calls == [])
        #expect(rig.log.lines.isEmpty)
    }
}
