import LinuxSystem
import PanelEngine
import TouchCore

/// What a FocalTech controller says about itself (registers 0xA3, 0xA6, 0xA8), for `probe`
/// and the start-up log. The raw bytes are kept: many panel firmwares fill these oddly.
public struct FT5x06Identity: Equatable, Sendable {
    public var chipID: UInt8
    public var firmwareVersion: UInt8
    public var vendorID: UInt8

    public init(chipID: UInt8, firmwareVersion: UInt8, vendorID: UInt8) {
        self.chipID = chipID
        self.firmwareVersion = firmwareVersion
        self.vendorID = vendorID
    }

    /// The model table's row for the chip id; nil for an id TouchPanel does not know.
    public var model: ControllerModel? {
        ControllerModel.identified(byFocalTechChipID: chipID)
    }

    /// "chip 0x55 (FT5206/FT5306/FT5406, 5 points), firmware 0x01, vendor 0x79"
    public var summary: String {
        var text = "chip \(HexText.byte(chipID))"
        if let model {
            text += " (\(model.members), \(model.maxPoints) points)"
        } else {
            text += " (unknown to TouchPanel)"
        }
        text += ", firmware \(HexText.byte(firmwareVersion)), vendor \(HexText.byte(vendorID))"
        return text
    }
}
