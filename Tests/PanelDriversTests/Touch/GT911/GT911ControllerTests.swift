import LinuxSystem
import PanelDrivers
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

extension Devices {
    @Suite("GT911 controller over 16-bit register transfers")
    struct GT911ControllerTests {
        func report(_ bytes: [UInt8]) -> GT911Report {
            var report = GT911Report()
            for byte in bytes { report.append(byte) }
            return report
        }

        @Test func identifiesProductFirmwareRangeAndTrigger() throws {
            let chip = SimulatedGT911(width: 720, height: 1280, touches: 5, trigger: 0)
            let identity = try GT911Controller(transport: chip).identify()
            #expect(chip.transactions == [.read16(0x8140, 6), .read16(0x8047, 7)])
            #expect(identity.model == .gt911)
            #expect(identity.firmwareVersion == 0x1060)
            #expect(identity.xMax == 720 && identity.yMax == 1280)
            #expect(identity.touchNumber == 5)
            #expect(identity.interruptEdge == .rising)
            #expect(identity.summary == "Goodix GT911, firmware 0x1060, 720x1280, 5 points, INT rising")
        }

        @Test func aGT9271NamesItselfAndAnUnknownProductIsSaidSo() throws {
            let gt9271 = try GT911Controller(transport: SimulatedGT911(productID: Array("9271".utf8))).identify()
            #expect(gt9271.model == .gt9271)
            let other = try GT911Controller(transport: SimulatedGT911(productID: Array("928".utf8) + [0])).identify()
            #expect(other.model == nil)
            #expect(other.summary.hasPrefix("Goodix product \"928\" (unknown to TouchPanel)"))
        }

        @Test func eachReportIsReadThenItsStatusCleared() throws {
            let chip = SimulatedGT911()
            chip.load(report: report([0x82, 0, 0x64, 0, 0x32, 0, 0x10, 0, 0, 3, 0xBC, 2, 0x32, 0, 0x10, 0, 0]))
            var read = GT911Report()
            try GT911Controller(transport: chip).readReport(maxPoints: 5, into: &read)
            // Status and first point in one transfer, the second point in another, then 0 to 0x814E.
            #expect(chip.transactions == [.read16(0x814E, 9), .read16(0x8157, 8), .write16(0x814E, [0])])
            #expect(read.count == 17)
            #expect(chip.register(0x814E) == 0)
            #expect(GT911Codec(maxPoints: 5, width: 800, height: 480).decode(read) == .frame({
                var frame = TouchFrame()
                frame.append(TouchPoint(id: 0, position: Point(x: 100, y: 50), event: .contact, weight: 0x10))
                frame.append(TouchPoint(id: 3, position: Point(x: 700, y: 50), event: .contact, weight: 0x10))
                return frame
            }()))
        }

        @Test func aStatusWithoutTheReadyBitIsLeftAlone() throws {
            let chip = SimulatedGT911()
            chip.load(report: report([0x01, 0, 0x64, 0, 0x32, 0, 0x10, 0, 0]))
            var read = GT911Report()
            try GT911Controller(transport: chip).readReport(maxPoints: 5, into: &read)
            #expect(chip.transactions == [.read16(0x814E, 9)])
            #expect(read.count == 1)
            #expect(GT911Codec(maxPoints: 5, width: 800, height: 480).decode(read) == .pending)
        }

        @Test func aCountAboveTheMaximumStopsAfterTheStatusAndStillClearsIt() throws {
            let chip = SimulatedGT911()
            chip.load(report: report([0x87]))
            var read = GT911Report()
            try GT911Controller(transport: chip).readReport(maxPoints: 5, into: &read)
            #expect(chip.transactions == [.read16(0x814E, 9), .write16(0x814E, [0])])
            #expect(GT911Codec(maxPoints: 5, width: 800, height: 480).decode(read)
                == .malformed(.tooManyPoints(reported: 7, maximum: 5)))
        }
    }
}

@Suite("GT911 behind the I2C source")
struct GT911SourceTests {
    let chip = SimulatedGT911()
    let line = SimulatedInterruptLine()
    let sink = RecordingSink()
    let source: I2CTouchSource

    init() {
        let range = ControllerRange(width: 800, height: 480)
        source = I2CTouchSource(
            description: "gt911", range: range,
            chip: GT911Chip(controller: GT911Controller(transport: chip), model: .gt911, maxPoints: 5, range: range),
            wakeup: .interrupt(line), startedAt: at(0), log: RecordingLog())
    }

    @Test func aReadyBitThatLagsTheEdgeIsReadAgainEveryMillisecondAndTheFrameKeepsTheEdge() {
        var bytes = GT911Report()
        for byte: UInt8 in [0x01, 0, 0x64, 0, 0x32, 0, 0, 0, 0] { bytes.append(byte) }
        chip.load(report: bytes)
        line.raise(at: at(100))
        source.service(now: at(100), readiness: .readable, into: sink)
        #expect(sink.calls == [])
        #expect(source.nextWakeup == at(101))
        source.service(now: at(101), readiness: .quiet, into: sink)
        #expect(source.nextWakeup == at(102))
        chip.set(0x814E, 0x81)
        source.service(now: at(102), readiness: .quiet, into: sink)
        #expect(sink.calls == ["frame 100: 0@100,50"])
        #expect(source.nextWakeup == nil)
        #expect(chip.register(0x814E) == 0)
    }

    @Test func aReadyBitThatNeverComesIsGivenUpAfterTwentyMilliseconds() {
        line.raise(at: at(100))
        source.service(now: at(100), readiness: .readable, into: sink)
        var now: Int64 = 100
        while let next = source.nextWakeup {
            now = next.wholeMilliseconds
            source.service(now: next, readiness: .quiet, into: sink)
        }
        #expect(now == 120)
        #expect(sink.calls == [])
    }

    @Test func aBusFailureCancelsAndTheProbeReadsTheProductID() {
        chip.unplug()
        line.raise(at: at(10))
        source.service(now: at(10), readiness: .readable, into: sink)
        #expect(sink.calls == ["failed 10"])
        chip.plug()
        chip.clearTransactions()
        source.service(now: at(110), readiness: .quiet, into: sink)
        #expect(chip.transactions == [.read16(0x8140, 6), .read16(0x8047, 7)])
        #expect(sink.calls == ["failed 10", "recovered: controller answers again"])
    }
}
