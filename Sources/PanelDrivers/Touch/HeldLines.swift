
/// Lines a bring-up keeps requested for the session's life: a released output becomes an
/// input, and a reset line left floating could reset the controller.
public struct HeldLines {
    var reset: OutputLine?

    public init() {}
}
