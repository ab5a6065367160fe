import LinuxSystem
import PanelDrivers
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

/// Records what a source hands over, as strings with logical milliseconds.
final class RecordingSink: TouchSink {
    var calls: [String] = []

    func frame(_ frame: TouchFrame, measuredAt: MonotonicInstant) {
        var text = "frame \(measuredAt.wholeMilliseconds):"
        for index in 0..<frame.count {
            let point = frame[index]
            text += " \(point.id)@\(point.position.x),\(point.position.y)"
        }
        calls.append(text)
    }

    func dropped(_ problem: MalformedReport, at: MonotonicInstant) {
        calls.append("dropped \(at.wholeMilliseconds): \(CoreErrorText.describe(problem))")
    }

    func sourceFailed(_ message: String, at: MonotonicInstant) {
        calls.append("failed \(at.wholeMilliseconds)")
    }

    func sourceRecovered(_ message: String) {
        calls.append("recovered: \(message)")
    }

    func sourceStopped(_ message: String) {
        calls.append("stopped: \(message)")
    }
}

@Suite("I2C touch source")
struct I2CTouchSourceTests {
    @Test func aFailedReadClosesTheBusDeviceAndAProbeOpensItAfresh() throws {
        let chip = SimulatedFT5x06()
        let line = SimulatedInterruptLine()
        let range = ControllerRange(width: 800, height: 480)
        var opens = 0
        let source = I2CTouchSource(
            description: "test", range: range,
            chip: FT5x06Chip(controller: FT5x06Controller(transport: chip), model: .ft5406, range: range),
            wakeup: .interrupt(line), startedAt: at(0), log: RecordingLog(),
            reopen: { () throws(I2CError) -> I2CTouchChip in
                opens += 1
                return FT5x06Chip(controller: FT5x06Controller(transport: chip), model: .ft5406, range: range)
            })
        let sink = RecordingSink()
        chip.failNext(.noAcknowledge)
        line.raise(at: at(10))
        source.service(now: at(10), readiness: .readable, into: sink)
        #expect(sink.calls == ["failed 10"])
        #expect(source.nextWakeup == at(110))
        // Closed: an edge reaches no transfer until a probe succeeds.
        chip.clearTransactions()
        line.raise(at: at(50))
        source.service(now: at(50), readiness: .readable, into: sink)
        #expect(chip.transactions == [])
        chip.unplug()
        source.service(now: at(110), readiness: .quiet, into: sink)
        #expect(source.nextWakeup == at(310))
        chip.plug()
        source.service(now: at(310), readiness: .quiet, into: sink)
        #expect(opens == 2)
        #expect(sink.calls == ["failed 10", "recovered: controller answers again"])
        chip.load(report: report([(3, 100, 60, .down)]))
        line.raise(at: at(400))
        source.service(now: at(401), readiness: .readable, into: sink)
        #expect(sink.calls.last == "frame 400: 3@100,60")
    }

    @Test func aDeadInterruptDescriptorStopsTheSource() throws {
        let range = ControllerRange(width: 800, height: 480)
        let source = I2CTouchSource(
            description: "test", range: range,
            chip: FT5x06Chip(controller: FT5x06Controller(transport: SimulatedFT5x06()), model: .ft5406, range: range),
            wakeup: .interrupt(SimulatedInterruptLine()), startedAt: at(0), log: RecordingLog())
        let sink = RecordingSink()
        source.service(now: at(5), readiness: .failed, into: sink)
        #expect(sink.calls == ["stopped: interrupt line failed (its GPIO chip went away)"])
    }
}
