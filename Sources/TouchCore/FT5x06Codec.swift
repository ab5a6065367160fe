/// Why a report was refused. Garbage from the controller (after reset, on a noisy bus) must
/// never crash the panel or become a touch.
public enum FT5x06ReportError: Equatable, Sendable {
    /// Fewer bytes than the header, or than the points TD_STATUS announces.
    case shortRead(bytes: Int, needed: Int)
    /// TD_STATUS counts more points than the model can report.
    case tooManyPoints(reported: Int, maximum: Int)
    /// Two points of one report carry the same touch ID.
    case duplicateID(UInt8)
    /// Event bits 0b11 are reserved by FocalTech.
    case reservedEvent(pointIndex: Int)
    /// A coordinate at or beyond the controller's resolution.
    case coordinateOutOfRange(pointIndex: Int, x: Int32, y: Int32)
}

/// The typed outcome of decoding one report.
public enum FT5x06DecodeOutcome: Equatable, Sendable {
    case frame(TouchFrame)
    case malformed(FT5x06ReportError)
}

/// Decodes FT5x06 register blocks into frames and encodes frames back into register blocks
/// (the simulated board and the tests need the second direction).
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

    public init(model: FT5x06Model, width: Int32, height: Int32) {
        self.init(maxPoints: model.maxPoints, width: width, height: height)
    }

    /// The number of points TD_STATUS (byte 2, low nibble) announces, once the header is in.
    public static func reportedPoints(in report: FT5x06Report) -> Int? {
        guard report.count >= FT5x06Report.headerLength else { return nil }
        return Int(report[2] & 0x0F)
    }

    public func decode(_ report: FT5x06Report) -> FT5x06DecodeOutcome {
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
        var frame = TouchFrame()
        for index in 0..<reported {
            let offset = FT5x06Report.headerLength + FT5x06Report.pointLength * index
            let xHigh = report[offset]
            let yHigh = report[offset + 2]
            guard let event = TouchPointEvent(rawValue: xHigh >> 6) else {
                return .malformed(.reservedEvent(pointIndex: index))
            }
            let x = Int32(xHigh & 0x0F) << 8 | Int32(report[offset + 1])
            let y = Int32(yHigh & 0x0F) << 8 | Int32(report[offset + 3])
            guard x < width, y < height else {
                return .malformed(.coordinateOutOfRange(pointIndex: index, x: x, y: y))
            }
            let id = yHigh >> 4
            guard !frame.contains(id: id) else {
                return .malformed(.duplicateID(id))
            }
            frame.append(TouchPoint(
                id: id, position: Point(x: x, y: y), event: event,
                weight: report[offset + 4], area: report[offset + 5]))
        }
        return .frame(frame)
    }

    /// The register block a controller would hold for `frame`: header, then its points.
    /// Coordinates are masked to 12 bits and IDs to 4, as the registers hold them.
    public static func encode(_ frame: TouchFrame) -> FT5x06Report {
        var report = FT5x06Report()
        report.append(0x00)  // DEVICE_MODE: working mode
        report.append(0x00)  // GEST_ID: no gesture
        report.append(UInt8(truncatingIfNeeded: frame.count))
        for index in 0..<frame.count {
            let point = frame[index]
            let x = UInt16(truncatingIfNeeded: point.position.x) & 0x0FFF
            let y = UInt16(truncatingIfNeeded: point.position.y) & 0x0FFF
            report.append(point.event.rawValue << 6 | UInt8(truncatingIfNeeded: x >> 8))
            report.append(UInt8(truncatingIfNeeded: x))
            report.append((point.id & 0x0F) << 4 | UInt8(truncatingIfNeeded: y >> 8))
            report.append(UInt8(truncatingIfNeeded: y))
            report.append(point.weight)
            report.append(point.area)
        }
        return report
    }
}
