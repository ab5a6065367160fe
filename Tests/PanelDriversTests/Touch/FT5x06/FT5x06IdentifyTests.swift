import LinuxSystem
import PanelDrivers
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

extension Devices {
    @Suite("FT5x06 controller: identity and settings")
    struct FT5x06IdentifyTests {
        @Test func identifiesTheSimulatedChip() throws {
            let chip = SimulatedFT5x06(chipID: 0x55, firmwareVersion: 0x0A, vendorID: 0x79)
            let identity = try FT5x06Controller(transport: chip).identify()
            #expect(chip.transactions == [.byteRead(0xA3), .byteRead(0xA6), .byteRead(0xA8)])
            #expect(identity == FT5x06Identity(chipID: 0x55, firmwareVersion: 0x0A, vendorID: 0x79))
            #expect(identity.model == .ft5206)
            #expect(identity.model?.maxPoints == 5)
            #expect(identity.summary == "chip 0x55 (FT5206/FT5306/FT5406, 5 points), firmware 0x0a, vendor 0x79")
        }

        @Test func anUnknownChipHasNoModelButKeepsItsID() throws {
            let chip = SimulatedFT5x06(chipID: 0x11, firmwareVersion: 0x02, vendorID: 0x51)
            let identity = try FT5x06Controller(transport: chip).identify()
            #expect(identity.chipID == 0x11)
            #expect(identity.model == nil)
            #expect(identity.summary == "chip 0x11 (unknown to TouchPanel), firmware 0x02, vendor 0x51")
        }

        @Test(arguments: [
            (UInt8(0x55), ControllerModel.ft5206, 5, "FT5206/FT5306/FT5406"),
            (0x54, .ft5x46, 10, "FT5x46 (FT5416/FT5426/FT5436/FT5446/FT5346/FT5526)"),
            (0x58, .ft5x26, 10, "FT5x26 (FT5626/FT5726/FT5826)"),
            (0x06, .ft6206, 2, "FT6206"),
            (0x36, .ft6236, 2, "FT6236"),
            (0x64, .ft6336, 2, "FT6236U/FT6336U"),
        ])
        func chipTable(chipID: UInt8, model: ControllerModel, maxPoints: Int, members: String) {
            #expect(ControllerModel.identified(byFocalTechChipID: chipID) == model)
            #expect(model.focalTechChipID == chipID)
            #expect(model.maxPoints == maxPoints)
            #expect(model.members.description == members)
        }

        @Test func idsOutsideTheTableAreUnknown() {
            let known: Set<UInt8> = [0x55, 0x54, 0x58, 0x06, 0x36, 0x64]
            for id in 0...255 where !known.contains(UInt8(id)) {
                #expect(ControllerModel.identified(byFocalTechChipID: UInt8(id)) == nil)
            }
        }

        @Test func thresholdAndPeriodLandInTheirRegisters() throws {
            let chip = SimulatedFT5x06()
            let controller = FT5x06Controller(transport: chip)
            try controller.setThreshold(0x28)
            try controller.setReportPeriod(0x06)
            #expect(chip.transactions == [.byteWrite(0x80, 0x28), .byteWrite(0x88, 0x06)])
            #expect(chip.register(0x80) == 0x28)
            #expect(chip.register(0x88) == 0x06)
        }
    }
}
