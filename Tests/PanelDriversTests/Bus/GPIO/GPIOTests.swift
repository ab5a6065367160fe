import CLinux
import LinuxSystem
import PanelConfig
import PanelDrivers
import PanelEngine
@testable import PanelTestSupport
import Testing

extension Devices {
    @Suite("GPIO")
    struct GPIOTests {
        @Test(arguments: [
            ("/dev/gpiochip4", GPIOChipSelector.path("/dev/gpiochip4")),
            ("gpiochip0", .name("gpiochip0")),
            ("0", .number(0)),
            ("12", .number(12)),
            ("pinctrl-bcm2711", .label("pinctrl-bcm2711")),
            ("gpio-sim.0-node0", .label("gpio-sim.0-node0")),
            ("gpiochipX", .label("gpiochipX")),
        ])
        func chipSelectorParsing(text: String, expected: GPIOChipSelector) {
            #expect(GPIOChipSelector(text) == expected)
        }

        @Test(arguments: [
            ("17", LineSelector.offset(17)),
            ("0", .offset(0)),
            ("GPIO17", .name("GPIO17")),
            ("TOUCH_INT", .name("TOUCH_INT")),
            ("", .name("")),
        ])
        func lineSelectorParsing(text: String, expected: LineSelector) {
            #expect(LineSelector(text) == expected)
        }

        @Test func aMissingChipIsNamed() {
            #expect(throws: GPIOError.chipNotFound("/dev/gpiochip99")) {
                _ = try GpiodInterruptLine(chip: .path("/dev/gpiochip99"), line: .offset(4))
            }
            #expect(throws: GPIOError.chipNotFound("gpiochip99")) {
                _ = try GpiodOutputLine(chip: .number(99), line: .offset(17))
            }
            #expect(throws: GPIOError.chipNotFound("labelled \"no-such-label\"")) {
                _ = try GpiodOutputLine(chip: .label("no-such-label"), line: .offset(17))
            }
        }

        @Test func aMissingPresenceLineStopsTheStartNamingTheSection() throws {
            #expect(throws: GPIOError.chipNotFound("/dev/gpiochip99")) {
                _ = try GpiodPresenceLine(chip: .path("/dev/gpiochip99"), line: .offset(23), activeLow: false)
            }
            let config = try PanelConfigLoader.parse(
                text: "[display]\nwidth = 800\nheight = 480\n[presence]\nchip = /dev/gpiochip99\nline = 23\n", file: "panel.ini")
            do {
                _ = try PresenceBringUp.open(config)
                Issue.record("a presence line on a chip that is not there opened")
            } catch {
                #expect(error.part == .presence)
                #expect(error.message == "[presence] line /dev/gpiochip99 23: no GPIO chip /dev/gpiochip99 (by path, name, number or label; gpiodetect lists them)")
            }
        }

        @Test func messages() {
            #expect(GPIOError.chipNotFound("gpiochip9").message
                == "no GPIO chip gpiochip9 (by path, name, number or label; gpiodetect lists them)")
            #expect(GPIOError.permissionDenied(chip: "gpiochip0").message
                == "permission denied opening GPIO chip gpiochip0: add the user to the gpio group")
            #expect(GPIOError.lineNotFound(chip: "gpiochip0", line: "\"TOUCH_INT\"").message
                == "no GPIO line \"TOUCH_INT\" on gpiochip0 (gpioinfo gpiochip0 lists its lines)")
            #expect(GPIOError.lineBusy(chip: "gpiochip0", line: "4", consumer: "edt-ft5x06").message
                == "GPIO line 4 on gpiochip0 is in use by \"edt-ft5x06\"")
        }
    }
}
