import LinuxSystem
import TouchCore

/// Log text for a refused report, whichever controller sent it.
public enum MalformedReportText {
    public static func describe(_ problem: MalformedReport) -> String {
        switch problem {
        case .shortRead(let bytes, let needed):
            return "short read: \(bytes) bytes, \(needed) needed"
        case .tooManyPoints(let reported, let maximum):
            return "the report counts \(reported) points, the model has at most \(maximum)"
        case .duplicateID(let id):
            return "touch ID \(id) appears twice"
        case .touchIDOutOfRange(let pointIndex, let id):
            return "point \(pointIndex) has touch ID \(id), above 15"
        case .reservedEvent(let pointIndex):
            return "point \(pointIndex) has the reserved event type 3"
        case .coordinateOutOfRange(let pointIndex, let x, let y):
            return "point \(pointIndex) at (\(x), \(y)) lies outside the controller's range"
        case .slotOutOfRange(let slot):
            return "multi-touch slot \(slot) is beyond the 16 the panel tracks"
        }
    }
}
