/// Idle blanking in the touch path: it counts the idle time from the last lift and, while the
/// panel shows the screensaver or is dimmed or off, swallows the touch that wakes it, for that touch's whole life: no
/// event line, no action, no pressed look. It sits between the tracker and the classifier, so
/// the live panel, the simulated board and `replay` swallow the same touches. Without
/// `IdleTimings` (no `[backlight]`) it passes every input and has no deadline.
public struct WakeGate: Sendable {
    public private(set) var timings: IdleTimings?
    public private(set) var power: PanelPower = .awake
    /// The instant the last touch lifted (or the panel started, or woke with nothing held).
    private var idleSince: MonotonicInstant
    /// Touch IDs down now, swallowed or not (bit n: ID n).
    private var held: UInt16 = 0
    /// Touch IDs whose touch woke the panel: their inputs go nowhere until they end.
    private var swallowed: UInt16 = 0
    /// `[presence]` has someone there: like a held touch, nothing counts down.
    public private(set) var present = false
    /// `[presence] away_after_s`: off this long after the last lift or the end of presence,
    /// whichever came later, unless an idle stage comes first. Nil: only the idle times.
    public let awayAfter: MonotonicDuration?
    /// The next time-out and its input (`nextDue`), worked out again at each change of the
    /// fields it depends on: the touch path asks for the deadline at every report, and working
    /// it out there cost the input path a fifth of its 800-instruction budget's headroom.
    private var due: (at: MonotonicInstant, input: PanelPower.Input)?

    public init(timings: IdleTimings?, startedAt: MonotonicInstant, awayAfter: MonotonicDuration? = nil) {
        self.timings = timings
        self.awayAfter = awayAfter
        idleSince = startedAt
        due = nil
        due = nextDue
    }

    /// When the current state's idle time (or the away time) runs out; nil while a touch is
    /// held or someone is present, when off, or without blanking.
    public var deadline: MonotonicInstant? {
        due?.at
    }

    /// `due` worked out again after a change of what it depends on.
    @inline(never)
    private mutating func refreshDue() {
        due = nextDue
    }

    /// The next time-out and its input: the away time wins a tie, since it goes further (off).
    private var nextDue: (at: MonotonicInstant, input: PanelPower.Input)? {
        guard let timings, held == 0, !present else { return nil }
        let stage: MonotonicDuration?
        switch power {
        case .awake: stage = timings.saverAfter ?? timings.dimAfter ?? timings.offAfter
        case .saver: stage = timings.dimAfter ?? timings.offAfter
        case .dimmed: stage = timings.offAfter
        case .off: return nil
        }
        guard let stage else { return awayAfter.map { (idleSince + $0, .awayTimeout) } }
        if let awayAfter, awayAfter <= stage { return (idleSince + awayAfter, .awayTimeout) }
        return (idleSince + stage, .idleTimeout)
    }

    /// Steps the power through `input` at `at`; the sink hears of a change.
    @_optimize(speed)
    public mutating func apply<Sink: GestureEventSink>(_ input: PanelPower.Input, at: MonotonicInstant, into sink: inout Sink) {
        guard let timings else { return }
        let next = PanelPower.next(power, input, saves: timings.saverAfter != nil, dims: timings.dimAfter != nil)
        if next == .awake { idleSince = at }
        defer { refreshDue() }
        guard next != power else { return }
        let previous = power
        power = next
        sink.powerChanged(from: previous, because: input, to: next, at: at)
    }

    /// Other idle times from `now` on (the night's and the day's), counted from the same last
    /// lift; a stage already overdue under them comes at `now`. Without blanking, nothing.
    @_optimize(speed)
    public mutating func setTimings<Sink: GestureEventSink>(_ next: IdleTimings, at now: MonotonicInstant, into sink: inout Sink) {
        guard timings != nil else { return }
        timings = next
        refreshDue()
        while let due, due.at < now {
            apply(due.input, at: now, into: &sink)
        }
    }

    /// Fires the idle (or away) time-out if it is due at `now`, at its own instant; true if it fired.
    @_optimize(speed)
    public mutating func advance<Sink: GestureEventSink>(to now: MonotonicInstant, into sink: inout Sink) -> Bool {
        guard let due, due.at <= now else { return false }
        apply(due.input, at: due.at, into: &sink)
        return true
    }

    /// `[presence]` changed at `at`: someone arriving wakes the panel (nothing is swallowed,
    /// since no touch did it); someone leaving starts the idle and away times, as a lift does.
    /// Without blanking, only remembered.
    @_optimize(speed)
    public mutating func setPresent<Sink: GestureEventSink>(_ someoneThere: Bool, at: MonotonicInstant, into sink: inout Sink) {
        guard someoneThere != present else { return }
        present = someoneThere
        defer { refreshDue() }
        if someoneThere {
            apply(.presenceDetected, at: at, into: &sink)
        } else if held == 0 {
            idleSince = at
        }
    }

    /// The input to hand to the classifier, or nil when it belongs to a swallowed touch.
    /// Inlined into the touch path with its common cases (no blanking, a move): the rest, and
    /// the next time-out's working out, are calls of their own, so that the path stays small.
    @inline(__always)
    public mutating func pass<Sink: GestureEventSink>(_ input: TouchInput, at now: MonotonicInstant, into sink: inout Sink) -> TouchInput? {
        guard timings != nil else { return input }
        if case .move(let id, _) = input { return swallowed & WakeGate.bit(id) != 0 ? nil : input }
        return passDownOrEnd(input, at: now, into: &sink)
    }

    /// A touch that goes down or ends, with blanking: the held and swallowed touches change.
    @inline(never)
    @_optimize(speed)
    private mutating func passDownOrEnd<Sink: GestureEventSink>(_ input: TouchInput, at now: MonotonicInstant, into sink: inout Sink) -> TouchInput? {
        switch input {
        case .down(let id, _):
            let bit = WakeGate.bit(id)
            held |= bit
            due = nil
            guard power == .awake else {
                swallowed |= bit
                apply(.touchDown, at: now, into: &sink)
                return nil
            }
            return input
        case .move(let id, _):
            return swallowed & WakeGate.bit(id) != 0 ? nil : input
        case .up(let id, _), .cancel(let id):
            let bit = WakeGate.bit(id)
            let wasSwallowed = swallowed & bit != 0
            end(bit, at: now)
            return wasSwallowed ? nil : input
        case .cancelAll:
            held = 0
            swallowed = 0
            idleSince = now
            refreshDue()
            return input
        }
    }

    private mutating func end(_ bit: UInt16, at now: MonotonicInstant) {
        held &= ~bit
        swallowed &= ~bit
        if held == 0 {
            idleSince = now
            refreshDue()
        }
    }

    private static func bit(_ id: UInt8) -> UInt16 {
        UInt16(1) << UInt16(id & 15)
    }
}
