/// The names evtest prints for the events a touchscreen sends (linux/input-event-codes.h),
/// both ways, for trace lines. Allocation-free: names are compared as bytes.
public enum EvdevNames {
    /// The type named `name` (EV_SYN, EV_KEY, EV_ABS, EV_MSC).
    public static func type(named name: UnsafeBufferPointer<UInt8>) -> UInt16? {
        var code: UInt16 = 0
        while code < 0x20 {
            if let known = typeName(code), equal(name, known) { return code }
            code += 1
        }
        return nil
    }

    /// The code of `type` named `name` (SYN_REPORT, BTN_TOUCH, ABS_MT_SLOT, ...).
    public static func code(named name: UnsafeBufferPointer<UInt8>, type: UInt16) -> UInt16? {
        var code: UInt16 = 0
        while code < 0x300 {
            if let known = codeName(type: type, code: code), equal(name, known) { return code }
            code += 1
        }
        return nil
    }

    public static func typeName(_ type: UInt16) -> StaticString? {
        switch type {
        case 0x00: "EV_SYN"
        case 0x01: "EV_KEY"
        case 0x03: "EV_ABS"
        case 0x04: "EV_MSC"
        default: nil
        }
    }

    public static func codeName(type: UInt16, code: UInt16) -> StaticString? {
        switch (type, code) {
        case (0x00, 0): "SYN_REPORT"
        case (0x00, 1): "SYN_CONFIG"
        case (0x00, 2): "SYN_MT_REPORT"
        case (0x00, 3): "SYN_DROPPED"
        case (0x01, 0x14A): "BTN_TOUCH"
        case (0x01, 0x145): "BTN_TOOL_FINGER"
        case (0x01, 0x14D): "BTN_TOOL_DOUBLETAP"
        case (0x03, 0x00): "ABS_X"
        case (0x03, 0x01): "ABS_Y"
        case (0x03, 0x18): "ABS_PRESSURE"
        case (0x03, 0x2F): "ABS_MT_SLOT"
        case (0x03, 0x30): "ABS_MT_TOUCH_MAJOR"
        case (0x03, 0x31): "ABS_MT_TOUCH_MINOR"
        case (0x03, 0x32): "ABS_MT_WIDTH_MAJOR"
        case (0x03, 0x34): "ABS_MT_ORIENTATION"
        case (0x03, 0x35): "ABS_MT_POSITION_X"
        case (0x03, 0x36): "ABS_MT_POSITION_Y"
        case (0x03, 0x37): "ABS_MT_TOOL_TYPE"
        case (0x03, 0x39): "ABS_MT_TRACKING_ID"
        case (0x03, 0x3A): "ABS_MT_PRESSURE"
        case (0x04, 0x05): "MSC_TIMESTAMP"
        default: nil
        }
    }

    private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        guard bytes.count == name.utf8CodeUnitCount else { return false }
        let start = name.utf8Start
        for index in 0..<bytes.count where bytes[index] != start[index] {
            return false
        }
        return true
    }
}
