import PanelConfig
import Testing

@Suite("[controller] hardware keys: bus, address, interrupt, reset, registers")
struct ControllerHardwareTests {
    static func controller(_ keys: String) -> String {
        display800x480 + "[controller]\n" + keys + "\n"
    }

    @Test func everyHardwareKeyParsesToItsExactValue() throws {
        let config = try #require(parsed(ControllerHardwareTests.controller("""
            model = ft6236
            bus = 1
            address = 0x48
            interrupt_chip = /dev/gpiochip4
            interrupt_line = GPIO24
            poll_ms = 1000
            reset_chip = pinctrl-bcm2711
            reset_line = 17
            threshold = 0
            report_period = 255
            """)))
        #expect(config.controller == ControllerConfig(
            model: .ft6236, width: 800, height: 480, bus: 1, address: 0x48,
            interrupt: InterruptLineConfig(chip: "/dev/gpiochip4", line: .name("GPIO24")), pollInterval: .milliseconds(1000),
            reset: OutputLineConfig(chip: "pinctrl-bcm2711", line: .offset(17)), threshold: 0, reportPeriod: 255))
        #expect(config.board == BoardConfig(presetName: nil, presetFile: nil, simulated: false))
    }

    @Test func withoutHardwareKeysThereIsNoHardware() throws {
        let config = try #require(parsed(display800x480))
        #expect(config.controller.bus == nil)
        #expect(config.controller.address == 0x38)
        #expect(config.controller.interrupt == nil)
        #expect(config.controller.pollInterval == .milliseconds(17))
        #expect(config.controller.reset == nil)
        #expect(config.controller.threshold == nil)
        #expect(config.controller.reportPeriod == nil)
        #expect(config.board == BoardConfig(presetName: nil, presetFile: nil, simulated: true))
    }

    @Test func addressInHexOrDecimal() throws {
        let cases: [(String, UInt8)] = [("0x38", 0x38), ("0X5d", 0x5D), ("0x03", 0x03), ("0x77", 0x77), ("0x3", 3),
                                        ("0x038", 0x38), ("0x0038", 0x38), ("0X005D", 0x5D), ("0x0000000000000000000077", 0x77),
                                        ("56", 0x38), ("3", 3), ("119", 0x77), ("056", 0x38)]
        for (text, address) in cases {
            let config = try #require(parsed(ControllerHardwareTests.controller("address = \(text)")))
            #expect(config.controller.address == address, "\(text)")
        }
    }

    @Test func interruptLineAloneUsesGpiochip0() throws {
        let offset = try #require(parsed(ControllerHardwareTests.controller("bus = 0\ninterrupt_line = 0")))
        #expect(offset.controller.interrupt == InterruptLineConfig(chip: "gpiochip0", line: .offset(0)))
        #expect(offset.controller.bus == 0)
        let named = try #require(parsed(ControllerHardwareTests.controller("interrupt_line = ID_SDA.1-x\nreset_line = 1023")))
        #expect(named.controller.interrupt == InterruptLineConfig(chip: "gpiochip0", line: .name("ID_SDA.1-x")))
        #expect(named.controller.reset == OutputLineConfig(chip: "gpiochip0", line: .offset(1023)))
    }

    @Test func lineNoneMeansNoLineAndItsChipIsIgnored() throws {
        let config = try #require(parsed(ControllerHardwareTests.controller("""
            interrupt_chip = gpiochip4
            interrupt_line = none
            reset_chip = gpiochip4
            reset_line = none
            """)))
        #expect(config.controller.interrupt == nil)
        #expect(config.controller.reset == nil)
    }

    @Test func badBus() {
        for bus in ["256", "-1", "i2c-1", "/dev/i2c-1", "0x1", ""] {
            #expect(renderedErrors(ControllerHardwareTests.controller("bus = \(bus)")) == [
                "panel.ini:5: [controller] bus: expected an integer 0..255 (the N of /dev/i2c-N), found \"\(bus)\"",
            ])
        }
    }

    @Test func badAddress() {
        for address in ["0x78", "0x02", "0x", "0x0078", "0x0002", "0x10000000000000000000038", "0x+38", "0x 38", "00x38",
                        "120", "2", "0x3g", "38h", "0x-1", ""] {
            #expect(renderedErrors(ControllerHardwareTests.controller("address = \(address)")) == [
                "panel.ini:5: [controller] address: expected an I2C address 0x03..0x77 (hex like 0x38, or decimal 3..119), "
                    + "found \"\(address)\"",
            ])
        }
    }

    @Test func badChips() {
        #expect(renderedErrors(ControllerHardwareTests.controller("""
            interrupt_chip = gpio chip0
            interrupt_line = 4
            reset_chip =
            reset_line = 5
            """)) == [
            "panel.ini:5: [controller] interrupt_chip: expected a GPIO chip: a name like gpiochip0, its label or its "
                + "/dev path, found \"gpio chip0\"",
            "panel.ini:7: [controller] reset_chip: expected a GPIO chip: a name like gpiochip0, its label or its "
                + "/dev path, found \"\"",
        ])
    }

    @Test func badLines() {
        for line in ["1024", "-1", "GPIO 24", "24x", "GPIO#24", "", "+4", String(repeating: "L", count: 64)] {
            #expect(renderedErrors(ControllerHardwareTests.controller("interrupt_line = \(line)\nreset_line = \(line)")) == [
                "panel.ini:5: [controller] interrupt_line: expected a line offset 0..1023, a line name like GPIO24, or none, "
                    + "found \"\(line)\"",
                "panel.ini:6: [controller] reset_line: expected a line offset 0..1023, a line name like GPIO24, or none, "
                    + "found \"\(line)\"",
            ])
        }
    }

    @Test func badPollAndRegisters() {
        #expect(renderedErrors(ControllerHardwareTests.controller("""
            poll_ms = 0
            threshold = 256
            report_period = -1
            """)) == [
            "panel.ini:5: [controller] poll_ms: expected an integer 1..1000 (milliseconds), found \"0\"",
            "panel.ini:6: [controller] threshold: expected an integer 0..255 (written to register 0x80), found \"256\"",
            "panel.ini:7: [controller] report_period: expected an integer 0..255 (written to register 0x88), found \"-1\"",
        ])
        #expect(renderedErrors(ControllerHardwareTests.controller("poll_ms = 1001")) == [
            "panel.ini:5: [controller] poll_ms: expected an integer 1..1000 (milliseconds), found \"1001\"",
        ])
    }

    @Test func chipWithoutItsLineIsAnError() {
        #expect(renderedErrors(ControllerHardwareTests.controller("""
            bus = 1
            interrupt_chip = gpiochip0
            reset_chip = gpiochip1
            """)) == [
            "panel.ini:6: [controller] interrupt_chip: given without interrupt_line; add interrupt_line = OFFSET or NAME "
                + "(like 24 or GPIO24), or remove interrupt_chip",
            "panel.ini:7: [controller] reset_chip: given without reset_line; add reset_line = OFFSET or NAME "
                + "(like 24 or GPIO24), or remove reset_chip",
        ])
    }

    @Test func misspeltHardwareKeyListsTheWholeTable() {
        #expect(renderedErrors(ControllerHardwareTests.controller("adress = 0x38")) == [
            "panel.ini:5: [controller] adress: unknown key; did you mean address? valid keys: model, width, height, "
                + "invert_x, invert_y, swap_xy, calibration, bus, address, interrupt_chip, interrupt_line, poll_ms, "
                + "reset_chip, reset_line, stuck_ms, threshold, report_period, device, name, grab",
        ])
    }
}
