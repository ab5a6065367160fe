import Foundation
import LinuxSystem
import PanelConfig
@testable import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

/// A lamp and a blind in Home Assistant, shown and driven over its websocket API.
private let entityConfig = """
    [display]
    width = 800
    height = 480

    [controller]
    model = ft5406

    [homeassistant]
    url = http://127.0.0.1:8123
    token_file = /etc/touchpanel/ha-token

    [button hall]
    rect = 0, 0, 200, 100
    entity = light.hall
    pending_ms = 1500
    on_double_tap = service light.turn_on {"brightness_pct": 100}

    [button blind]
    rect = 400, 0, 200, 100
    label = Blind
    entity = cover.blind
    """

private let token = "eyJhbGciOiJIUzI1NiJ9.secret-token"

/// The engine over fakes and the bridge over a fake websocket; online at 3 ms when asked.
private struct EntityRig {
    let rig: EngineRig
    let connection = FakeHomeAssistantConnection()
    let bridge: HomeAssistantBridge

    init(online: Bool = true) throws {
        rig = try EngineRig(config: entityConfig)
        let config = try #require(rig.engine.config.homeAssistant)
        bridge = HomeAssistantBridge(config: config, token: token, connection: connection, log: rig.log, now: at(0), jitterSeed: 7)
        bridge.attach(rig.engine, now: at(0))
        guard online else { return }
        turn(0)
        connection.pendingEvents = [.upgraded]
        connection.receive(#"{"type":"auth_required","ha_version":"2025.4.4"}"#)
        turn(1)
        connection.receive(#"{"type":"auth_ok","ha_version":"2025.4.4"}"#)
        turn(2)
        connection.receive(#"{"id":1,"type":"result","success":true,"result":null}"#)
        turn(3)
    }

    func turn(_ ms: Int64) {
        bridge.turn([], engine: rig.engine, now: at(ms))
    }

    /// Home Assistant sends `json` at `ms`.
    func receive(_ ms: Int64, _ json: String) {
        connection.receive(json)
        rig.tick(ms)
        turn(ms)
        rig.tick(ms)
    }

    /// A tap at (x, 50) from `downMs`, lifted 40 ms later, each step followed by the bridge's turn.
    func tap(_ downMs: Int64, x: Int32 = 100) {
        rig.interrupt(downMs, report([(0, x, 50, .down)]))
        turn(downMs)
        rig.interrupt(downMs + 40, report([(0, x, 50, .up)]))
        turn(downMs + 40)
    }

    func state(_ ms: Int64) -> String { rig.engine.control(.state, now: at(ms)) }
}

/// The first event of the subscription: the hall light on at 50 %, the blind open.
private let firstDump = #"""
    {"id":1,"type":"event","event":{"a":{"light.hall":{"s":"on","a":{"friendly_name":"Hall","brightness":128,"supported_color_modes":["brightness"]},"c":"01JD","lc":1795949306.61},"cover.blind":{"s":"open","a":{"friendly_name":"Blind","current_position":40},"c":"01JE","lc":1795949306.6}}}}
    """#

@Suite("Entity buttons: Home Assistant's state drawn, a tap calls a service, never an action from a state")
struct EntityButtonTests {
    @Test func theOpeningLogsInWithTheTokenAndSubscribesToExactlyTheBoundEntities() throws {
        let rig = try EntityRig()
        #expect(rig.rig.engine.boundEntities.map(\.description) == ["light.hall", "cover.blind"])
        #expect(rig.connection.calls == [
            "connect",
            #"send {"type":"auth","access_token":"eyJhbGciOiJIUzI1NiJ9.secret-token"}"#,
            #"send {"id":1,"type":"subscribe_entities","entity_ids":["light.hall","cover.blind"]}"#,
        ])
        #expect(rig.bridge.link == .online(pingAt: at(30_003), pongBy: nil))
        #expect(!rig.rig.log.lines.contains { $0.contains("secret-token") })
        #expect(rig.rig.log.lines.suffix(2) == [
            "homeassistant: logged in to http://127.0.0.1:8123 (Home Assistant 2025.4.4)",
            "homeassistant: online, 2 entities subscribed",
        ])
    }

    @Test func theFirstEventDrawsEachStateOnceAndTakesTheFriendlyNameAsTheLabel() throws {
        let rig = try EntityRig()
        #expect(rig.state(4).contains(#"{"name":"hall","label":"hall","enabled":true,"entity":"light.hall","state":"unknown"}"#))
        rig.rig.surface.calls = []
        rig.receive(10, firstDump)
        #expect(rig.state(11).contains(#"{"name":"hall","label":"Hall","enabled":true,"entity":"light.hall","state":"on"}"#))
        // The blind has its own label; open is its on.
        #expect(rig.state(11).contains(#"{"name":"blind","label":"Blind","enabled":true,"entity":"cover.blind","state":"on"}"#))
        #expect(rig.rig.launcher.transactions == [])
        #expect(rig.connection.sent.count == 2)
    }

    @Test func aTapCallsToggleOnTheEntityShowsPendingAndTheNewStateEndsIt() throws {
        let rig = try EntityRig()
        rig.receive(10, firstDump)
        rig.rig.surface.calls = []
        rig.tap(100)
        // A double tap is possible (on_double_tap): the single tap runs at 390.
        rig.rig.tick(390)
        rig.turn(390)
        #expect(rig.connection.sent.last
            == #"{"id":2,"type":"call_service","domain":"homeassistant","service":"toggle","target":{"entity_id":"light.hall"}}"#)
        #expect(rig.state(391).contains(#""entity":"light.hall","state":"pending""#))
        rig.receive(450, #"{"id":2,"type":"result","success":true,"result":{"context":{"id":"01JF","parent_id":null,"user_id":"u"}}}"#)
        rig.receive(460, #"{"type":"event","event":{"c":{"light.hall":{"+":{"s":"off","lc":1795949400.1,"c":"01JF","a":{"brightness":null}}}}},"id":1}"#)
        #expect(rig.state(461).contains(#""entity":"light.hall","state":"off""#))
        // The echo of the same state changes nothing and runs nothing.
        let sends = rig.connection.sent.count
        rig.receive(470, #"{"type":"event","event":{"c":{"light.hall":{"+":{"lu":1795949400.2,"c":"01JG"}}}},"id":1}"#)
        #expect(rig.connection.sent.count == sends)
        #expect(rig.state(471).contains(#""entity":"light.hall","state":"off""#))
    }

    @Test func aServiceActionSendsItsDataWithTheEntityAsTarget() throws {
        let rig = try EntityRig()
        rig.receive(10, firstDump)
        rig.tap(100)
        rig.tap(200)
        rig.rig.tick(600)
        rig.turn(600)
        #expect(rig.connection.sent.last
            == #"{"id":2,"type":"call_service","domain":"light","service":"turn_on","service_data":{"brightness_pct": 100},"target":{"entity_id":"light.hall"}}"#)
    }

    @Test func aFailedServiceCallIsLoggedWithHomeAssistantsWords() throws {
        let rig = try EntityRig()
        rig.receive(10, firstDump)
        rig.tap(100)
        rig.rig.tick(390)
        rig.turn(390)
        rig.receive(400, #"{"id":2,"type":"result","success":false,"error":{"code":"not_found","message":"Service homeassistant.toggle not found."}}"#)
        #expect(rig.rig.log.lines.last
            == "[button hall] service homeassistant.toggle: Home Assistant said not_found: Service homeassistant.toggle not found.")
    }

    @Test func unavailableRemovedAndMissingEntitiesShowUnknownWithOneLineEach() throws {
        let rig = try EntityRig()
        // Only the light exists: the blind is missing from the first event.
        rig.receive(10, #"{"id":1,"type":"event","event":{"a":{"light.hall":{"s":"on","a":{"friendly_name":"Hall"}}}}}"#)
        #expect(rig.rig.log.lines.last == "homeassistant: no entity cover.blind in Home Assistant at http://127.0.0.1:8123; its items show unknown")
        rig.receive(20, #"{"id":1,"type":"event","event":{"c":{"light.hall":{"+":{"s":"unavailable"}}}}}"#)
        #expect(rig.state(21).contains(#""entity":"light.hall","state":"unknown""#))
        rig.receive(30, #"{"id":1,"type":"event","event":{"c":{"light.hall":{"+":{"s":"off"}}}}}"#)
        #expect(rig.state(31).contains(#""entity":"light.hall","state":"off""#))
        rig.receive(40, #"{"id":1,"type":"event","event":{"r":["light.hall"]}}"#)
        #expect(rig.state(41).contains(#""entity":"light.hall","state":"unknown""#))
        #expect(rig.rig.log.lines.last == "homeassistant: light.hall is gone from Home Assistant; its items show unknown")
        // A state that is neither on nor off is logged, and changes nothing.
        rig.receive(50, #"{"id":1,"type":"event","event":{"a":{"cover.blind":{"s":"opening","a":{}}}}}"#)
        #expect(rig.rig.log.lines.last == #"homeassistant: cover.blind for [button blind]: ignored: "opening" is neither state_on (open) nor state_off (closed)"#)
    }

    @Test func homeAssistantGoingAwayShowsUnknownDropsCallsAndReconnectsWithBackOff() throws {
        let rig = try EntityRig()
        rig.receive(10, firstDump)
        rig.connection.pendingEvents = [.closed(code: 1006, reason: "connection reset")]
        rig.rig.tick(20)
        rig.turn(20)
        rig.rig.tick(20)
        #expect(rig.state(21).contains(#""entity":"light.hall","state":"unknown""#))
        #expect(rig.rig.log.lines.last == "homeassistant: the connection to http://127.0.0.1:8123 ended: connection reset (close code 1006); next try in 1 s")
        #expect(rig.bridge.nextDeadline == at(973))
        rig.tap(100)
        rig.rig.tick(390)
        rig.turn(390)
        #expect(rig.rig.log.lines.contains(
            "[button hall] service homeassistant.toggle: dropped, Home Assistant at http://127.0.0.1:8123 is away (service calls are not queued)"))
        rig.connection.calls = []
        rig.turn(973)
        #expect(rig.connection.calls == ["connect"])
        // A new connection counts its ids from 1 again.
        rig.connection.pendingEvents = [.upgraded]
        rig.connection.receive(#"{"type":"auth_required","ha_version":"2025.4.4"}"#)
        rig.connection.receive(#"{"type":"auth_ok","ha_version":"2025.4.4"}"#)
        rig.turn(1_030)
        #expect(rig.connection.sent.last == #"{"id":1,"type":"subscribe_entities","entity_ids":["light.hall","cover.blind"]}"#)
    }

    @Test func aRefusedTokenIsOneErrorLineWithoutTheTokenAndAFiveMinuteWait() throws {
        let rig = try EntityRig(online: false)
        rig.turn(0)
        rig.connection.pendingEvents = [.upgraded]
        rig.connection.receive(#"{"type":"auth_required","ha_version":"2025.4.4"}"#)
        rig.turn(1)
        rig.connection.receive(#"{"type":"auth_invalid","message":"Invalid access token or password"}"#)
        rig.turn(2)
        #expect(rig.connection.calls.last == "close")
        #expect(rig.rig.log.lines.last
            == "homeassistant: http://127.0.0.1:8123 refused the token in /etc/touchpanel/ha-token (Invalid access token or password); next try in 300 s: make a new long-lived access token in your Home Assistant profile")
        #expect(!rig.rig.log.lines.contains { $0.contains("secret-token") })
        #expect(rig.bridge.nextDeadline == at(300_002))
        // Home Assistant closes the socket after auth_invalid: no second line, no earlier retry.
        rig.connection.pendingEvents = [.closed(code: 1000, reason: "closed")]
        let lines = rig.rig.log.lines.count
        rig.turn(3)
        #expect(rig.rig.log.lines.count == lines)
        #expect(rig.bridge.nextDeadline == at(300_002))
    }

    @Test func aPingGoesOutEveryThirtySecondsAndALatePongDropsTheLink() throws {
        let rig = try EntityRig()
        rig.connection.calls = []
        rig.turn(30_003)
        #expect(rig.connection.calls == [#"send {"id":2,"type":"ping"}"#])
        rig.connection.receive(#"{"id":2,"type":"pong"}"#)
        rig.turn(30_010)
        #expect(rig.bridge.link == .online(pingAt: at(60_003), pongBy: nil))
        rig.turn(60_003)
        #expect(rig.connection.sent.last == #"{"id":3,"type":"ping"}"#)
        rig.turn(70_003)
        #expect(rig.connection.calls.last == "close")
        #expect(rig.rig.log.lines.last == "homeassistant: http://127.0.0.1:8123 did not answer a ping in time; next try in 1 s")
    }

    @Test func aCloseAtStopWaitsForTheConnectionToEndOnlyWhenThereIsOne() throws {
        let rig = try EntityRig()
        rig.connection.calls = []
        rig.bridge.close(now: at(10))
        #expect(rig.connection.calls == ["close"])
        #expect(rig.bridge.isClosing)
        #expect(rig.bridge.pollInterests.isEmpty)
        #expect(rig.bridge.closingInterests.count == 1)
        rig.connection.pendingEvents = [.closed(code: 1000, reason: "closed")]
        rig.bridge.closingTurn([])
        #expect(!rig.bridge.isClosing)
        let away = try EntityRig(online: false)
        away.bridge.close(now: at(0))
        #expect(!away.bridge.isClosing)
        #expect(away.bridge.link == .stopped)
    }

    @Test func oversizedAndUnreadableMessagesAreSkippedAndTheLinkStays() throws {
        let rig = try EntityRig()
        rig.connection.pendingEvents = [.oversized(bytes: 262_145, id: nil), .unreadable(bytes: 9)]
        rig.turn(10)
        #expect(rig.bridge.link.isOnline)
        #expect(rig.rig.log.lines.suffix(2) == [
            "homeassistant: http://127.0.0.1:8123 sent a message of 262145 bytes or more, over max_message_kb = 256; skipped",
            "homeassistant: http://127.0.0.1:8123 sent a message of 9 bytes that is no JSON object; skipped",
        ])
    }
}
