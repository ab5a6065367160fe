/// The FT5x06 family members TouchPanel knows, with what differs between them: one table
/// instead of scattered checks, as in the kernel's edt-ft5x06 driver.
public enum FT5x06Model: Sendable {
    case ft5206
    case ft5306
    case ft5406
    case ft5506
    case ft5x26
    case ft6206
    case ft6236

    /// The most points this model reports; a TD_STATUS count above it is garbage.
    public var maxPoints: Int {
        switch self {
        case .ft5206, .ft5306, .ft5406: 5
        case .ft5506, .ft5x26: 10
        case .ft6206, .ft6236: 2
        }
    }

    /// The name used in config files and logs.
    public var name: StaticString {
        switch self {
        case .ft5206: "ft5206"
        case .ft5306: "ft5306"
        case .ft5406: "ft5406"
        case .ft5506: "ft5506"
        case .ft5x26: "ft5x26"
        case .ft6206: "ft6206"
        case .ft6236: "ft6236"
        }
    }
}
