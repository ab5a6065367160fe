import PanelDrivers
import PanelEngine
import Testing

/// Home Assistant's messages (as 2025.4.4 sends them) through the shim's cJSON parsing and
/// flattening into the panel's values.
@Suite("Home Assistant's messages parsed: types, ids, results and entity changes, whatever the key order")
struct HomeAssistantMessageTests {
    private func message(_ text: String) -> HomeAssistantMessage? {
        guard case .message(let message) = WebsocketConnection.parse(text) else { return nil }
        return message
    }

    @Test func theLoginsMessages() {
        #expect(message(#"{"type":"auth_required","ha_version":"2025.4.4"}"#) == HomeAssistantMessage(kind: .authRequired, version: "2025.4.4"))
        #expect(message(#"{"type":"auth_ok","ha_version":"2025.4.4"}"#) == HomeAssistantMessage(kind: .authOK, version: "2025.4.4"))
        #expect(message(#"{"type":"auth_invalid","message":"Invalid access token or password"}"#)
            == HomeAssistantMessage(kind: .authInvalid, errorMessage: "Invalid access token or password"))
        #expect(message(#"{"id":7,"type":"pong"}"#) == HomeAssistantMessage(kind: .pong, id: 7))
        #expect(message(#"{"type":"something_new","id":3}"#) == HomeAssistantMessage(kind: .other, id: 3))
    }

    @Test func resultsSayWhetherAndWhy() {
        #expect(message(#"{"id":1,"type":"result","success":true,"result":null}"#) == HomeAssistantMessage(kind: .result, id: 1, success: true))
        #expect(message(#"{"id":4,"type":"result","success":false,"error":{"code":"not_found","message":"Service light.blink not found."}}"#)
            == HomeAssistantMessage(kind: .result, id: 4, errorCode: "not_found", errorMessage: "Service light.blink not found."))
        #expect(message(#"{"id":2,"type":"result","success":true,"result":"eyJhbGciOi.token"}"#)
            == HomeAssistantMessage(kind: .result, id: 2, success: true, resultText: "eyJhbGciOi.token"))
    }

    @Test func theFirstEventHasEveryAttributeAsText() {
        let dump = #"{"id":1,"type":"event","event":{"a":{"light.hall":{"s":"on","a":{"supported_color_modes":["brightness"],"color_mode":"brightness","brightness":128,"friendly_name":"Hall","supported_features":0},"c":"01JDZ","lc":1795949306.61},"sensor.room_temperature":{"s":"20.5","a":{"unit_of_measurement":"°C","friendly_name":"Room temperature","on":true,"x":null},"c":{"id":"01JE","parent_id":null,"user_id":null},"lc":1795949306.6}}}}"#
        #expect(message(dump) == HomeAssistantMessage(kind: .event, id: 1, entities: [
            EntityUpdate(change: .added, entity: "light.hall", state: "on", attributes: [
                EntityAttribute(name: "supported_color_modes", text: #"["brightness"]"#),
                EntityAttribute(name: "color_mode", text: "brightness"),
                EntityAttribute(name: "brightness", text: "128", isNumber: true),
                EntityAttribute(name: "friendly_name", text: "Hall"),
                EntityAttribute(name: "supported_features", text: "0", isNumber: true),
            ]),
            EntityUpdate(change: .added, entity: "sensor.room_temperature", state: "20.5", attributes: [
                EntityAttribute(name: "unit_of_measurement", text: "°C"),
                EntityAttribute(name: "friendly_name", text: "Room temperature"),
                EntityAttribute(name: "on", text: "true"),
                EntityAttribute(name: "x", text: "null"),
            ]),
        ]))
    }

    @Test func changesAndRemovalsInAnyKeyOrder() {
        // A cached diff puts `id` last.
        let change = #"{"type":"event","event":{"c":{"climate.study":{"+":{"lu":1795949400.2,"c":"01JG","a":{"temperature":23.5,"hvac_action":"idle"}},"-":{"a":["preset_mode"]}},"light.hall":{"+":{"s":"off","a":{"brightness":null}}}}},"id":1}"#
        #expect(message(change) == HomeAssistantMessage(kind: .event, id: 1, entities: [
            EntityUpdate(change: .changed, entity: "climate.study", state: nil, attributes: [
                EntityAttribute(name: "temperature", text: "23.5", isNumber: true), EntityAttribute(name: "hvac_action", text: "idle"),
            ], removedAttributes: ["preset_mode"]),
            EntityUpdate(change: .changed, entity: "light.hall", state: "off", attributes: [EntityAttribute(name: "brightness", text: "null")]),
        ]))
        #expect(message(#"{"id":1,"type":"event","event":{"r":["input_boolean.spare","light.x"]}}"#)
            == HomeAssistantMessage(kind: .event, id: 1, entities: [
                EntityUpdate(change: .removed, entity: "input_boolean.spare"), EntityUpdate(change: .removed, entity: "light.x"),
            ]))
    }

    @Test func getStatesResultsListEveryEntity() {
        let states = #"{"id":1,"type":"result","success":true,"result":[{"entity_id":"light.hall","state":"on","attributes":{"friendly_name":"Hall"},"last_changed":"2026-11-29T10:00:00+00:00","context":{"id":"x"}},{"entity_id":"sun.sun","state":"above_horizon","attributes":{}}]}"#
        #expect(message(states)?.entities == [
            EntityUpdate(change: .added, entity: "light.hall", state: "on", attributes: [EntityAttribute(name: "friendly_name", text: "Hall")]),
            EntityUpdate(change: .added, entity: "sun.sun", state: "above_horizon"),
        ])
    }

    @Test func whatIsNoJSONObjectIsUnreadableAndBrokenPartsAreSkipped() {
        for text in ["", "[1,2]", "\"auth_ok\"", #"{"type":"auth_ok""#, #"{"type":"auth_ok"} trailing"#, "null"] {
            #expect(WebsocketConnection.parse(text) == .unreadable(bytes: text.utf8.count), "\(text)")
        }
        // A state that is no string, an `a` that is no object, an `r` with a number: skipped, the rest kept.
        let broken = #"{"id":1,"type":"event","event":{"a":{"light.a":{"s":5},"light.b":"x","light.c":{"s":"on","a":[1]}},"r":[3,"light.d"]}}"#
        let entities = message(broken)?.entities ?? []
        #expect(entities.contains(EntityUpdate(change: .removed, entity: "light.d")))
        #expect(!entities.contains { $0.entity == "light.b" })
    }

    @Test func aHistoryResultListsEachEntitysRecordedStatesWithTheirTimes() {
        // As 2025.4.4 answers history/history_during_period with minimal_response and
        // no_attributes: the first state in full (its `a` empty), then `s` and `lu` alone.
        let reply = #"{"id":2,"type":"result","success":true,"result":{"sensor.power":[{"s":"20","a":{},"lu":1795687200.0},{"s":"21.5","lu":1795687320.25},{"s":"unavailable","lu":1795687380}],"sensor.empty":[]}}"#
        #expect(message(reply) == HomeAssistantMessage(kind: .result, id: 2, success: true, histories: [
            EntityHistory(entity: "sensor.power", points: [
                RecordedState("20", epochMs: 1_795_687_200_000), RecordedState("21.5", epochMs: 1_795_687_320_250),
                RecordedState("unavailable", epochMs: 1_795_687_380_000),
            ]),
            EntityHistory(entity: "sensor.empty"),
        ]))
    }

    @Test func aHistoryWithAPointOfAnotherShapeIsMalformedWhole() {
        let noTime = #"{"id":2,"type":"result","success":true,"result":{"sensor.power":[{"s":"20","lu":1795687200},{"s":"21"}]}}"#
        #expect(message(noTime)?.histories == [EntityHistory(entity: "sensor.power", malformed: true)])
        let noText = #"{"id":2,"type":"result","success":true,"result":{"sensor.power":[{"s":20,"lu":1795687200}]}}"#
        #expect(message(noText)?.histories == [EntityHistory(entity: "sensor.power", malformed: true)])
        let noTimeOnEarth = #"{"id":2,"type":"result","success":true,"result":{"sensor.power":[{"s":"20","lu":1e300}]}}"#
        #expect(message(noTimeOnEarth)?.histories == [EntityHistory(entity: "sensor.power", malformed: true)])
        // A service call's result is an object too: no history in it.
        let call = #"{"id":5,"type":"result","success":true,"result":{"context":{"id":"01JE"},"response":null}}"#
        #expect(message(call) == HomeAssistantMessage(kind: .result, id: 5, success: true))
    }

    @Test func anOversizedMessagesFirstBytesNameTheCommandItAnswers() {
        #expect(WebsocketConnection.leadingID(#"{"id":12,"type":"result","success":tru"#) == 12)
        #expect(WebsocketConnection.leadingID(#"{"type":"event","id":3"#) == nil)
        #expect(WebsocketConnection.leadingID(#"{"id":"#) == nil)
    }
}
