/// Where a label sits across its rect: buttons centre theirs; a text item may start at the
/// left or end at the right edge (a column of values).
public enum LabelAlignment: Hashable, Sendable {
    case center
    case left
    case right
}
