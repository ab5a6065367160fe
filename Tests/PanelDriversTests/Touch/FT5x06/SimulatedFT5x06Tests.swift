import LinuxSystem
import PanelDrivers
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

extension Devices {
    @Suite("Simulated FT5x06")
    struct SimulatedFT5x06Tests {
        func read(_ chip: SimulatedFT5x06, register: UInt8, count: Int) throws(I2CError) -> [UInt8] {
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 1)
            defer { buffer.deallocate() }
            try chip.readBlock(register: register, into: buffer)
            return Array(buffer)
        }

        @Test func blockReadsAutoIncrementThroughTheReport() throws {
            let chip = SimulatedFT5x06()
            let report = Devices.reportBytes(points: 2)
            chip.load(report: FT5x06Codec.encode(Devices.frame(points: 2)))
            #expect(try read(chip, register: 0x00, count: 15) == report)
            #expect(try read(chip, register: 0x02, count: 4) == Array(report[2..<6]))
            // Past the loaded points: 0xFF padding up to the last point register.
            #expect(try read(chip, register: 0x0F, count: 4) == [0xFF, 0xFF, 0xFF, 0xFF])
            #expect(try read(chip, register: 0x3E, count: 1) == [0xFF])
        }

        @Test func startsWithAnEmptyReport() throws {
            let chip = SimulatedFT5x06()
            #expect(try read(chip, register: 0x00, count: 4) == [0x00, 0x00, 0x00, 0xFF])
        }

        @Test func theRegisterPointerWrapsAfter0xFF() throws {
            let chip = SimulatedFT5x06()
            chip.setRegister(0xFF, 0x42)
            #expect(try read(chip, register: 0xFF, count: 2) == [0x42, 0x00])
        }

        @Test func onlyThresholdAndPeriodAreWritable() throws {
            let chip = SimulatedFT5x06(chipID: 0x55)
            try chip.writeByte(register: 0x80, value: 22)
            try chip.writeByte(register: 0x88, value: 9)
            try chip.writeByte(register: 0xA3, value: 0x00)
            #expect(try chip.readByte(register: 0x80) == 22)
            #expect(try chip.readByte(register: 0x88) == 9)
            #expect(try chip.readByte(register: 0xA3) == 0x55)
        }

        @Test func logsEveryTransfer() throws {
            let chip = SimulatedFT5x06()
            _ = try read(chip, register: 0x00, count: 3)
            _ = try chip.readByte(register: 0xA6)
            try chip.writeByte(register: 0x80, value: 1)
            #expect(chip.transactions == [.blockRead(0x00, 3), .byteRead(0xA6), .byteWrite(0x80, 1)])
            chip.clearTransactions()
            #expect(chip.transactions.isEmpty)
        }

        @Test func failNextFailsExactlyThatManyTransfers() throws {
            let chip = SimulatedFT5x06()
            chip.failNext(.timeout, count: 2)
            #expect(throws: I2CError.timeout) { _ = try chip.readByte(register: 0xA3) }
            #expect(throws: I2CError.timeout) { _ = try read(chip, register: 0x00, count: 3) }
            #expect(try chip.readByte(register: 0xA3) == 0x55)
            #expect(chip.transactions == [.byteRead(0xA3), .blockRead(0x00, 3), .byteRead(0xA3)])
        }

        @Test func unpluggedChipNeverAcknowledges() throws {
            let chip = SimulatedFT5x06()
            chip.unplug()
            #expect(!chip.isPlugged)
            #expect(throws: I2CError.noAcknowledge) { _ = try chip.readByte(register: 0xA3) }
            #expect(throws: I2CError.noAcknowledge) { try chip.writeByte(register: 0x80, value: 1) }
            #expect(chip.register(0x80) == 0x00)
            chip.plug()
            #expect(try chip.readByte(register: 0xA3) == 0x55)
        }

        @Test func theControllerRecoversWhenTheChipIsPluggedBackIn() throws {
            let chip = SimulatedFT5x06()
            let controller = FT5x06Controller(transport: chip)
            var report = FT5x06Report()
            chip.unplug()
            #expect(throws: I2CError.noAcknowledge) { try controller.readReport(maxPoints: 5, into: &report) }
            chip.plug()
            chip.load(report: FT5x06Codec.encode(Devices.frame(points: 1)))
            try controller.readReport(maxPoints: 5, into: &report)
            #expect(Devices.bytes(of: report) == Devices.reportBytes(points: 1))
        }

        @Test func recordingCanBeTurnedOff() throws {
            let chip = SimulatedFT5x06(isRecording: false)
            _ = try chip.readByte(register: 0xA3)
            #expect(chip.transactions.isEmpty)
        }
    }
}
