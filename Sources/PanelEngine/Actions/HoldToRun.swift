import LinuxSystem
import TouchCore

/// One button's hold-to-run press: whether its `on_release` is still owed. A jog button must
/// never be left running, so the press ends for `on_release` at the first of: the lift
/// (`released`), the finger leaving the button (`exit`: dragging back in does not start it
/// again), `cancelled` (a lost touch, a failed controller, a reload, a stop), or the
/// `on_press` command ending in failure while the finger is still down.
///
///              pressed / run on_press
///     idle -----------------------------> held(command)
///       ^                                   |
///       +-----------------------------------+
///         released, exit, cancelled, or its own command failed / run on_release
///     (enter, a second pressed, another command's failure: no change)
///
/// Any change to `next` must be represented in this diagram.
public enum HoldToRun: Equatable, Sendable {
    /// No press, or its `on_release` has run.
    case idle
    /// Pressed and `on_press` run; `command` is the pid of its `exec`, if it started one.
    case held(command: Int32?)

    /// What happens to a hold-to-run press.
    public enum Input: Equatable, Sendable {
        case pressed
        case released
        case cancelled
        case exit
        case enter
        /// A command of the panel ended with a failure (non-zero status, a signal).
        case commandFailed(pid: Int32)

        /// TOUCHPANEL_EVENT for the command a hold runs on this input.
        public var name: String {
            switch self {
            case .pressed: "pressed"
            case .released: "released"
            case .cancelled: "cancelled"
            case .exit: "exit"
            case .enter: "enter"
            case .commandFailed: "command_failed"
            }
        }
    }

    /// What a transition asks the runner to do.
    public enum Effect: Equatable, Sendable {
        case none
        case runPress
        case runRelease
    }

    /// The one place a hold changes: the state after `input`, and what to run.
    public static func next(_ state: HoldToRun, _ input: Input) -> (HoldToRun, Effect) {
        switch (state, input) {
        case (.idle, .pressed):
            return (.held(command: nil), .runPress)
        case (.idle, .released), (.idle, .cancelled), (.idle, .exit), (.idle, .enter), (.idle, .commandFailed):
            return (.idle, .none)
        case (.held, .pressed), (.held, .enter):
            // A button follows one touch, so a second `pressed` cannot come; `enter` after an
            // `exit` finds the press already ended.
            return (state, .none)
        case (.held, .released), (.held, .cancelled), (.held, .exit):
            return (.idle, .runRelease)
        case (.held(let command), .commandFailed(let pid)):
            return command == pid ? (.idle, .runRelease) : (state, .none)
        }
    }

    /// The input a gesture event is, for a hold; nil for the events a hold ignores.
    public static func input(for kind: GestureEventKind) -> Input? {
        switch kind {
        case .pressed: .pressed
        case .released: .released
        case .cancelled: .cancelled
        case .exit: .exit
        case .enter: .enter
        case .tap, .longPress, .repeat: nil
        }
    }
}
