import LinuxSystem
import TouchCore

/// One thing the loop serves: the touch source and engine, the event lines' reader, the
/// display, the control socket, the broker, signals, a trace's next step. Each says what it
/// waits on and until when; the loop merges them into one wait and then gives each its turn,
/// in the order the run lists them (touch first), so nothing names another's descriptor.
/// The shape of keyd's evloop: descriptors registered, one poll, one handler each.
public protocol LoopParticipant: AnyObject {
    /// The descriptors it waits on this turn, in its own order (none is fine).
    var pollInterests: [PollInterest] { get }
    /// The earliest instant it must run even if its descriptors stay quiet; nil: none.
    var nextDeadline: MonotonicInstant? { get }
    /// After the wait, at `now`: what each of `pollInterests` showed, in that order (all empty
    /// when the wait timed out).
    func turn(_ events: ArraySlice<PollEvents>, now: MonotonicInstant)
}

extension LoopParticipant {
    public var pollInterests: [PollInterest] { [] }
    public var nextDeadline: MonotonicInstant? { nil }
}
