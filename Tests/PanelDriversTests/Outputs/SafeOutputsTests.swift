import LinuxSystem
import PanelConfig
import PanelDrivers
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

@Suite("safe-outputs: every output to its inactive level, after any death of the panel")
struct SafeOutputsTests {
    static let config = """
        [display]
        width = 800
        height = 480

        [output relay]
        chip = gpiochip0
        line = 17
        active_low = yes

        [output lamp]
        chip = gpiochip0
        line = 18
        start = on

        [button a]
        rect = 0, 0, 100, 100
        on_press = gpio relay on
        on_release = gpio relay off
        on_tap = gpio lamp toggle
        on_long_press = gpio gpiochip0 22 on
        """

    /// Every request as `chip:line active_low=… active=…`, in order; line 18 can be refused.
    final class Requests {
        var lines: [String] = []
        var busy: Set<String> = []
        func request(_ output: OutputConfig, _ active: Bool) throws(GPIOError) -> DigitalOutput {
            let id = "\(output.chip):\(output.line.configValue)"
            if busy.contains(id) { throw GPIOError.lineBusy(chip: output.chip, line: output.line.configValue, consumer: "touchpanel") }
            lines.append("\(id) active_low=\(output.activeLow) active=\(active)")
            return RecordingOutput()
        }
    }

    @Test func everyOutputIsRequestedInactiveWithItsPolarityStartOnOrNot() throws {
        let config = try PanelConfigLoader.parse(text: Self.config, file: "panel.ini")
        let requests = Requests()
        let outcomes = SafeOutputs.drive(config, request: requests.request)
        #expect(requests.lines == [
            "gpiochip0:17 active_low=true active=false",
            "gpiochip0:18 active_low=false active=false",
            "gpiochip0:22 active_low=false active=false",
        ])
        #expect(outcomes.map(\.text) == ["gpiochip0:17 [output relay]: off", "gpiochip0:18 [output lamp]: off", "gpiochip0:22: off"])
    }

    @Test func aLineThatCannotBeHadIsReportedAndTheOthersAreStillDriven() throws {
        let config = try PanelConfigLoader.parse(text: Self.config, file: "panel.ini")
        let requests = Requests()
        requests.busy = ["gpiochip0:18"]
        let outcomes = SafeOutputs.drive(config, request: requests.request)
        #expect(requests.lines == ["gpiochip0:17 active_low=true active=false", "gpiochip0:22 active_low=false active=false"])
        #expect(outcomes.map(\.text) == [
            "gpiochip0:17 [output relay]: off",
            #"gpiochip0:18 [output lamp]: GPIO line 18 on gpiochip0 is in use by "touchpanel""#,
            "gpiochip0:22: off",
        ])
    }
}
