/// How a controller's reports reach the panel.
public enum ControllerFamily: Equatable, Sendable {
    /// FocalTech FT5x06/FT6x36: SMBus register reads from 0x00 (DESIGN.md section 6).
    case ft5x06
    /// Goodix GT911/GT9271: plain I2C transfers with 16-bit register addresses.
    case goodix
    /// Any touchscreen the kernel drives, read as input events from /dev/input/eventN.
    case evdev

    /// The raw trace line kind of this family (DESIGN.md section 5).
    public var traceKeyword: StaticString {
        switch self {
        case .ft5x06: "ft5x06"
        case .goodix: "gt911"
        case .evdev: "evdev"
        }
    }
}

/// Every controller TouchPanel knows: one table, chosen once, as the kernel's edt-ft5x06 and
/// goodix drivers keep one table per model. `[controller] model` names a row; `probe`
/// identifies a chip by the row's id; the decoder takes its limits from the row.
///
/// Sources for the FocalTech chip ids (register 0xA3): 0x55 FT5206/FT5306/FT5406 (5 points,
/// the kernel's edt_ft5x06_data); 0x54 FT5x46 (FT5416/5426/5436/5446/5346/5526; FocalTech's
/// own driver, FTS_CHIP_TYPE_MAPPING; 10 points as "focaltech,ft5426"); 0x58 FT5x26
/// (FT5626/5726/5826; 10 points as "evervision,ev-ft5726"); 0x06 FT6206 and 0x36 FT6236
/// (Adafruit_FT6206; 2 points as "focaltech,ft6236"); 0x64 FT6236U/FT6336U (2 points).
/// FT5506 has no chip id we could confirm: it is chosen by name only (10 points as the
/// kernel's edt_ft5506_data). Goodix chips name themselves at 0x8140 ("911", "9271").
public enum ControllerModel: UInt8, Sendable {
    case ft5206 = 0
    case ft5306
    case ft5406
    case ft5506
    case ft5x26
    case ft5x46
    case ft6206
    case ft6236
    case ft6336
    case gt911
    case gt9271
    case evdev

    /// The number of rows; `ControllerModel(rawValue:)` gives each for 0 ..< count. Counted,
    /// not kept by hand: the raw values run on from 0, so the first with no case is the count
    /// (a loop the optimiser folds to a constant; `CaseIterable.allCases` would allocate).
    public static var count: UInt8 {
        var raw: UInt8 = 0
        while ControllerModel(rawValue: raw) != nil { raw += 1 }
        return raw
    }

    /// This model's row: one case per model, each giving the whole record; its family's row
    /// (`ControllerModelRow.ft5x06`, `.goodix`, `.evdev`) gives what the family shares.
    var row: ControllerModelRow {
        switch self {
        case .ft5206: .ft5x06("ft5206", "FT5206/FT5306/FT5406", points: 5, chipID: 0x55)
        case .ft5306: .ft5x06("ft5306", "FT5206/FT5306/FT5406", points: 5, chipID: 0x55)
        case .ft5406: .ft5x06("ft5406", "FT5206/FT5306/FT5406", points: 5, chipID: 0x55)
        case .ft5506: .ft5x06("ft5506", "FT5506", points: 10, chipID: nil)
        case .ft5x26: .ft5x06("ft5x26", "FT5x26 (FT5626/FT5726/FT5826)", points: 10, chipID: 0x58)
        case .ft5x46: .ft5x06("ft5x46", "FT5x46 (FT5416/FT5426/FT5436/FT5446/FT5346/FT5526)", points: 10, chipID: 0x54)
        case .ft6206: .ft5x06("ft6206", "FT6206", points: 2, chipID: 0x06)
        case .ft6236: .ft5x06("ft6236", "FT6236", points: 2, chipID: 0x36)
        case .ft6336: .ft5x06("ft6336", "FT6236U/FT6336U", points: 2, chipID: 0x64)
        case .gt911: .goodix("gt911", "Goodix GT911", points: 5)
        case .gt9271: .goodix("gt9271", "Goodix GT9271", points: 10)
        case .evdev: .evdev("evdev", "a kernel input device", points: 10)
        }
    }

    public var family: ControllerFamily { row.family }

    /// The spelling in config files and logs.
    public var name: StaticString { row.name }

    /// The chips this row stands for, for logs and `probe`.
    public var members: StaticString { row.members }

    /// The most points this model reports: a header counting more is garbage. For evdev,
    /// the most contacts a frame carries (the engine's limit).
    public var maxPoints: Int { row.maxPoints }

    /// The FocalTech chip id (register 0xA3) that identifies this row; nil for others.
    public var focalTechChipID: UInt8? { row.focalTechChipID }

    /// A GT911 may raise INT up to about 10 ms before it sets its ready bit: a report not
    /// ready at its edge is read again every `readyRetry` until `readyTimeout` after the edge
    /// (goodix.c's GOODIX_BUFFER_STATUS_TIMEOUT is 20 ms). A timeout of zero: no ready bit,
    /// never waited for.
    public var readyRetry: MonotonicDuration { .milliseconds(1) }
    public var readyTimeout: MonotonicDuration { row.readyTimeout }

    /// How long the reset line is held low at bring-up: a GT911 over 10 ms (T2, goodix.c
    /// holds 20 ms), an FT5x06 5 ms (edt-ft5x06.c).
    public var resetHold: MonotonicDuration { row.resetHold }

    /// How long the controller watchdog holds the reset line: one value long enough for either
    /// family, as it always was.
    public var watchdogResetHold: MonotonicDuration { row.watchdogResetHold }

    /// How long after the reset's release the chip is first asked again: an FT5x06 needs
    /// about 300 ms to start scanning (edt-ft5x06.c); a GT911 is given as long.
    public var resetSettle: MonotonicDuration { row.resetSettle }

    /// The I2C address the chip answers at when the config gives none.
    public var defaultAddress: UInt8? { row.defaultAddress }

    /// The row for a FocalTech chip id: the first listed with it (rows sharing an id differ
    /// only in name); nil for an id not in the table.
    public static func identified(byFocalTechChipID chipID: UInt8) -> ControllerModel? {
        var raw: UInt8 = 0
        while raw < count {
            if let model = ControllerModel(rawValue: raw), model.focalTechChipID == chipID { return model }
            raw += 1
        }
        return nil
    }

    /// The Goodix row for the product id at 0x8140 (ASCII digits, NUL-padded: "911", "9271");
    /// nil for another product.
    public static func identified(byGoodixProductID id: (UInt8, UInt8, UInt8, UInt8)) -> ControllerModel? {
        if id == (0x39, 0x31, 0x31, 0) { return .gt911 }  // "911"
        if id == (0x39, 0x32, 0x37, 0x31) { return .gt9271 }  // "9271"
        return nil
    }
}

/// One model's row, as the kernel's drivers keep one record per chip (edt_ft5506_data,
/// gt911_chip_data): everything TouchPanel knows of a model, in one place. `ControllerModel`'s
/// properties read it and say what each field means. A switch builds it, never a table: a
/// static array of rows may allocate in Embedded Swift.
struct ControllerModelRow: Sendable {
    let name: StaticString
    let family: ControllerFamily
    let members: StaticString
    let maxPoints: Int
    let focalTechChipID: UInt8?
    let defaultAddress: UInt8?
    let resetHold: MonotonicDuration
    let watchdogResetHold: MonotonicDuration
    let resetSettle: MonotonicDuration
    let readyTimeout: MonotonicDuration

    /// A FocalTech row: at 0x38, the reset held 5 ms and 300 ms to start scanning
    /// (edt-ft5x06.c), the watchdog's 20 ms hold, no ready bit.
    static func ft5x06(_ name: StaticString, _ members: StaticString, points: Int, chipID: UInt8?) -> ControllerModelRow {
        ControllerModelRow(
            name: name, family: .ft5x06, members: members, maxPoints: points, focalTechChipID: chipID, defaultAddress: 0x38,
            resetHold: .milliseconds(5), watchdogResetHold: .milliseconds(20), resetSettle: .milliseconds(300),
            readyTimeout: .milliseconds(0))
    }

    /// A Goodix row: at 0x5D, the reset held 20 ms (goodix.c), given 300 ms as an FT5x06 is,
    /// the watchdog's 20 ms hold, a ready bit waited for up to 20 ms.
    static func goodix(_ name: StaticString, _ members: StaticString, points: Int) -> ControllerModelRow {
        ControllerModelRow(
            name: name, family: .goodix, members: members, maxPoints: points, focalTechChipID: nil, defaultAddress: 0x5D,
            resetHold: .milliseconds(20), watchdogResetHold: .milliseconds(20), resetSettle: .milliseconds(300),
            readyTimeout: .milliseconds(20))
    }

    /// A kernel input device: no address, no reset line, no ready bit.
    static func evdev(_ name: StaticString, _ members: StaticString, points: Int) -> ControllerModelRow {
        ControllerModelRow(
            name: name, family: .evdev, members: members, maxPoints: points, focalTechChipID: nil, defaultAddress: nil,
            resetHold: .zero, watchdogResetHold: .milliseconds(0), resetSettle: .milliseconds(0), readyTimeout: .milliseconds(0))
    }
}
