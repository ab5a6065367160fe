import LinuxSystem
import PanelEngine
@testable import PanelTestSupport
import Testing

@Suite("Control protocol: one line, one command")
struct ControlCommandTests {
    func parsed(_ line: String) -> String {
        switch ControlCommand.parse(line) {
        case .success(let command): "\(command)"
        case .failure(let error): "error: \(error.message)"
        }
    }

    @Test func everyCommand() {
        #expect(ControlCommand.parse("state") == .success(.state))
        #expect(ControlCommand.parse("  wake ") == .success(.wake))
        #expect(ControlCommand.parse("blank") == .success(.blank))
        #expect(ControlCommand.parse("label heat  Heating  on ") == .success(.label(button: "heat", text: "Heating  on ")))
        #expect(ControlCommand.parse("label heat") == .success(.label(button: "heat", text: "")))
        #expect(ControlCommand.parse("latch heat on") == .success(.latch(button: "heat", on: true)))
        #expect(ControlCommand.parse("latch heat off") == .success(.latch(button: "heat", on: false)))
        #expect(ControlCommand.parse("enable heat") == .success(.enable(button: "heat", enabled: true)))
        #expect(ControlCommand.parse("disable heat") == .success(.enable(button: "heat", enabled: false)))
        #expect(ControlCommand.parse("brightness 1") == .success(.brightness(percent: 1)))
        #expect(ControlCommand.parse("brightness 100") == .success(.brightness(percent: 100)))
        #expect(ControlCommand.parse("value dimmer 65") == .success(.value(slider: "dimmer", number: "65")))
        #expect(ControlCommand.parse("value heat 21.5").map { $0.line } == .success("value heat 21.5"))
    }

    @Test func badLinesSayWhy() {
        let grammar = "state, label BUTTON TEXT, latch BUTTON on|off, enable ITEM, disable ITEM, brightness PERCENT, wake, blank, page NAME, value SLIDER NUMBER or dial DIAL NUMBER"
        #expect(parsed("") == "error: empty command; expected \(grammar)")
        #expect(parsed("lable a b") == "error: unknown command \"lable\"; expected \(grammar)")
        #expect(parsed("latch a maybe") == "error: latch takes on or off, not \"maybe\"")
        #expect(parsed("latch a") == "error: wrong number of words for latch; expected \(grammar)")
        #expect(parsed("state now") == "error: wrong number of words for state; expected \(grammar)")
        #expect(parsed("value dimmer") == "error: wrong number of words for value; expected \(grammar)")
        #expect(parsed("brightness 0") == "error: brightness takes a percentage 1..100, not \"0\"")
        #expect(parsed("brightness 101") == "error: brightness takes a percentage 1..100, not \"101\"")
        #expect(parsed("brightness 99999999999999999999") == "error: brightness takes a percentage 1..100, not \"99999999999999999999\"")
        #expect(parsed("label") == "error: label needs a button: label BUTTON TEXT")
        #expect(parsed("label a " + String(repeating: "x", count: 129)) == "error: label longer than 128 characters")
        // Counted in characters, as Home Assistant counts a text entity's max: 128 x "Ä" is 256 bytes.
        #expect(parsed("label a " + String(repeating: "Ä", count: 128)) == #"label(button: "a", text: ""# + String(repeating: "Ä", count: 128) + #"")"#)
        #expect(parsed("label a " + String(repeating: "Ä", count: 129)) == "error: label longer than 128 characters")
    }
}
