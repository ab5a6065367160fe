/// Decodes FT5x06 register blocks into frames and encodes frames back into register blocks
/// (the simulated board and the tests need the second direction).
///
/// Report layout (edt-ft5x06.c): DEVICE_MODE, GEST_ID, TD_STATUS (low nibble = points), then
/// 6 bytes a point: XH (event in bits 7:6: 0 down, 1 up, 2 contact, 3 reserved; x bits 11:8),
/// XL, YH (touch ID in bits 7:4; y bits 11:8), YL, weight, area.
public struct FT5x06Codec: Sendable {
    public var maxPoints: Int
    /// Controller coordinates run from 0 to `width - 1` and `height - 1`.
    public var width: Int32
    public var height: Int32

    public init(maxPoints: Int, width: Int32, height: Int32) {
        self.maxPoints = maxPoints
        self.width = width
        self.height = height
    }

    /// The number of points TD_STATUS (byte 2, low nibble) announces, once the header is in.
    public static func reportedPoints(in report: FT5x06Report) -> Int? {
        guard report.count >= FT5x06Report.headerLength else { return nil }
        return Int(report[2] & 0x0F)
    }

    public func decode(_ report: FT5x06Report) -> DecodeOutcome {
        guard let reported = FT5x06Codec.reportedPoints(in: report) else {
            return .malformed(.shortRead(bytes: report.count, needed: FT5x06Report.headerLength))
        }
        guard reported <= maxPoints else {
            return .malformed(.tooManyPoints(reported: reported, maximum: maxPoints))
        }
        let needed = FT5x06Report.length(points: reported)
        guard report.count >= needed else {
            return .malformed(.shortRead(bytes: report.count, needed: needed))
        }
        // One view of the bytes for the whole loop: each `report[...]` copied the block.
        let bytes = report.bytes.span
        var frame = TouchFrame()
        for index in 0..<reported {
            let offset = FT5x06Report.headerLength + FT5x06Report.pointLength * index
            let xHigh = bytes[offset]
            let yHigh = bytes[offset + 2]
            let event: TouchPointEvent
            switch xHigh >> 6 {
            case 0: event = .down
            case 1: event = .up
            case 2: event = .contact
            default: return .malformed(.reservedEvent(pointIndex: index))
            }
            let x = Int32(xHigh & 0x0F) << 8 | Int32(bytes[offset + 1])
            let y = Int32(yHigh & 0x0F) << 8 | Int32(bytes[offset + 3])
            guard x < width, y < height else {
                return .malformed(.coordinateOutOfRange(pointIndex: index, x: x, y: y))
            }
            let id = yHigh >> 4
            guard !frame.contains(id: id) else {
                return .malformed(.duplicateID(id))
            }
            frame.append(TouchPoint(
                id: id, position: Point(x: x, y: y), event: event,
                weight: bytes[offset + 4], area: bytes[offset + 5]))
        }
        return .frame(frame)
    }

    /// The register block a controller would hold for `frame`: header, then its points.
    /// Coordinates are masked to 12 bits and IDs to 4, as the registers hold them; a
    /// `replaced` point is written as a down (the chip has no such event).
    public static func encode(_ frame: TouchFrame) -> FT5x06Report {
        var report = FT5x06Report()
        report.append(0x00)  // DEVICE_MODE: working mode
        report.append(0x00)  // GEST_ID: no gesture
        report.append(UInt8(truncatingIfNeeded: frame.count))
        for index in 0..<frame.count {
            let point = frame[index]
            let x = UInt16(truncatingIfNeeded: point.position.x) & 0x0FFF
            let y = UInt16(truncatingIfNeeded: point.position.y) & 0x0FFF
            let eventBits: UInt8
            switch point.event {
            case .down, .replaced: eventBits = 0
            case .up: eventBits = 1
            case .contact: eventBits = 2
            }
            report.append(eventBits << 6 | UInt8(truncatingIfNeeded: x >> 8))
            report.append(UInt8(truncatingIfNeeded: x))
            report.append((point.id & 0x0F) << 4 | UInt8(truncatingIfNeeded: y >> 8))
            report.append(UInt8(truncatingIfNeeded: y))
            report.append(point.weight)
            report.append(point.area)
        }
        return report
    }
}
