import PanelConfig
import Testing

@Suite("[mqtt]: the broker link's keys, defaults and errors")
struct MQTTSectionTests {
    @Test func defaultsFollowTheHostAndTheClientID() throws {
        let config = try PanelConfigLoader.parse(text: display800x480 + "[mqtt]\nhost = broker.local\n", file: "panel.ini")
        let mqtt = try #require(config.mqtt)
        #expect(mqtt == MQTTConfig(host: "broker.local"))
        #expect(mqtt.effectivePort == 1883)
        #expect(mqtt.effectiveClientID(hostName: "kitchen") == "touchpanel-kitchen")
        #expect(mqtt.effectiveTopicPrefix(clientID: "touchpanel-kitchen") == "touchpanel/touchpanel-kitchen")
        let tls = try PanelConfigLoader.parse(
            text: display800x480 + "[mqtt]\nhost = b\nca_file = /etc/ssl/ca.pem\nclient_id = hall.1\n", file: "panel.ini")
        #expect(tls.mqtt?.effectivePort == 8883)
        #expect(tls.mqtt.map { $0.effectiveTopicPrefix(clientID: $0.effectiveClientID(hostName: "x")) } == "touchpanel/hall_1")
    }

    @Test func everyKeyIsChecked() {
        #expect(renderedErrors(display800x480 + """
            [mqtt]
            port = 0
            topic_prefix = home/+/panel
            password_file = secret.txt
            keepalive_s = 2
            qos = 3
            queue = 0
            max_message_kb = 0
            discovery = maybe
            cert_file = /etc/panel.crt
            colour = red
            """) == [
            "panel.ini:4: [mqtt] host: missing: the broker's host name or address (host = 192.168.1.10)",
            "panel.ini:5: [mqtt] port: expected an integer 1..65535, found \"0\"",
            "panel.ini:6: [mqtt] topic_prefix: expected a topic without wildcards (+ #) or a leading or trailing /, such as touchpanel/kitchen, found \"home/+/panel\"",
            "panel.ini:7: [mqtt] password_file: expected an absolute path, found \"secret.txt\"",
            "panel.ini:8: [mqtt] keepalive_s: expected an integer 5..3600 (seconds), found \"2\"",
            "panel.ini:9: [mqtt] qos: expected an integer 0..2, found \"3\"",
            "panel.ini:10: [mqtt] queue: expected an integer 1..10000 (events), found \"0\"",
            "panel.ini:11: [mqtt] max_message_kb: expected an integer 1..16384 (KiB), found \"0\"",
            "panel.ini:12: [mqtt] discovery: expected yes/no, true/false, on/off or 1/0, found \"maybe\"",
            "panel.ini:13: [mqtt] cert_file: cert_file and key_file go together: the client certificate and its key",
            "panel.ini:14: [mqtt] colour: unknown key; valid keys: host, port, client_id, topic_prefix, username, password_file, ca_file, cert_file, key_file, keepalive_s, qos, queue, max_message_kb, commands, discovery, discovery_prefix, name, mirror, mirror_min_s, mirror_taps",
        ])
    }

    @Test func commandsAreTakenUnlessTurnedOffAndTheEffectiveTextSaysWhich() throws {
        let byDefault = try PanelConfigLoader.parse(text: display800x480 + "[mqtt]\nhost = b\n", file: "panel.ini")
        #expect(byDefault.mqtt?.commands == true)
        #expect(byDefault.effectiveText().contains("\nqueue = 100\nmax_message_kb = 64\ncommands = yes\ndiscovery = yes\n"))
        let publishOnly = try PanelConfigLoader.parse(text: display800x480 + "[mqtt]\nhost = b\ncommands = no\n", file: "panel.ini")
        #expect(publishOnly.mqtt == MQTTConfig(host: "b", commands: false))
        #expect(publishOnly.effectiveText().contains("\nqueue = 100\nmax_message_kb = 64\ncommands = no\ndiscovery = yes\n"))
        #expect(try PanelConfigLoader.parse(text: publishOnly.effectiveText(), file: "panel.ini").mqtt == publishOnly.mqtt)
        #expect(renderedErrors(display800x480 + "[mqtt]\nhost = b\ncommands = never\n") == [
            "panel.ini:6: [mqtt] commands: expected yes/no, true/false, on/off or 1/0, found \"never\"",
        ])
    }

    @Test func theMirrorsKeysRoundTripThroughTheEffectiveText() throws {
        let plain = try PanelConfigLoader.parse(text: display800x480 + "[mqtt]\nhost = b\n", file: "panel.ini")
        #expect(plain.mqtt?.mirror == false && plain.mqtt?.mirrorMinS == 2 && plain.mqtt?.mirrorTaps == false)
        #expect(plain.effectiveText().contains("\ndiscovery_prefix = homeassistant\n"))
        #expect(plain.effectiveText().contains("\nmirror = no\n"))
        let mirrored = try PanelConfigLoader.parse(
            text: display800x480 + "[mqtt]\nhost = b\nmirror = yes\nmirror_min_s = 5\nmirror_taps = yes\n", file: "panel.ini")
        #expect(mirrored.effectiveText().contains("\nmirror = yes\nmirror_min_s = 5\nmirror_taps = yes\n"))
        #expect(try PanelConfigLoader.parse(text: mirrored.effectiveText(), file: "panel.ini").mqtt == mirrored.mqtt)
    }

    @Test func keysThatNeedEachOther() {
        #expect(renderedErrors(display800x480 + """
            [mqtt]
            host = b
            password_file = /etc/touchpanel/mqtt-password
            cert_file = /etc/panel.crt
            key_file = /etc/panel.key
            """) == [
            "panel.ini:6: [mqtt] password_file: a password needs a username",
            "panel.ini:7: [mqtt] cert_file: a client certificate needs TLS: give ca_file too",
        ])
    }
}
