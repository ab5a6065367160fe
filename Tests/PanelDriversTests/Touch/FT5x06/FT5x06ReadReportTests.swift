import LinuxSystem
import PanelDrivers
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

extension Devices {
    @Suite("FT5x06 controller: report reads")
    struct FT5x06ReadReportTests {
        /// A recording transport holding the report for `points` points: the header at 0x00
        /// and the point bytes in 5-point slices at 0x03, 0x21.
        func transport(points: Int, announcing announced: Int? = nil) -> RecordingI2CTransport {
            var bytes = Devices.reportBytes(points: points)
            if let announced { bytes[2] = UInt8(announced) }
            let transport = RecordingI2CTransport()
            transport.respond(to: 0x00, with: Array(bytes[0..<3]))
            let pointBytes = Array(bytes[3...])
            transport.respond(to: 0x03, with: Array(pointBytes.prefix(30)))
            if pointBytes.count > 30 { transport.respond(to: 0x21, with: Array(pointBytes[30...])) }
            return transport
        }

        @Test func noPointsReadsOnlyTheHeader() throws {
            let transport = transport(points: 0)
            var report = FT5x06Report()
            try FT5x06Controller(transport: transport).readReport(maxPoints: 5, into: &report)
            #expect(transport.transactions == [.blockRead(0x00, 3)])
            #expect(Devices.bytes(of: report) == [0x00, 0x00, 0x00])
        }

        @Test func onePointIsHeaderThenSixBytes() throws {
            let transport = transport(points: 1)
            var report = FT5x06Report()
            try FT5x06Controller(transport: transport).readReport(maxPoints: 5, into: &report)
            #expect(transport.transactions == [.blockRead(0x00, 3), .blockRead(0x03, 6)])
            #expect(Devices.bytes(of: report) == Devices.reportBytes(points: 1))
        }

        @Test func fivePointsFitOneTransferOfThirtyBytes() throws {
            let transport = transport(points: 5)
            var report = FT5x06Report()
            try FT5x06Controller(transport: transport).readReport(maxPoints: 5, into: &report)
            #expect(transport.transactions == [.blockRead(0x00, 3), .blockRead(0x03, 30)])
            #expect(Devices.bytes(of: report) == Devices.reportBytes(points: 5))
        }

        @Test func tenPointsTakeTwoTransfersOfThirtyBytes() throws {
            let transport = transport(points: 10)
            var report = FT5x06Report()
            try FT5x06Controller(transport: transport).readReport(maxPoints: 10, into: &report)
            #expect(transport.transactions == [.blockRead(0x00, 3), .blockRead(0x03, 30), .blockRead(0x21, 30)])
            #expect(Devices.bytes(of: report) == Devices.reportBytes(points: 10))
            #expect(report.count == 63)
        }

        @Test func sevenPointsAreFiveThenTwo() throws {
            let transport = transport(points: 7)
            var report = FT5x06Report()
            try FT5x06Controller(transport: transport).readReport(maxPoints: 10, into: &report)
            #expect(transport.transactions == [.blockRead(0x00, 3), .blockRead(0x03, 30), .blockRead(0x21, 12)])
        }

        @Test(arguments: [(maxPoints: 5, announced: 6), (maxPoints: 2, announced: 3), (maxPoints: 10, announced: 15)])
        func countAboveTheMaximumStopsAfterTheHeader(maxPoints: Int, announced: Int) throws {
            let transport = transport(points: 0, announcing: announced)
            var report = FT5x06Report()
            try FT5x06Controller(transport: transport).readReport(maxPoints: maxPoints, into: &report)
            #expect(transport.transactions == [.blockRead(0x00, 3)])
            #expect(report.count == 3)
            let codec = FT5x06Codec(maxPoints: maxPoints, width: 800, height: 480)
            #expect(codec.decode(report) == .malformed(.tooManyPoints(reported: announced, maximum: maxPoints)))
        }

        @Test func aMaximumAboveTheReportCapacityIsClampedToTenPoints() throws {
            let transport = transport(points: 0, announcing: 12)
            var report = FT5x06Report()
            try FT5x06Controller(transport: transport).readReport(maxPoints: 99, into: &report)
            #expect(transport.transactions == [.blockRead(0x00, 3)])
        }

        @Test func aReadReplacesThePreviousReport() throws {
            let transport = transport(points: 5)
            transport.respond(to: 0x00, with: [0x00, 0x00, 0x00])
            let controller = FT5x06Controller(transport: transport)
            var report = FT5x06Report()
            try controller.readReport(maxPoints: 5, into: &report)
            #expect(report.count == 33)
            try controller.readReport(maxPoints: 5, into: &report)
            #expect(Devices.bytes(of: report) == [0x00, 0x00, 0x00])
        }

        @Test func decodesBackToTheFrameFromTheSimulatedChip() throws {
            let chip = SimulatedFT5x06()
            let frame = Devices.frame(points: 4)
            chip.load(report: FT5x06Codec.encode(frame))
            var report = FT5x06Report()
            try FT5x06Controller(transport: chip).readReport(maxPoints: 5, into: &report)
            #expect(chip.transactions == [.blockRead(0x00, 3), .blockRead(0x03, 24)])
            #expect(FT5x06Codec(maxPoints: 5, width: 800, height: 480).decode(report) == .frame(frame))
        }
    }
}
