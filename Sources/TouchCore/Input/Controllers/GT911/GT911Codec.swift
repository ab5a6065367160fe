/// Decodes Goodix GT911/GT9271 reports (register 0x814E onwards) into frames, and encodes
/// frames back into reports for the simulated board and the tests.
///
/// Layout (goodix.c): status (bit 7 buffer ready, bit 4 key, low nibble = points), then 8
/// bytes a point: track id, x LE16, y LE16, size LE16, reserved. The chip has no per-point up
/// event: a contact that ended is simply absent (the tracker releases it), so every decoded
/// point is a `contact`; its size's low byte (saturated) is kept as the weight.
public struct GT911Codec: Sendable {
    public var maxPoints: Int
    /// Controller coordinates run from 0 to `width - 1` and `height - 1`.
    public var width: Int32
    public var height: Int32

    public init(maxPoints: Int, width: Int32, height: Int32) {
        self.maxPoints = maxPoints
        self.width = width
        self.height = height
    }

    /// The points a status byte announces.
    public static func announcedPoints(status: UInt8) -> Int {
        Int(status & 0x0F)
    }

    public func decode(_ report: GT911Report) -> DecodeOutcome {
        guard report.count >= GT911Report.statusLength else {
            return .malformed(.shortRead(bytes: report.count, needed: GT911Report.statusLength))
        }
        let status = report[0]
        guard status & 0x80 != 0 else { return .pending }
        let announced = GT911Codec.announcedPoints(status: status)
        guard announced <= maxPoints else {
            return .malformed(.tooManyPoints(reported: announced, maximum: maxPoints))
        }
        let needed = GT911Report.length(points: announced)
        guard report.count >= needed else {
            return .malformed(.shortRead(bytes: report.count, needed: needed))
        }
        // One view of the bytes for the whole loop: each `report[...]` copied the block.
        let bytes = report.bytes.span
        var frame = TouchFrame()
        for index in 0..<announced {
            let offset = GT911Report.statusLength + GT911Report.pointLength * index
            let id = bytes[offset]
            guard id < 16 else {
                return .malformed(.touchIDOutOfRange(pointIndex: index, id: Int32(id)))
            }
            let x = Int32(bytes[offset + 1]) | Int32(bytes[offset + 2]) << 8
            let y = Int32(bytes[offset + 3]) | Int32(bytes[offset + 4]) << 8
            guard x < width, y < height else {
                return .malformed(.coordinateOutOfRange(pointIndex: index, x: x, y: y))
            }
            guard !frame.contains(id: id) else {
                return .malformed(.duplicateID(id))
            }
            let sizeHigh = bytes[offset + 6]
            frame.append(TouchPoint(
                id: id, position: Point(x: x, y: y), event: .contact,
                weight: sizeHigh == 0 ? bytes[offset + 5] : 0xFF))
        }
        return .frame(frame)
    }

    /// The report a chip would hold for `frame`: ready status with the count, then every
    /// point that is not lifted (a lifted contact is simply no longer reported).
    public static func encode(_ frame: TouchFrame) -> GT911Report {
        var report = GT911Report()
        var count: UInt8 = 0
        for index in 0..<frame.count where frame[index].event != .up {
            count += 1
        }
        report.append(0x80 | count)
        for index in 0..<frame.count where frame[index].event != .up {
            let point = frame[index]
            let x = UInt16(truncatingIfNeeded: point.position.x)
            let y = UInt16(truncatingIfNeeded: point.position.y)
            report.append(point.id)
            report.append(UInt8(truncatingIfNeeded: x))
            report.append(UInt8(truncatingIfNeeded: x >> 8))
            report.append(UInt8(truncatingIfNeeded: y))
            report.append(UInt8(truncatingIfNeeded: y >> 8))
            report.append(point.weight)
            report.append(0)
            report.append(0)
        }
        return report
    }
}
