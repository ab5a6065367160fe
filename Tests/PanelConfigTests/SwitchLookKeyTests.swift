import PanelConfig
import Testing

/// `look = switch`: read on a latch or bound button, written back, and refused at its line on
/// a button with no on/off state or with what a switch does not draw.
@Suite("look = switch: read, defaulted, written back and refused")
struct SwitchLookKeyTests {
    private let broker = "[mqtt]\nhost = 127.0.0.1\n"
    private let homeAssistant = "[homeassistant]\nurl = http://192.168.1.10:8123\ntoken_file = /etc/touchpanel/ha-token\n"

    /// A panel whose one button, `[button heat]` on line 4 (its keys from line 6), has `keys`.
    private func button(_ keys: String, before: String = "") -> String {
        display800x480 + before + "[button heat]\nrect = 0, 0, 200, 60\n" + keys + "\n"
    }

    @Test func aPlainButtonByDefault() throws {
        let config = try #require(parsed(button("latch = yes\non_tap = emit")))
        #expect(config.buttons[0].look == .button)
        #expect(config.effectiveText().contains("look = button\n"))
    }

    @Test func aLatchOrBoundButtonTakesIt() throws {
        let latch = try #require(parsed(button("latch = yes\nlook = switch\non_tap = emit")))
        #expect(latch.buttons[0].look == .switch)
        #expect(latch.effectiveText().contains("look = switch\n"))
        let bound = try #require(parsed(button("state_topic = house/heat\nlook = switch\non_tap = emit", before: broker)))
        #expect(bound.buttons[0].look == .switch)
        let entity = try #require(parsed(button("entity = switch.heating\nlook = switch", before: homeAssistant)))
        #expect(entity.buttons[0].look == .switch)
    }

    @Test func aSwitchWithNoStateIsRefusedAtItsLine() {
        #expect(renderedErrors(button("look = switch\non_tap = emit")) == [
            "panel.ini:6: [button heat] look: look = switch shows an on/off state, and this button has none: "
                + "give it latch = yes, state_topic or entity, or delete look = switch",
        ])
        #expect(renderedErrors(button("latch = no\non_tap = emit\nlook = switch")) == [
            "panel.ini:8: [button heat] look: look = switch shows an on/off state, and this button has none: "
                + "give it latch = yes, state_topic or entity, or delete look = switch",
        ])
    }

    @Test func whatASwitchDoesNotDrawIsRefusedAtItsLine() {
        #expect(renderedErrors(button("latch = yes\nlook = switch\nsublabel = 21 °C")) == [
            "panel.ini:7: [button heat] look: look = switch draws the label beside the switch and no sublabel: delete one of them",
        ])
        #expect(renderedErrors(button("latch = yes\nlook = switch\nfill = none")) == [
            "panel.ini:7: [button heat] look: look = switch draws a switch on the button's fill; fill = none makes an invisible zone: "
                + "delete one of them",
        ])
    }

    @Test func aBadValueIsRefusedAtItsLine() {
        #expect(renderedErrors(button("latch = yes\nlook = toggle")) == [
            "panel.ini:7: [button heat] look: expected button or switch, found \"toggle\"",
        ])
    }
}
