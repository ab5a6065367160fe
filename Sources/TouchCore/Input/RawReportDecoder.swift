/// The decoders of raw trace lines: one per controller family, each the same pure decoder a
/// live source uses. The configured model gives its family's limits; raw lines of another
/// family decode with that family's largest model, so one trace can hold several kinds.
/// Coordinates run over the configured range (for evdev: axes 0 ..< width, 0 ..< height).
public struct RawReportDecoder: Sendable {
    public var ft5x06: FT5x06Codec
    public var gt911: GT911Codec
    public var evdev: EvdevFrameAssembler

    public init(model: ControllerModel, width: Int32, height: Int32) {
        func points(_ family: ControllerFamily, otherwise largest: ControllerModel) -> Int {
            model.family == family ? model.maxPoints : largest.maxPoints
        }
        ft5x06 = FT5x06Codec(maxPoints: points(.ft5x06, otherwise: .ft5x26), width: width, height: height)
        gt911 = GT911Codec(maxPoints: points(.goodix, otherwise: .gt9271), width: width, height: height)
        evdev = EvdevFrameAssembler(
            mode: .multiTouch, maxPoints: points(.evdev, otherwise: .evdev),
            xMinimum: 0, xMaximum: width - 1, yMinimum: 0, yMaximum: height - 1)
    }

    public mutating func decode(_ report: RawTouchReport) -> DecodeOutcome {
        switch report {
        case .ft5x06(let bytes):
            return ft5x06.decode(bytes)
        case .gt911(let bytes):
            return gt911.decode(bytes)
        case .evdev(let event):
            let outcome = evdev.feed(event)
            // A trace has no device to re-read after SYN_DROPPED: the state it has stands.
            return evdev.needsResync ? evdev.finishResync() : outcome
        }
    }
}
