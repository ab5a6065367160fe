import PanelConfig
import Testing
import TouchCore

@Suite("[presence]: the sensor, its debounce and the away time")
struct PresenceSectionTests {
    private let backlight = "[backlight]\n"
    private let mqtt = "[mqtt]\nhost = localhost\n"
    private let homeAssistant = "[homeassistant]\nurl = http://192.168.1.10:8123\ntoken_file = /etc/touchpanel/ha-token\n"

    @Test func aLineTakesTheDefaults() throws {
        let config = try #require(parsed(display800x480 + "[presence]\nline = 23\n"))
        #expect(config.presence == PresenceConfig(
            source: .line(chip: "gpiochip0", line: .offset(23), activeLow: false, debounceMs: 200), awayAfterS: 0, line: 4))
        #expect(config.presence?.awayAfter == nil)
    }

    @Test func everyKeyOfALine() throws {
        let config = try #require(parsed(display800x480 + backlight + """
            [presence]
            chip = gpiochip1
            line = GPIO23
            active_low = yes
            debounce_ms = 50
            away_after_s = 90
            """))
        #expect(config.presence == PresenceConfig(
            source: .line(chip: "gpiochip1", line: .name("GPIO23"), activeLow: true, debounceMs: 50), awayAfterS: 90, line: 5))
        // The away time reaches the wake gate: off 90 s after the start with nobody there
        // (before `[backlight]`'s dim stage at 60 s? no: 60 s dims first).
        let pipeline = config.makePipeline(controllerWidth: 800, controllerHeight: 480, startedAt: .milliseconds(1_000))
        #expect(pipeline.wakeGate.awayAfter == .milliseconds(90_000))
        #expect(pipeline.nextDeadline == .milliseconds(61_000))
    }

    @Test func aTopicWithAFieldAndAnEntity() throws {
        let topic = try #require(parsed(display800x480 + mqtt + "[presence]\ntopic = hall/pir\nfield = occupancy\n"))
        #expect(topic.presence?.source == .topic("hall/pir", field: ["occupancy"]))
        #expect(topic.presence?.debounceMs == nil)
        let entity = try #require(parsed(display800x480 + homeAssistant + "[presence]\nentity = binary_sensor.hall\n"))
        #expect(entity.presence?.source == .entity(EntityID("binary_sensor.hall")!))
    }

    @Test func oneSensorExactly() {
        #expect(renderedErrors(display800x480 + "[presence]\naway_after_s = 0\n") == [
            "panel.ini:4: [presence]: presence needs its sensor: give line = ... (a GPIO input), topic = ... or entity = ...",
        ])
        #expect(renderedErrors(display800x480 + mqtt + "[presence]\nline = 23\ntopic = hall/pir\n") == [
            "panel.ini:8: [presence] topic: presence has one sensor: give one of line, topic and entity, not line and topic",
        ])
    }

    @Test func keysOfAnotherSourceAndMissingSections() {
        #expect(renderedErrors(display800x480 + mqtt + "[presence]\ntopic = hall/pir\ndebounce_ms = 100\nactive_low = yes\n") == [
            "panel.ini:8: [presence] debounce_ms: debounce_ms belongs to line: give line = ...",
            "panel.ini:9: [presence] active_low: active_low belongs to line: give line = ...",
        ])
        #expect(renderedErrors(display800x480 + "[presence]\nline = 23\nfield = occupancy\n") == [
            "panel.ini:6: [presence] field: field belongs to topic: give topic = ...",
        ])
        #expect(renderedErrors(display800x480 + "[presence]\ntopic = hall/pir\n") == [
            "panel.ini:5: [presence] topic: topic needs an [mqtt] section: the broker the messages come from",
        ])
        #expect(renderedErrors(display800x480 + "[presence]\nentity = binary_sensor.hall\n") == [
            "panel.ini:5: [presence] entity: entity needs a [homeassistant] section: the Home Assistant the entity lives in",
        ])
        #expect(renderedErrors(display800x480 + "[presence]\nline = 23\naway_after_s = 30\n") == [
            "panel.ini:6: [presence] away_after_s: away_after_s needs a [backlight] section: the light it switches off",
        ])
    }

    @Test func badValuesNameTheirLine() {
        #expect(renderedErrors(display800x480 + "[presence]\nline = none\ndebounce_ms = 20000\nactive_low = maybe\naway_after_s = -1\nentity = hall\n") == [
            "panel.ini:4: [presence]: presence needs its sensor: give line = ... (a GPIO input), topic = ... or entity = ...",
            "panel.ini:5: [presence] line: expected a line offset 0..1023 or a line name like GPIO24, found \"none\"",
            "panel.ini:6: [presence] debounce_ms: expected an integer 0..10000 (milliseconds), found \"20000\"",
            "panel.ini:7: [presence] active_low: expected yes/no, true/false, on/off or 1/0, found \"maybe\"",
            "panel.ini:8: [presence] away_after_s: expected an integer 0..86400 (seconds, 0 for never), found \"-1\"",
            "panel.ini:9: [presence] entity: expected an entity id DOMAIN.OBJECT, such as light.hall (lowercase letters, digits and _), found \"hall\"",
        ])
    }

    @Test func givenTwiceOrInAPreset() {
        #expect(renderedErrors(display800x480 + "[presence]\nline = 23\n[presence]\nline = 24\n") == [
            "panel.ini:6: [presence]: section given twice; the first [presence] is on line 4; merge the two",
        ])
    }

    @Test func theEffectiveConfigSaysEveryValue() throws {
        let config = try #require(parsed(display800x480 + backlight + "[presence]\nline = 23\naway_after_s = 30\n"))
        let text = config.effectiveText()
        #expect(text.contains("[presence]\nchip = gpiochip0\nline = 23\nactive_low = no\ndebounce_ms = 200\naway_after_s = 30\n"))
    }
}
