import LinuxSystem
import TouchCore

/// The one loop of every run (the live panel, the simulated board, `record`, `calibrate`): one
/// thread, one ppoll over what the participants wait on, its timeout their earliest deadline
/// (none: sleep until a descriptor wakes it, so an idle panel with an INT line or an input
/// device wakes zero times a second). Only the clock differs between runs: the real one, or
/// the simulated board's virtual one, which jumps from one deadline to the next and polls the
/// descriptors without waiting.
public final class PanelLoop {
    public enum Clock {
        /// CLOCK_MONOTONIC; the wait sleeps until the deadline.
        case real
        /// Time moves only to the next deadline; descriptors (signals, the control socket, the
        /// broker) are still polled at every turn, without waiting. A descriptor that has
        /// something woke the wait before the deadline: that turn stays at the instant it
        /// began, as a real wait that a descriptor ends early would.
        case virtual
    }

    public let clock: Clock
    /// The instant of the last turn: the real clock read after the wait, or the virtual one.
    public private(set) var now: MonotonicInstant

    public init(clock: Clock, startingAt start: MonotonicInstant) {
        self.clock = clock
        now = start
    }

    /// The time now: the real clock, or the virtual instant of this turn.
    public func readClock() -> MonotonicInstant {
        switch clock {
        case .real: return MonotonicClock.now()
        case .virtual: return now
        }
    }

    /// One turn: waits on every participant's descriptors until the earliest of their
    /// deadlines (and `until`), then gives each its turn in order. Returns false, without
    /// turning, when the virtual clock has nothing left to move to.
    @discardableResult
    public func turn(_ participants: [LoopParticipant], until extraDeadline: MonotonicInstant? = nil) -> Bool {
        var interests: [PollInterest] = []
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(participants.count)
        var deadline = extraDeadline
        for participant in participants {
            let start = interests.count
            interests.append(contentsOf: participant.pollInterests)
            ranges.append(start..<interests.count)
            deadline = MonotonicInstant.earliest(deadline, participant.nextDeadline)
        }
        let events: [PollEvents]
        switch clock {
        case .real:
            var timeoutNs: Int64 = -1
            if let deadline {
                timeoutNs = max(0, (deadline - MonotonicClock.now()).nanoseconds)
            } else {
                // Idle until a descriptor: the stack a touch's work went deep into (a look made, a
                // page drawn) goes back to the kernel (one `madvise`), so what stays resident
                // is the loop's, not the deepest frame since the last page change (the kernel
                // VM's pages run read 512 and 516 kB of its 512 on one binary: the stack 44 or 48).
                FreedMemory.giveBackStack()
            }
            events = Poller.wait(interests, timeoutNs: timeoutNs)
            now = max(now, MonotonicClock.now())
        case .virtual:
            guard let deadline else { return false }
            events = Poller.wait(interests, timeoutNs: 0)
            if now < deadline, events.allSatisfy({ $0.isEmpty }) { now = deadline }
        }
        for (index, participant) in participants.enumerated() {
            participant.turn(events[ranges[index]], now: now)
        }
        return true
    }
}
