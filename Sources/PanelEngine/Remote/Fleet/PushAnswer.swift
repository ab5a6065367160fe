/// A panel's answer to one push, read from its `P/config`: only a report of this push (its
/// hash and sequence) counts, so the report retained from an earlier push is no answer.
public enum PushAnswer: Equatable, Sendable {
    case waiting
    case applied
    case refused(String)

    /// The answer `report` gives to the push of `hash` with `sequence`.
    public static func of(_ report: ConfigReport?, hash: String, sequence: UInt64) -> PushAnswer {
        guard let report else { return .waiting }
        if let push = report.push, push.hash == hash, push.sequence == sequence {
            switch push.result {
            case .applied: return .applied
            case .refused: return .refused(push.error.isEmpty ? "refused" : push.error)
            }
        }
        // A panel that says it runs the pushed config at that sequence has applied it even if
        // its report of the push itself was lost.
        if report.source == .pushed, report.hash == hash, report.sequence == sequence { return .applied }
        return .waiting
    }

    public var answered: Bool { self != .waiting }
}
