import CLinux
import LinuxSystem
import PanelDrivers
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

extension Devices {
    @Suite("FT5x06 controller: faults and retries")
    struct FT5x06RetryTests {
        func transportWithOnePoint() -> RecordingI2CTransport {
            let bytes = Devices.reportBytes(points: 1)
            let transport = RecordingI2CTransport()
            transport.respond(to: 0x00, with: Array(bytes[0..<3]))
            transport.respond(to: 0x03, with: Array(bytes[3...]))
            return transport
        }

        @Test func timeoutIsRetriedThenSucceeds() throws {
            let transport = transportWithOnePoint()
            transport.inject(.errno(ETIMEDOUT), count: 2)
            let controller = FT5x06Controller(transport: transport)
            var report = FT5x06Report()
            try controller.readReport(maxPoints: 5, into: &report)
            #expect(transport.transactions == [
                .blockRead(0x00, 3), .blockRead(0x00, 3), .blockRead(0x00, 3), .blockRead(0x03, 6),
            ])
            #expect(Devices.bytes(of: report) == Devices.reportBytes(points: 1))
            #expect(controller.retriedTransfers == 2)
        }

        @Test func arbitrationLostOnThePointTransferRetriesOnlyThatTransfer() throws {
            let transport = transportWithOnePoint()
            transport.inject(.pass)
            transport.inject(.errno(EAGAIN))
            let controller = FT5x06Controller(transport: transport)
            var report = FT5x06Report()
            try controller.readReport(maxPoints: 5, into: &report)
            #expect(transport.transactions == [.blockRead(0x00, 3), .blockRead(0x03, 6), .blockRead(0x03, 6)])
            #expect(Devices.bytes(of: report) == Devices.reportBytes(points: 1))
            #expect(controller.retriedTransfers == 1)
        }

        @Test func retriesAreBounded() {
            let transport = transportWithOnePoint()
            transport.inject(.errno(ETIMEDOUT), count: 3)
            let controller = FT5x06Controller(transport: transport)
            var report = FT5x06Report()
            #expect(throws: I2CError.timeout) {
                try controller.readReport(maxPoints: 5, into: &report)
            }
            #expect(I2CRetry.transientRetries == 2)
            #expect(transport.transactions == [.blockRead(0x00, 3), .blockRead(0x00, 3), .blockRead(0x00, 3)])
        }

        @Test(arguments: [ENXIO, EREMOTEIO])
        func noAcknowledgeIsNotRetried(errno: Int32) {
            let transport = transportWithOnePoint()
            transport.inject(.errno(errno))
            let controller = FT5x06Controller(transport: transport)
            var report = FT5x06Report()
            #expect(throws: I2CError.noAcknowledge) {
                try controller.readReport(maxPoints: 5, into: &report)
            }
            #expect(transport.transactions == [.blockRead(0x00, 3)])
            #expect(controller.retriedTransfers == 0)
        }

        @Test func shortPointReadIsNotRetried() {
            let transport = transportWithOnePoint()
            transport.inject(.pass)
            transport.inject(.shortRead(got: 4))
            let controller = FT5x06Controller(transport: transport)
            var report = FT5x06Report()
            #expect(throws: I2CError.shortRead(got: 4, wanted: 6)) {
                try controller.readReport(maxPoints: 5, into: &report)
            }
            #expect(transport.transactions == [.blockRead(0x00, 3), .blockRead(0x03, 6)])
        }

        @Test func interruptedSystemCallIsRetriedBelowTheController() throws {
            let transport = transportWithOnePoint()
            transport.inject(.errno(EINTR))
            let controller = FT5x06Controller(transport: transport)
            var report = FT5x06Report()
            try controller.readReport(maxPoints: 5, into: &report)
            // Two attempts of the header at the system-call level; the controller saw no fault.
            #expect(transport.transactions == [.blockRead(0x00, 3), .blockRead(0x00, 3), .blockRead(0x03, 6)])
            #expect(controller.retriedTransfers == 0)
        }

        @Test func identityReadsAndWritesAreRetriedToo() throws {
            let transport = RecordingI2CTransport()
            transport.respond(to: 0xA3, with: [0x55])
            transport.inject(.errno(EAGAIN))
            transport.inject(.pass)
            transport.inject(.errno(ETIMEDOUT))
            let controller = FT5x06Controller(transport: transport)
            #expect(try controller.identify().chipID == 0x55)
            try controller.setThreshold(40)
            try controller.setReportPeriod(6)
            #expect(transport.transactions == [
                .byteRead(0xA3), .byteRead(0xA3), .byteRead(0xA6), .byteRead(0xA6), .byteRead(0xA8),
                .byteWrite(0x80, 40), .byteWrite(0x88, 6),
            ])
            #expect(transport.writes == [0x80: [40], 0x88: [6]])
            #expect(controller.retriedTransfers == 2)
        }
    }
}
