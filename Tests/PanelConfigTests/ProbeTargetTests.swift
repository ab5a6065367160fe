import PanelConfig
import Testing

@Suite("probe's bus and address: options over the config's [controller] over bus 1 at 0x38")
struct ProbeTargetTests {
    static let display = "[display]\nwidth = 800\nheight = 480\n"

    /// Resolves with `text` standing for the config file named in `arguments`.
    func resolve(_ arguments: [String], config text: String = "") -> Result<ProbeTarget, ProbeTarget.Problem> {
        ProbeTarget.resolve(arguments: arguments) { path throws(ConfigErrors) in
            try PanelConfigLoader.parse(text: text, file: path)
        }
    }

    @Test func withoutAConfigItIsBusOneAt0x38() {
        #expect(resolve([]) == .success(ProbeTarget(bus: 1, address: 0x38)))
        #expect(resolve(["--bus", "3", "--address", "0x5d"]) == .success(ProbeTarget(bus: 3, address: 0x5D)))
        #expect(resolve(["--address", "20"]) == .success(ProbeTarget(bus: 1, address: 0x14)))
    }

    @Test func theConfigGivesBusAndTheModelsAddress() {
        let gt911 = Self.display + "[controller]\nmodel = gt911\nbus = 3\n"
        #expect(resolve(["panel.ini"], config: gt911) == .success(ProbeTarget(bus: 3, address: 0x5D)))
        #expect(resolve(["panel.ini"], config: gt911 + "address = 0x14\n") == .success(ProbeTarget(bus: 3, address: 0x14)))
    }

    @Test func optionsOverrideTheConfig() {
        let ft = Self.display + "[controller]\nmodel = ft5406\nbus = 10\n"
        #expect(resolve(["panel.ini", "--bus", "5"], config: ft) == .success(ProbeTarget(bus: 5, address: 0x38)))
        #expect(resolve(["--address", "0x39", "panel.ini"], config: ft) == .success(ProbeTarget(bus: 10, address: 0x39)))
    }

    @Test func aConfigWithoutAnI2CControllerIsRefusedSayingWhy() {
        let evdev = Self.display + "[controller]\nmodel = evdev\ndevice = /dev/input/event0\n"
        #expect(resolve(["/etc/touchpanel/panel.ini"], config: evdev) == .failure(.usage(
            "probe: /etc/touchpanel/panel.ini: [controller] model evdev is an input device, not on I2C; probe reads I2C controllers (give --bus and --address)")))
        #expect(resolve(["panel.ini"], config: Self.display) == .failure(.usage(
            "probe: panel.ini: [controller] gives no bus (give --bus and --address)")))
        #expect(resolve(["panel.ini", "--bus", "2"], config: Self.display) == .success(ProbeTarget(bus: 2, address: 0x38)))
    }

    @Test func aConfigWithErrorsGivesThoseErrors() {
        guard case .failure(.config(let errors)) = resolve(["panel.ini"], config: "[display]\nwidth = 800\n") else {
            Issue.record("a broken config was taken")
            return
        }
        #expect(errors.errors.map { $0.rendered } == ["panel.ini:1: [display] height: missing; expected the display height in pixels, 1..8192"])
    }

    /// `--address` and `[controller] address` take and refuse the same texts: one parser.
    @Test func theAddressOptionTakesWhatTheConfigTakes() {
        let taken: [(String, UInt8)] = [("0x38", 0x38), ("0x0038", 0x38), ("0X005d", 0x5D), ("0x0000000000000000000003", 0x03),
                                        ("0x77", 0x77), ("56", 0x38), ("3", 0x03)]
        for (text, address) in taken {
            #expect(resolve(["--address", text]) == .success(ProbeTarget(bus: 1, address: address)), "\(text)")
            let config = Self.display + "[controller]\nbus = 1\naddress = \(text)\n"
            #expect(resolve(["panel.ini"], config: config) == .success(ProbeTarget(bus: 1, address: address)), "\(text)")
        }
        for text in ["0x0078", "0x02", "0x+38", "0x", "0x10000000000000000000038", "120"] {
            #expect(resolve(["--address", text]) == .failure(.usage("--address takes 0x03..0x77, not \"\(text)\"")))
            let config = Self.display + "[controller]\nbus = 1\naddress = \(text)\n"
            guard case .failure(.config(let errors)) = resolve(["panel.ini"], config: config) else {
                Issue.record("address \(text) was taken from the config")
                continue
            }
            #expect(errors.errors.map { $0.rendered } == [
                "panel.ini:6: [controller] address: expected an I2C address 0x03..0x77 (hex like 0x38, or decimal 3..119), "
                    + "found \"\(text)\"",
            ])
        }
    }

    @Test func badOptionsAreUsageErrors() {
        #expect(resolve(["--address", "0x78"]) == .failure(.usage(#"--address takes 0x03..0x77, not "0x78""#)))
        #expect(resolve(["--address", "0xzz"]) == .failure(.usage(#"--address takes 0x03..0x77, not "0xzz""#)))
        #expect(resolve(["--bus", "256"]) == .failure(.usage(#"--bus takes a number 0..255, not "256""#)))
        #expect(resolve(["--bus"]) == .failure(.usage("--bus needs a value")))
        #expect(resolve(["--speed", "1"]) == .failure(.usage(#"probe: unknown option "--speed""#)))
        #expect(resolve(["a.ini", "b.ini"]) == .failure(.usage(#"probe takes one CONFIG, found "b.ini" too"#)))
    }
}
