/// One kernel input event (`struct input_event` of linux/input.h without its timestamp,
/// which travels beside it as the instant): type, code, value.
public struct EvdevEvent: Equatable, Sendable {
    public var type: UInt16
    public var code: UInt16
    public var value: Int32

    public init(type: UInt16, code: UInt16, value: Int32) {
        self.type = type
        self.code = code
        self.value = value
    }
}

/// The event types and codes a touchscreen sends (linux/input-event-codes.h). Only these
/// matter to the decoder; every other event is ignored.
public enum EvdevCode {
    public static let evSyn: UInt16 = 0x00
    public static let evKey: UInt16 = 0x01
    public static let evAbs: UInt16 = 0x03

    public static let synReport: UInt16 = 0
    public static let synDropped: UInt16 = 3

    public static let btnTouch: UInt16 = 0x14A

    public static let absX: UInt16 = 0x00
    public static let absY: UInt16 = 0x01
    public static let absMTSlot: UInt16 = 0x2F
    public static let absMTPositionX: UInt16 = 0x35
    public static let absMTPositionY: UInt16 = 0x36
    public static let absMTTrackingID: UInt16 = 0x39
}
