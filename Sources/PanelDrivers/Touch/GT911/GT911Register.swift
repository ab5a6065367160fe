import LinuxSystem
import PanelEngine
import TouchCore

/// Goodix GT911/GT9271 registers (the kernel's goodix driver names the same ones): 16-bit,
/// big-endian on the bus.
public enum GT911Register {
    /// Config block: version, X max LE16, Y max LE16, touch number (low nibble), module
    /// switch 1 (bits 1:0 INT trigger), ... (186 bytes on a GT911).
    public static let config: UInt16 = 0x8047
    /// Product id, 4 ASCII bytes NUL-padded ("911", "9271"), then firmware version LE16.
    public static let productID: UInt16 = 0x8140
    /// Status: bit 7 buffer ready, bit 4 key, low nibble = points; the points follow.
    public static let status: UInt16 = 0x814E
}

/// What a Goodix chip says about itself: product id and firmware version (0x8140), and from
/// its config block the range it reports, its touch number and its INT trigger.
public struct GT911Identity: Equatable, Sendable {
    public var productID: (UInt8, UInt8, UInt8, UInt8)
    public var firmwareVersion: UInt16
    public var xMax: UInt16
    public var yMax: UInt16
    /// The config's touch number (low nibble of byte 5): how many points it reports.
    public var touchNumber: Int
    /// Module switch 1 bits 1:0: 0 rising edge, 1 falling edge, 2 low level, 3 high level.
    public var interruptTrigger: UInt8

    public init(productID: (UInt8, UInt8, UInt8, UInt8), firmwareVersion: UInt16, xMax: UInt16, yMax: UInt16, touchNumber: Int, interruptTrigger: UInt8) {
        self.productID = productID
        self.firmwareVersion = firmwareVersion
        self.xMax = xMax
        self.yMax = yMax
        self.touchNumber = touchNumber
        self.interruptTrigger = interruptTrigger
    }

    public static func == (lhs: GT911Identity, rhs: GT911Identity) -> Bool {
        lhs.productID == rhs.productID && lhs.firmwareVersion == rhs.firmwareVersion && lhs.xMax == rhs.xMax
            && lhs.yMax == rhs.yMax && lhs.touchNumber == rhs.touchNumber && lhs.interruptTrigger == rhs.interruptTrigger
    }

    /// The model table's row for the product id; nil for another product.
    public var model: ControllerModel? {
        ControllerModel.identified(byGoodixProductID: productID)
    }

    /// The edge that announces a report: level triggers are taken as the edge into them.
    public var interruptEdge: InterruptEdge {
        interruptTrigger & 0x03 == 0 || interruptTrigger & 0x03 == 3 ? .rising : .falling
    }

    /// The product id as text: "911".
    public var productText: String {
        var text = ""
        for byte in [productID.0, productID.1, productID.2, productID.3] where byte >= 0x20 && byte < 0x7F {
            text.unicodeScalars.append(Unicode.Scalar(byte))
        }
        return text
    }

    /// "GT911, firmware 0x1060, 800x480, 5 points, INT falling"
    public var summary: String {
        let name = model.map { "\($0.members)" } ?? "Goodix product \"\(productText)\" (unknown to TouchPanel)"
        let edge = interruptEdge == .rising ? "rising" : "falling"
        return "\(name), firmware \(HexText.word(firmwareVersion)), \(xMax)x\(yMax), \(touchNumber) points, INT \(edge)"
    }
}
