import PanelIO
import Testing
import TouchCore

@Suite("Controller report reader")
struct ControllerReportReaderTests {
    @Test func aFailedReadClosesTheBusDeviceAndAProbeOpensItAfresh() throws {
        let chip = SimulatedFT5x06()
        var opens = 0
        let reader = ControllerReportReader(
            controller: FT5x06Controller(transport: chip), maxPoints: 5,
            reopen: { () throws(I2CError) -> FT5x06Controller in
                opens += 1
                return FT5x06Controller(transport: chip)
            })
        var report = FT5x06Report()
        chip.failNext(.noAcknowledge)
        #expect(throws: ControllerFault.self) { try reader.readReport(into: &report) }
        // Closed: no transfer reaches the bus until a probe succeeds.
        chip.clearTransactions()
        #expect(throws: ControllerFault(message: "the bus device is closed until a probe succeeds")) {
            try reader.readReport(into: &report)
        }
        #expect(chip.transactions == [])
        chip.unplug()
        #expect(throws: ControllerFault.self) { try reader.probe() }
        chip.plug()
        try reader.probe()
        #expect(opens == 2)
        chip.load(report: FT5x06Codec.encode(TouchFrame()))
        try reader.readReport(into: &report)
        #expect(report.count == 3)
    }
}
