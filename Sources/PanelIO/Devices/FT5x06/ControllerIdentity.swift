import TouchCore

/// What a controller says about itself (registers 0xA3, 0xA6, 0xA8), for `touchpanel probe`
/// and the start-up log. The raw bytes are kept: many panel firmwares fill these oddly.
public struct ControllerIdentity: Equatable, Sendable {
    public var chipID: UInt8
    public var firmwareVersion: UInt8
    public var vendorID: UInt8

    public init(chipID: UInt8, firmwareVersion: UInt8, vendorID: UInt8) {
        self.chipID = chipID
        self.firmwareVersion = firmwareVersion
        self.vendorID = vendorID
    }

    /// The family from the chip-id table; nil for an unknown id.
    public var family: FT5x06ChipFamily? {
        FT5x06ChipFamily(chipID: chipID)
    }

    /// The TouchCore model to decode with; nil for an unknown id (the config must say).
    public var model: FT5x06Model? {
        family?.model
    }

    /// "chip 0x55 (FT5206/FT5306/FT5406, 5 points), firmware 0x01, vendor 0x79"
    public var summary: String {
        var text = "chip \(HexText.byte(chipID))"
        if let family {
            text += " (\(family.members), \(family.maxPoints) points)"
        } else {
            text += " (unknown to TouchPanel)"
        }
        text += ", firmware \(HexText.byte(firmwareVersion)), vendor \(HexText.byte(vendorID))"
        return text
    }
}
