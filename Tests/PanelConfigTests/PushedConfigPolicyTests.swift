import PanelConfig
import Testing

@Suite("What a pushed config may change, and the exact refusals")
struct PushedConfigPolicyTests {
    private let base = display800x480 + "[mqtt]\nhost = localhost\n"

    private func config(_ text: String, file: String = "panel.ini") throws -> PanelConfiguration {
        try PanelConfigLoader.parse(text: text, file: file)
    }

    @Test func theLocalFilePushedAsItIsPasses() throws {
        let text = base + "[fleet]\naccept_config = yes\ntrust_key = /k.pub\n[exec]\n[button play]\nrect = 0,0,100,100\non_tap = exec mpc play\n"
        #expect(PushedConfigPolicy.refusals(local: try config(text), pushed: try config(text, file: "pushed.ini")) == [])
    }

    @Test func itemsLooksAndTimingsMayChange() throws {
        let fleet = "[fleet]\naccept_config = yes\ntrust_key = /k.pub\n"
        let local = try config(base + fleet + "[button play]\nrect = 0,0,100,100\n")
        let pushed = try config(
            "[display]\nwidth = 800\nheight = 480\nfont_size = 30\n[touch]\nmulti_tap_ms = 250\n[mqtt]\nhost = localhost\n" + fleet
                + "[button stop]\nrect = 0,0,200,100\nlabel = Stop\non_tap = mqtt hall/stop STOP\n", file: "pushed.ini")
        #expect(PushedConfigPolicy.refusals(local: local, pushed: pushed) == [])
    }

    @Test func machineSectionsAreRefusedByName() throws {
        let fleet = "[fleet]\naccept_config = yes\ntrust_key = /k.pub\n"
        let local = try config(base + fleet)
        let pushed = try config(
            "[display]\nwidth = 800\nheight = 480\nrotation = 180\n[mqtt]\nhost = broker.example\n" + fleet + "[control]\nsocket = /run/x.sock\n",
            file: "pushed.ini")
        #expect(PushedConfigPolicy.refusals(local: local, pushed: pushed) == [
            "[display] differs from the local file's: a pushed config keeps the panel's own (allow = display in the local [fleet] lets it change)",
            "[mqtt] differs from the local file's: a pushed config keeps the panel's own (allow = mqtt in the local [fleet] lets it change)",
            "[control] differs from the local file's: a pushed config keeps the panel's own (allow = control in the local [fleet] lets it change)",
        ])
    }

    @Test func fleetItselfAlwaysStaysLocal() throws {
        let local = try config(base + "[fleet]\naccept_config = yes\ntrust_key = /k.pub\nallow = mqtt, exec, gpio\n")
        let pushed = try config(base + "[fleet]\naccept_config = yes\ntrust_key = /other.pub\nallow = mqtt, exec, gpio\n", file: "pushed.ini")
        #expect(PushedConfigPolicy.refusals(local: local, pushed: pushed) == [
            "[fleet] differs from the local file's: how a panel takes pushed configs is set only where it stands",
        ])
    }

    @Test func execAndGpioActionsOnlyAsTheLocalFileHasThemUnlessAllowed() throws {
        let fleet = "[fleet]\naccept_config = yes\ntrust_key = /k.pub\n"
        let items = "[exec]\n[output relay]\nchip = gpiochip0\nline = 17\n[button play]\nrect = 0,0,100,100\non_tap = exec mpc play\n"
        let local = try config(base + fleet + items)
        let pushed = try config(
            base + fleet + items + "[button wipe]\nrect = 100,0,100,100\non_tap = exec rm -rf /data\non_long_press = gpio relay on\n", file: "pushed.ini")
        #expect(PushedConfigPolicy.refusals(local: local, pushed: pushed) == [
            "pushed.ini:16: [button wipe]: exec rm -rf /data is not one of the local file's exec actions (allow = exec in the local [fleet] lets pushed ones in)",
            "pushed.ini:16: [button wipe]: a gpio action on gpiochip0 line 17 that the local file does not have (allow = gpio in the local [fleet] lets pushed ones in)",
        ])
        let allowing = try config(base + "[fleet]\naccept_config = yes\ntrust_key = /k.pub\nallow = exec, gpio\n" + items)
        let pushedAllowed = try config(
            base + "[fleet]\naccept_config = yes\ntrust_key = /k.pub\nallow = exec, gpio\n" + items
                + "[button wipe]\nrect = 100,0,100,100\non_tap = exec rm -rf /data\non_long_press = gpio relay on\n", file: "pushed.ini")
        #expect(PushedConfigPolicy.refusals(local: allowing, pushed: pushedAllowed) == [])
    }
}
