import PanelConfig
import Testing
import TouchCore

@Suite("[button] interlock: groups of buttons that never run together")
struct InterlockKeyTests {
    static let jog = display800x480 + """
        [button forward]
        rect = 0, 0, 100, 100
        interlock = jog
        on_press = gpio gpiochip0 17 on
        [button lamp]
        rect = 200, 0, 100, 100
        [button reverse]
        rect = 400, 0, 100, 100
        interlock = jog
        on_press = gpio gpiochip0 18 on

        """

    @Test func buttonsOfOneGroupShareTheClassifiersGroupNumber() throws {
        let config = try PanelConfigLoader.parse(text: Self.jog, file: "panel.ini")
        #expect(config.buttons.map(\.interlock) == ["jog", nil, "jog"])
        let layout = config.makeLayout()
        #expect((0..<layout.count).map { layout[$0].interlockGroup } == [1, 0, 1])
    }

    @Test func aGroupWithOneButtonIsRefusedNamingTheOtherGroups() {
        let text = Self.jog + "[button up]\nrect = 600, 0, 100, 100\ninterlock = jgo\n"
        #expect(renderedErrors(text) == [
            "panel.ini:16: [button up] interlock: no other button is in interlock group jgo: a group keeps two or more "
                + "buttons from running together; the other groups: jog",
        ])
    }

    @Test func aGroupNameIsOneWord() {
        #expect(renderedErrors(display800x480 + "[button a]\nrect = 0, 0, 10, 10\ninterlock = jog left\n") == [
            "panel.ini:6: [button a] interlock: expected a group name of letters, digits, _ . - (at most 32), found \"jog left\"",
        ])
    }

    @Test func checkShowsTheGroupOnlyWhereOneIsGiven() throws {
        let config = try PanelConfigLoader.parse(text: Self.jog, file: "panel.ini")
        let text = config.effectiveText()
        #expect(text.components(separatedBy: "\n").filter { $0.hasPrefix("interlock") } == ["interlock = jog", "interlock = jog"])
    }
}
