import PanelConfig
import Testing

@Suite("[homeassistant], entity and service: the keys, their defaults and their errors")
struct HomeAssistantSectionTests {
    private let section = "[homeassistant]\nurl = http://192.168.1.10:8123\ntoken_file = /etc/touchpanel/ha-token\n"

    @Test func theURLGivesSchemeHostPortAndPrefix() throws {
        let config = try PanelConfigLoader.parse(text: display800x480 + section, file: "panel.ini")
        #expect(config.homeAssistant == HomeAssistantConfig(
            url: HomeAssistantURL(tls: false, host: "192.168.1.10", port: 8123), tokenFile: "/etc/touchpanel/ha-token"))
        #expect(config.homeAssistant?.maxMessageKB == 256)
        #expect(HomeAssistantURL.parse("https://ha.example.org/") == .success(HomeAssistantURL(tls: true, host: "ha.example.org", port: 8123)))
        #expect(HomeAssistantURL.parse("http://[::1]:9000/ha/") == .success(HomeAssistantURL(tls: false, host: "::1", port: 9000, prefix: "/ha")))
        #expect((try? HomeAssistantURL.parse("http://[::1]:9000/ha").get())?.websocketPath == "/ha/api/websocket")
        #expect((try? HomeAssistantURL.parse("http://[::1]:9000/ha").get())?.text == "http://[::1]:9000/ha")
    }

    @Test func aRelativeTokenFileIsTakenFromTheConfigsFolder() throws {
        let config = try PanelConfigLoader.parse(
            text: display800x480 + "[homeassistant]\nurl = https://ha.lan\ntoken_file = ha-token\nca_file = certs/ca.pem\n",
            file: "/etc/touchpanel/panel.ini")
        #expect(config.homeAssistant?.tokenFile == "/etc/touchpanel/ha-token")
        #expect(config.homeAssistant?.caFile == "/etc/touchpanel/certs/ca.pem")
        #expect(config.namedFiles.all.filter { $0.section == "homeassistant" }.map { $0.path }
            == ["/etc/touchpanel/ha-token", "/etc/touchpanel/certs/ca.pem"])
    }

    @Test func everyKeyIsChecked() {
        #expect(renderedErrors(display800x480 + """
            [homeassistant]
            url = ws://ha:8123
            token_file =
            ca_file = /etc/ca.pem
            max_message_kb = 2
            colour = red
            """) == [
            "panel.ini:5: [homeassistant] url: expected a URL that starts with http:// or https://, such as http://192.168.1.10:8123, found \"ws://ha:8123\"",
            "panel.ini:6: [homeassistant] token_file: expected a file's path, such as /etc/touchpanel/ha-token, found \"\"",
            "panel.ini:8: [homeassistant] max_message_kb: expected an integer 16..16384 (KiB), found \"2\"",
            "panel.ini:9: [homeassistant] colour: unknown key; valid keys: url, token_file, ca_file, max_message_kb",
        ])
        #expect(renderedErrors(display800x480 + "[homeassistant]\nmax_message_kb = 64\n") == [
            "panel.ini:4: [homeassistant] url: missing; expected Home Assistant's address (url = http://192.168.1.10:8123)",
            "panel.ini:4: [homeassistant] token_file: missing; expected the file with a long-lived access token (token_file = /etc/touchpanel/ha-token)",
        ])
        #expect(renderedErrors(display800x480 + "[homeassistant]\nurl = http://u:p@ha:8123\ntoken_file = /t\n") == [
            "panel.ini:5: [homeassistant] url: expected a URL that holds no user or password (the token goes in token_file), such as http://192.168.1.10:8123, found \"http://u:p@ha:8123\"",
        ])
        #expect(renderedErrors(display800x480 + "[homeassistant]\nurl = http://ha:99999\ntoken_file = /t\nca_file = /ca.pem\n") == [
            "panel.ini:5: [homeassistant] url: expected a URL that has a port of 1 to 65535 after the host, such as http://192.168.1.10:8123, found \"http://ha:99999\"",
        ])
        #expect(renderedErrors(display800x480 + "[homeassistant]\nurl = http://ha:8123\ntoken_file = /t\nca_file = /ca.pem\n") == [
            "panel.ini:7: [homeassistant] ca_file: ca_file verifies an https:// server; the url is http://",
        ])
    }

    @Test func aButtonWithAnEntityTogglesItAndShowsItsDomainsStates() throws {
        let config = try PanelConfigLoader.parse(text: display800x480 + section + """
            [button hall]
            rect = 0, 0, 100, 100
            entity = light.hall
            [button blind]
            rect = 100, 0, 100, 100
            label = Blind
            entity = cover.blind
            on_tap = service cover.open_cover
            on_double_tap = service light.turn_on {"entity_id": "light.porch", "brightness_pct": 100}
            """, file: "panel.ini")
        let hall = config.buttons[0], blind = config.buttons[1]
        #expect(hall.binding == StateBinding(source: .entity(EntityID("light.hall")!), on: "on", off: "off"))
        #expect(hall.onTap == .service(.toggle))
        #expect(hall.labelFromEntity)
        #expect(hall.label == "hall")
        #expect(blind.binding == StateBinding(source: .entity(EntityID("cover.blind")!), on: "open", off: "closed"))
        #expect(blind.onTap == .service(ServiceCall(domain: "cover", service: "open_cover")))
        #expect(blind.onDoubleTap == .service(ServiceCall(
            domain: "light", service: "turn_on", data: #"{"entity_id": "light.porch", "brightness_pct": 100}"#, namesEntity: true)))
        #expect(!blind.labelFromEntity)
        // What check --effective writes reads back to the same config.
        let again = try PanelConfigLoader.parse(text: config.effectiveText(), file: "panel.ini")
        #expect(again.buttons[0].binding == hall.binding && again.buttons[0].onTap == hall.onTap)
        #expect(again.buttons[1].onDoubleTap == blind.onDoubleTap)
        #expect(again.homeAssistant == config.homeAssistant)
    }

    @Test func entitiesAndServicesNeedTheSectionAndATarget() {
        #expect(renderedErrors(display800x480 + """
            [button a]
            rect = 0, 0, 100, 100
            entity = light.hall
            on_double_tap = service light.turn_on
            """) == [
            "panel.ini:6: [button a] entity: entity needs a [homeassistant] section: the Home Assistant the entity lives in",
            "panel.ini:7: [button a] on_double_tap: a service action needs a [homeassistant] section: the Home Assistant it calls",
        ])
        #expect(renderedErrors(display800x480 + section + """
            [button a]
            rect = 0, 0, 100, 100
            on_tap = service light.turn_on {"brightness_pct": 100}
            [button b]
            rect = 100, 0, 100, 100
            entity = Light.Hall
            [button c]
            rect = 200, 0, 100, 100
            entity = light.c
            on_tap = service light.turn_on {"brightness_pct": }
            [button d]
            rect = 300, 0, 100, 100
            entity = switch.d
            state_topic = x/y
            latch = yes
            """) == [
            "panel.ini:9: [button a] on_tap: service light.turn_on has no target: give the button entity = DOMAIN.OBJECT, or \"entity_id\" in the data",
            "panel.ini:12: [button b] entity: expected an entity id DOMAIN.OBJECT, such as light.hall (lowercase letters, digits and _), found \"Light.Hall\"",
            #"panel.ini:16: [button c] on_tap: expected service DOMAIN.SERVICE followed by one JSON object, such as {"brightness_pct": 100}, found "service light.turn_on {"brightness_pct": }""#,
            "panel.ini:20: [button d] state_topic: state_topic with entity: the entity is the state it shows: give one of them",
            "panel.ini:20: [button d] state_topic: state_topic needs an [mqtt] section: the broker the device reports on",
        ])
    }

    @Test func entityIDsAreHomeAssistantsSlugs() {
        #expect(EntityID("light.hall")?.domain == "light")
        #expect(EntityID("sensor.room_2_temperature")?.object == "room_2_temperature")
        for bad in ["light", "light.", ".hall", "light.hall.x", "light._hall", "light.hall_", "light.ha__ll", "Light.hall", "light.hall-1", "light .hall"] {
            #expect(EntityID(bad) == nil, "\(bad)")
        }
    }
}
