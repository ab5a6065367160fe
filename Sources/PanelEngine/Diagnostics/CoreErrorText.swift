import LinuxSystem
import PanelConfig
import TouchCore

/// The words for TouchCore's trace and report errors, in one home so that `replay`, the
/// simulated board and the panel's log say the same fault the same way. Each is the text
/// after the place: the caller puts `trace.txt:7: ` or its log's context before it.
public enum CoreErrorText {
    /// A line that breaks the trace format, quoting the field:
    /// `expected a touch ID from 0 to 15, found "16"`.
    public static func describe(_ error: TraceLineError, in line: UnsafeBufferPointer<UInt8>) -> String {
        let found = String(decoding: UnsafeBufferPointer(rebasing: line[error.fieldStart..<error.fieldEnd]), as: UTF8.self)
        let expected = error.kind.expectation.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
        return "expected \(expected), found \"\(ControlBytes.escaped(found))\""
    }

    /// A well-formed line that breaks a rule of traces.
    public static func describe(_ refusal: TraceReplayError) -> String {
        switch refusal {
        case .timeWentBack(let previousMs):
            return "time goes back: the previous line was at \(previousMs) ms"
        case .touchAlreadyDown(let id, let sinceLine):
            return "touch \(id) is already down (since line \(sinceLine))"
        case .touchNotDown(let id):
            return "touch \(id) is not down"
        case .touchHeldByReport(let id):
            return "touch \(id) is held by a raw report; point lines need another ID"
        case .touchHeldByPointLine(let id, let sinceLine):
            return "the report uses touch \(id), held by the point line \(sinceLine)"
        case .lineAfterEnd(let endLine):
            return "nothing may follow `end` (line \(endLine))"
        case .touchStillDown(let id, _):
            return "touch \(id) is still down when the trace ends; add its `up` or an `end` line"
        case .rawTouchStillDown(let id):
            return "touch \(id) of the raw lines is still down when the trace ends (an input device reports every lift: "
                + "lost_ms does not apply); add its lift or an `end` line"
        }
    }

    /// A report that a controller sent, or a raw trace line holds, that is no frame.
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
