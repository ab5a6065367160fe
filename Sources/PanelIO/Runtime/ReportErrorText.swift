import TouchCore

/// Log text for a refused controller report.
public enum ReportErrorText {
    public static func describe(_ error: FT5x06ReportError) -> String {
        switch error {
        case .shortRead(let bytes, let needed):
            return "short read: \(bytes) bytes, \(needed) needed"
        case .tooManyPoints(let reported, let maximum):
            return "TD_STATUS reports \(reported) points, the model has at most \(maximum)"
        case .duplicateID(let id):
            return "touch ID \(id) appears twice"
        case .reservedEvent(let pointIndex):
            return "point \(pointIndex) has the reserved event type 3"
        case .coordinateOutOfRange(let pointIndex, let x, let y):
            return "point \(pointIndex) at (\(x), \(y)) lies outside the controller's range"
        }
    }
}
