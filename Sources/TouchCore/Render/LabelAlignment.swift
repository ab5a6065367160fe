/// Where a label sits across its rect: buttons centre theirs; a text item may start at the
/// left or end at the right edge (a column of values), or at the edge its own direction starts
/// or ends at (`start`: the left for English, the right for Hebrew and Arabic).
public enum LabelAlignment: Hashable, Sendable {
    case center
    case left
    case right
    case start
    case end

    /// Left, centre or right for a label that reads right to left or not.
    public func resolved(rightToLeft: Bool) -> LabelAlignment {
        switch self {
        case .center, .left, .right: self
        case .start: rightToLeft ? .right : .left
        case .end: rightToLeft ? .left : .right
        }
    }
}
