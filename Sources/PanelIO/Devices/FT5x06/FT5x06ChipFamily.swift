import TouchCore

/// What the chip id register (0xA3, ID_G_CIPHER) says about a FocalTech controller: one table
/// instead of scattered checks. Members of a family share the id, so the id names a family.
///
/// Sources for each id (public code; FocalTech's datasheets list 0xA3 as "chip vendor id"):
/// - 0x55 FT5206/FT5306/FT5406: lvgl_micropython `indev/ft5x06.py` (_FT5x06_CHIPID), the
///   USB_Multitouch `ft5206.c` (FT5206_CHIP_VENDOR_ID); 5 points as the kernel's
///   edt-ft5x06 `edt_ft5x06_data` (edt,edt-ft5206/5306/5406).
/// - 0x54 FT5x46 (FT5416/5426/5436/5446/5346/5526): FocalTech's own Linux driver,
///   `focaltech_common.h` FTS_CHIP_TYPE_MAPPING (IC serial 0x02 -> chip_idh 0x54) with the
///   serials in `focaltech_config.h`; also lvgl_micropython `indev/ft5x46.py` and the
///   FocalTech Arduino library (FT5436 0x54). Points: 10, as the kernel's
///   "focaltech,ft5426" (edt_ft5506_data); a 5-point member never announces more than 5.
/// - 0x58 FT5x26 (FT5626/FT5726/FT5826): FocalTech's driver, FTS_CHIP_TYPE_MAPPING (IC serial
///   0x01 -> chip_idh 0x58); 10 points as the kernel's "evervision,ev-ft5726" (edt_ft5506_data).
///   (0x59 in the kernel driver is a *vendor id* at 0xA8 for an Evervision FT5726 panel,
///   not a chip id.)
/// - 0x06 FT6206, 0x36 FT6236: Adafruit_FT6206 (FT6206_CHIPID, FT6236_CHIPID); 2 points as
///   the kernel's "focaltech,ft6236" (edt_ft6236_data).
/// - 0x64 FT6236U/FT6336U (FT6x36U family): Adafruit_FT6206 (FT6236U_CHIPID) and FocalTech's
///   driver (IC serial 0x03 -> chip_idh 0x64); 2 points.
public enum FT5x06ChipFamily: Equatable, Hashable, Sendable {
    case ft5x06
    case ft5x46
    case ft5x26
    case ft6206
    case ft6236
    case ft6x36u

    /// The family a chip id belongs to; nil for an id not in the table.
    public init?(chipID: UInt8) {
        switch chipID {
        case 0x55: self = .ft5x06
        case 0x54: self = .ft5x46
        case 0x58: self = .ft5x26
        case 0x06: self = .ft6206
        case 0x36: self = .ft6236
        case 0x64: self = .ft6x36u
        default: return nil
        }
    }

    public var chipID: UInt8 {
        switch self {
        case .ft5x06: 0x55
        case .ft5x46: 0x54
        case .ft5x26: 0x58
        case .ft6206: 0x06
        case .ft6236: 0x36
        case .ft6x36u: 0x64
        }
    }

    /// The most points the family reports: a TD_STATUS count above it is garbage.
    public var maxPoints: Int {
        switch self {
        case .ft5x06: 5
        case .ft5x46, .ft5x26: 10
        case .ft6206, .ft6236, .ft6x36u: 2
        }
    }

    /// The chips sharing the id, for logs.
    public var members: String {
        switch self {
        case .ft5x06: "FT5206/FT5306/FT5406"
        case .ft5x46: "FT5x46 (FT5416/FT5426/FT5436/FT5446/FT5346/FT5526)"
        case .ft5x26: "FT5x26 (FT5626/FT5726/FT5826)"
        case .ft6206: "FT6206"
        case .ft6236: "FT6236"
        case .ft6x36u: "FT6236U/FT6336U"
        }
    }

    /// The TouchCore model with this family's limits, for the codec (TouchCore has no case
    /// for FT5x46 or FT6x36U; these have the same maximum points).
    public var model: FT5x06Model {
        switch self {
        case .ft5x06: .ft5406
        case .ft5x46: .ft5506
        case .ft5x26: .ft5x26
        case .ft6206: .ft6206
        case .ft6236, .ft6x36u: .ft6236
        }
    }
}
