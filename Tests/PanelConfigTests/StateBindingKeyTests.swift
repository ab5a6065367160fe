import PanelConfig
import Testing

@Suite("state_topic and its keys, title, the mqtt action: read, defaulted and refused")
struct StateBindingKeyTests {
    private let broker = "[mqtt]\nhost = 127.0.0.1\n"

    private func button(_ keys: String, mqtt: Bool = true) -> String {
        display800x480 + (mqtt ? broker : "") + "[button lamp]\nrect = 0, 0, 100, 100\n" + keys + "\n"
    }

    @Test func aBindingWithItsDefaults() throws {
        let config = try #require(parsed(button("state_topic = zigbee2mqtt/lamp\non_tap = mqtt zigbee2mqtt/lamp/set TOGGLE")))
        #expect(config.buttons[0].binding == StateBinding(topic: "zigbee2mqtt/lamp", field: nil, on: "ON", off: "OFF", pending: .milliseconds(2000)))
        #expect(config.buttons[0].onTap == .mqtt(topic: "zigbee2mqtt/lamp/set", payload: "TOGGLE"))
        #expect(config.buttons[0].displayTitle == "lamp")
    }

    @Test func everyKeyGiven() throws {
        let config = try #require(parsed(button("""
            label = Lamp\\nliving room
            title = Living room lamp
            state_topic = tasmota/stat/lamp/RESULT
            state_field = result.0.POWER
            state_on = 1
            state_off = 0
            pending_ms = 800
            on_tap = mqtt cmnd/lamp/POWER {"a": "$VALUE" \\; "b": 1}
            """)))
        #expect(config.buttons[0].binding == StateBinding(
            topic: "tasmota/stat/lamp/RESULT", field: ["result", "0", "POWER"], on: "1", off: "0", pending: .milliseconds(800)))
        #expect(config.buttons[0].title == "Living room lamp")
        #expect(config.buttons[0].onTap == .mqtt(topic: "cmnd/lamp/POWER", payload: #"{"a": "$VALUE" ; "b": 1}"#))
        // Without a title, Home Assistant shows the label on one line.
        let untitled = try #require(parsed(button("label = Lamp\\nliving room\non_tap = emit")))
        #expect(untitled.buttons[0].displayTitle == "Lamp living room")
    }

    @Test func badValuesAndCombinationsAreRefusedWithTheirLine() {
        #expect(renderedErrors(button("state_topic = zigbee2mqtt/+/state")) == [
            "panel.ini:8: [button lamp] state_topic: expected a topic without wildcards (+ #) or spaces, such as zigbee2mqtt/lamp, found \"zigbee2mqtt/+/state\"",
        ])
        #expect(renderedErrors(button("state_topic = a\nstate_field = update..state")) == [
            "panel.ini:9: [button lamp] state_field: expected a dotted path of names or indices such as state or update.state, found \"update..state\"",
        ])
        #expect(renderedErrors(button("state_field = state")) == [
            "panel.ini:8: [button lamp] state_field: state_field needs state_topic: the topic whose state the button shows",
        ])
        #expect(renderedErrors(button("state_topic = a\nlatch = yes")) == [
            "panel.ini:9: [button lamp] latch: a button with state_topic shows its device's state; latch = yes would guess it: give one of them",
        ])
        #expect(renderedErrors(button("state_topic = a\nstate_on = ON\nstate_off = ON")) == [
            "panel.ini:10: [button lamp] state_off: state_on and state_off are both \"ON\"",
        ])
        #expect(renderedErrors(button("state_topic = a\npending_ms = 50")) == [
            "panel.ini:9: [button lamp] pending_ms: expected an integer 100..60000 (ms), found \"50\"",
        ])
        #expect(renderedErrors(button("on_tap = mqtt lamp/set")) == [
            "panel.ini:8: [button lamp] on_tap: expected mqtt TOPIC PAYLOAD, such as mqtt zigbee2mqtt/lamp/set {\"state\":\"TOGGLE\"}, found \"mqtt lamp/set\"",
        ])
    }

    @Test func aBindingOrAnMqttActionNeedsABroker() {
        #expect(renderedErrors(button("state_topic = a\non_long_press = mqtt b/set ON", mqtt: false)) == [
            "panel.ini:6: [button lamp] state_topic: state_topic needs an [mqtt] section: the broker the device reports on",
            "panel.ini:7: [button lamp] on_long_press: an mqtt action needs an [mqtt] section: the broker it publishes on",
        ])
    }

    @Test func namesThatMakeOneHomeAssistantObjectIdAreRefused() {
        let text = display800x480 + broker + "[button a.b]\nrect = 0, 0, 10, 10\n[button a_b]\nrect = 20, 0, 10, 10\n"
        #expect(renderedErrors(text) == [
            "panel.ini:8: [button a_b]: Home Assistant would take [button a.b] (line 6) and [button a_b] for one entity (object id a_b); rename one",
        ])
        // Without discovery nothing is shared.
        #expect(renderedErrors(text.replacingOccurrences(of: "host = 127.0.0.1\n", with: "host = 127.0.0.1\ndiscovery = no\n")) == [])
    }
}
