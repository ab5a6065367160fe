/// What a touch source reads before decoding, in the form a trace writes it (DESIGN.md
/// section 5): an FT5x06 register block, a GT911 register block, or one kernel input event.
public enum RawTouchReport: Sendable {
    case ft5x06(FT5x06Report)
    case gt911(GT911Report)
    case evdev(EvdevEvent)

    public var family: ControllerFamily {
        switch self {
        case .ft5x06: .ft5x06
        case .gt911: .goodix
        case .evdev: .evdev
        }
    }
}
