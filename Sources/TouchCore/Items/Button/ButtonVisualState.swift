/// How a button looks at a moment; each state has its own colours in `ButtonStyle`.
public enum ButtonVisualState: Equatable, Sendable {
    /// At rest (and a latched toggle button in its off state).
    case normal
    /// Held by a touch inside its rect.
    case pressed
    /// Takes no touches (`enabled = false`).
    case disabled
    /// A latched toggle button in its on state, at rest; a bound button whose device reports on.
    case on
    /// A bound button tapped and waiting for its device to report the state it asked for.
    case pending
    /// A bound button whose device's state is not known: the broker is away, or nothing was
    /// reported yet.
    case unknown
}
