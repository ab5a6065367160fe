/// Why a raw report was refused, whatever controller sent it. Garbage from a controller
/// (after a reset, on a noisy bus, from a misbehaving device) must never crash the panel or
/// become a touch: every decoder returns one of these instead.
public enum MalformedReport: Equatable, Sendable {
    /// Fewer bytes than the header, or than the points the header announces.
    case shortRead(bytes: Int, needed: Int)
    /// The header counts more points than the model can report.
    case tooManyPoints(reported: Int, maximum: Int)
    /// Two points of one report carry the same touch ID.
    case duplicateID(UInt8)
    /// A touch ID beyond the 16 the engine tracks (GT911 IDs are a whole byte).
    case touchIDOutOfRange(pointIndex: Int, id: Int32)
    /// FT5x06 event bits 0b11 are reserved by FocalTech.
    case reservedEvent(pointIndex: Int)
    /// A coordinate at or beyond the controller's range.
    case coordinateOutOfRange(pointIndex: Int, x: Int32, y: Int32)
    /// An evdev `ABS_MT_SLOT` beyond the slots the engine tracks.
    case slotOutOfRange(slot: Int32)
}

/// What decoding one raw report (or one input event) gave.
public enum DecodeOutcome: Equatable, Sendable {
    /// A complete frame, in controller coordinates.
    case frame(TouchFrame)
    /// Nothing yet: a GT911 status without its ready bit, an evdev event inside a frame.
    case pending
    /// Refused, and why; the report is dropped whole and logged.
    case malformed(MalformedReport)
}
