/// `look`: how a button is drawn. A plain button fills its rect in its state's colours; a
/// switch (`TouchCore.SwitchLook`) shows its on/off state as a track and knob with the label
/// beside it, so it only makes sense on a button that has such a state: a latch, or one bound
/// to a device (`state_topic`, `entity`).
public enum ButtonLookKind: String, Equatable, Sendable, CaseIterable {
    case button
    case `switch`

    /// `button` or `switch`, as `look` takes it.
    static func parse(_ text: String) throws(ValueProblem) -> ButtonLookKind {
        guard let kind = ButtonLookKind(rawValue: text) else { throw .expected("button or switch", found: text) }
        return kind
    }
}
