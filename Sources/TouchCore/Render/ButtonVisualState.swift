/// How a button looks at a moment; each state has its own colours in `ButtonStyle`.
public enum ButtonVisualState: Equatable, Sendable {
    /// At rest (and a latched toggle button in its off state).
    case normal
    /// Held by a touch inside its rect.
    case pressed
    /// Takes no touches (`enabled = false`).
    case disabled
    /// A latched toggle button in its on state, at rest.
    case on
}
