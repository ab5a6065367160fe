import LinuxSystem
import PanelConfig
import PanelDrivers
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

@Suite("Outputs at start: each line requested once, at its start level, with its polarity")
struct OutputsBringUpTests {
    /// Every request as `chip:line active_low=… active=…`, in order.
    final class Requests {
        var lines: [String] = []
        func request(_ output: OutputConfig, _ active: Bool) throws(GPIOError) -> DigitalOutput {
            lines.append("\(output.chip):\(output.line.configValue) active_low=\(output.activeLow) active=\(active)")
            return RecordingOutput()
        }
    }

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
        on_tap = gpio relay pulse 200
        on_double_tap = gpio lamp toggle
        on_long_press = gpio gpiochip0 22 on
        """

    @Test func anActiveLowOutputIsRequestedInactiveSoItNeverSwitchesOnAtStart() throws {
        let config = try PanelConfigLoader.parse(text: Self.config, file: "panel.ini")
        let requests = Requests()
        let levels = OutputsBringUp.startLevels(config, carried: [:])
        let outputs = try OutputsBringUp.open(config, levels: levels, request: requests.request)
        #expect(requests.lines == [
            "gpiochip0:17 active_low=true active=false",
            "gpiochip0:18 active_low=false active=true",
            "gpiochip0:22 active_low=false active=false",
        ])
        #expect(outputs.keys.map(\.description).sorted() == ["gpiochip0:17", "gpiochip0:18", "gpiochip0:22"])
        // Requested at that level: nothing is driven after the request.
        #expect(outputs.values.allSatisfy { ($0 as! RecordingOutput).levels.isEmpty })
        #expect(levels == ["gpiochip0:17": false, "gpiochip0:18": true, "gpiochip0:22": false])
    }

    @Test func aLineTheKernelRefusesStopsTheStartNamingTheOutput() throws {
        let config = try PanelConfigLoader.parse(text: Self.config, file: "panel.ini")
        func refuseLamp(_ output: OutputConfig, _ active: Bool) throws(GPIOError) -> DigitalOutput {
            guard output.name != "lamp" else { throw GPIOError.lineBusy(chip: "gpiochip0", line: "18", consumer: "relayd") }
            return RecordingOutput()
        }
        do throws(StartError) {
            _ = try OutputsBringUp.open(config, levels: [:], request: refuseLamp)
            Issue.record("the start went on with a refused line")
        } catch {
            #expect(error.part == .output("gpiochip0:18"))
            #expect(error.message == "gpio gpiochip0 18 ([output lamp]): GPIO line 18 on gpiochip0 is in use by \"relayd\"")
        }
    }

    @Test func afterAReloadEachLineKeepsTheLevelItHad() throws {
        let config = try PanelConfigLoader.parse(text: Self.config, file: "panel.ini")
        let requests = Requests()
        let levels = OutputsBringUp.startLevels(config, carried: ["gpiochip0:17": true, "gpiochip0:18": false, "gpiochip0:99": true])
        _ = try OutputsBringUp.open(config, levels: levels, request: requests.request)
        #expect(requests.lines == [
            "gpiochip0:17 active_low=true active=true",
            "gpiochip0:18 active_low=false active=false",
            "gpiochip0:22 active_low=false active=false",
        ])
    }

    @Test func aToggleStartsFromTheStartLevel() throws {
        let config = try PanelConfigLoader.parse(text: Self.config, file: "panel.ini")
        let lamp = RecordingOutput()
        let actions = ActionRunner(
            buttons: config.buttons, exec: recordingExec(), outputs: ["gpiochip0:18": lamp], log: RecordingLog(),
            levels: OutputsBringUp.startLevels(config, carried: [:]))
        actions.handle(GestureEvent(at: .milliseconds(10), button: 0, kind: .tap(taps: 2)))
        #expect(lamp.levels == [false])
    }

    @Test func aLineThatCannotBeHadStopsTheStartNamingItsSection() throws {
        let config = try PanelConfigLoader.parse(text: Self.config, file: "panel.ini")
        do {
            _ = try OutputsBringUp.open(config, levels: [:]) { _, _ throws(GPIOError) in
                throw GPIOError.lineBusy(chip: "gpiochip0", line: "17", consumer: "relayd")
            }
            Issue.record("started with a busy line")
        } catch {
            #expect(error.message == #"gpio gpiochip0 17 ([output relay]): GPIO line 17 on gpiochip0 is in use by "relayd""#)
        }
    }

    @Test func aNamedLineIsRequestedByNameAndItsActionsDriveIt() throws {
        let config = try PanelConfigLoader.parse(text: """
            [display]
            width = 800
            height = 480

            [output relay]
            chip = /dev/gpiochip0
            line = GPIO17
            start = on

            [button a]
            rect = 0, 0, 100, 100
            on_tap = gpio relay toggle
            """, file: "panel.ini")
        let requests = Requests()
        let levels = OutputsBringUp.startLevels(config, carried: [:])
        #expect(levels == ["gpiochip0:GPIO17": true])
        let outputs = try OutputsBringUp.open(config, levels: levels, request: requests.request)
        #expect(requests.lines == ["/dev/gpiochip0:GPIO17 active_low=false active=true"])
        let relay = try #require(outputs["gpiochip0:GPIO17"] as? RecordingOutput)
        let actions = ActionRunner(buttons: config.buttons, exec: recordingExec(), outputs: outputs, log: RecordingLog(), levels: levels)
        actions.handle(GestureEvent(at: .milliseconds(10), button: 0, kind: .tap(taps: 1)))
        #expect(relay.levels == [false])
        #expect(actions.levels == ["gpiochip0:GPIO17": false])
    }

}
