import PanelDrivers
import PanelEngine
@testable import PanelTestSupport
import Testing

/// The simulated board's GPIO log says the output's state and the line's level: for an
/// active-low relay "on" is a low line (issue 28: the log said `-> 1`).
@Suite("LoggedOutput: state and level of a simulated GPIO line")
struct LoggedOutputTests {
    @Test func anActiveLowOutputIsLowWhenOn() {
        let log = RecordingLog()
        let relay = LoggedOutput(name: "gpiochip0:17", activeLow: true, log: log)
        #expect(relay.drive(true) == nil)
        #expect(relay.drive(false) == nil)
        #expect(log.lines == [
            "gpio gpiochip0:17 -> on (line low, active_low) (simulated)",
            "gpio gpiochip0:17 -> off (line high, active_low) (simulated)",
        ])
    }

    @Test func anActiveHighOutputIsHighWhenOn() {
        let log = RecordingLog()
        let lamp = LoggedOutput(name: "gpiochip0:18", log: log)
        _ = lamp.drive(true)
        _ = lamp.drive(false)
        #expect(log.lines == [
            "gpio gpiochip0:18 -> on (line high) (simulated)",
            "gpio gpiochip0:18 -> off (line low) (simulated)",
        ])
    }
}
