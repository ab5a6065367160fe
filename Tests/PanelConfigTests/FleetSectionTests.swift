import PanelConfig
import Testing

@Suite("[fleet]: groups, pushed configs and what they may change")
struct FleetSectionTests {
    private let mqtt = "[mqtt]\nhost = localhost\n"

    @Test func theDefaults() throws {
        let config = try #require(parsed(display800x480 + mqtt + "[fleet]\n"))
        #expect(config.fleet == FleetConfig(prefix: "touchpanel", groups: [], acceptConfig: false, trustKeyFile: nil, allow: [], line: 6))
    }

    @Test func everyKey() throws {
        let config = try #require(parsed(display800x480 + mqtt + """
            [fleet]
            prefix = site/panels
            groups = floor1, all floor1
            accept_config = yes
            trust_key = keys/fleet.pub
            allow = exec, gpio
            """))
        // The key file is taken from the config's folder; a group named twice counts once.
        #expect(config.fleet == FleetConfig(
            prefix: "site/panels", groups: ["floor1", "all"], acceptConfig: true, trustKeyFile: "keys/fleet.pub", allow: [.exec, .gpio], line: 6))
    }

    @Test func aKeyFileIsTakenFromTheConfigsFolder() throws {
        let config = try PanelConfigLoader.parse(
            text: display800x480 + mqtt + "[fleet]\naccept_config = yes\ntrust_key = fleet.pub\n", file: "/etc/touchpanel/panel.ini")
        #expect(config.fleet?.trustKeyFile == "/etc/touchpanel/fleet.pub")
    }

    @Test func refusals() {
        #expect(renderedErrors(display800x480 + "[fleet]\n") == [
            "panel.ini:4: [fleet]: [fleet] needs an [mqtt] section: the broker the fleet shares",
        ])
        #expect(renderedErrors(display800x480 + mqtt + "[fleet]\naccept_config = yes\n") == [
            "panel.ini:7: [fleet] accept_config: accept_config = yes needs trust_key = FILE: the public key pushed configs must be signed with",
        ])
        #expect(renderedErrors(display800x480 + mqtt + "[fleet]\ntrust_key = k.pub\nallow = exec\n") == [
            "panel.ini:7: [fleet] trust_key: trust_key belongs to accept_config = yes",
            "panel.ini:8: [fleet] allow: allow belongs to accept_config = yes",
        ])
        #expect(renderedErrors(display800x480 + mqtt + "[fleet]\ngroups = floor/1\n") == [
            "panel.ini:7: [fleet] groups: expected a group name of letters, digits, _ . - (at most 32), found \"floor/1\"",
        ])
        #expect(renderedErrors(display800x480 + mqtt + "[fleet]\naccept_config = yes\ntrust_key = k.pub\nallow = exec, fleet\n") == [
            "panel.ini:9: [fleet] allow: expected any of controller, display, outputs, exec, gpio, mqtt, homeassistant, control, comma-separated, found \"fleet\"",
        ])
    }

    @Test func checkWritesItBack() throws {
        let config = try #require(parsed(display800x480 + mqtt + "[fleet]\ngroups = floor1\naccept_config = yes\ntrust_key = /k.pub\nallow = mqtt\n"))
        let text = config.effectiveText()
        #expect(text.contains("[fleet]\nprefix = touchpanel\ngroups = floor1\naccept_config = yes\ntrust_key = /k.pub\nallow = mqtt\n"))
    }
}
