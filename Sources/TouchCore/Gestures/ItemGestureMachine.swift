/// The gesture machine of an item kind that takes touches: its state, its input, its spec, one
/// transition function and its deadline. The classifier keeps each such kind's machines in an
/// `ItemMachines` bank and drives every kind through the one `apply`; a new kind (a dial) is
/// its machine, its conformance here and one bank in `GestureClassifier`.
public protocol ItemGestureMachine {
    associatedtype State: Sendable
    associatedtype Input
    associatedtype Spec: Sendable

    /// One transition of item `item`'s machine, telling `sink` what happened.
    static func transition<Sink: GestureEventSink>(
        _ state: State, _ input: Input, at now: MonotonicInstant, spec: Spec, item: Int, into sink: inout Sink
    ) -> State

    /// When the machine next needs a deadline input, if ever.
    static func nextDeadline(_ state: State, spec: Spec) -> MonotonicInstant?

    /// Tells `sink` of one transition, in the one format transitions are logged in (only when
    /// `sink.observesTransitions`).
    static func report<Sink: GestureEventSink>(
        from: State, _ input: Input, to: State, at now: MonotonicInstant, item: Int, into sink: inout Sink
    )
}

extension ButtonGestureMachine: ItemGestureMachine {
    @inline(__always)
    public static func transition<Sink: GestureEventSink>(
        _ state: ButtonGestureState, _ input: ButtonGestureInput, at now: MonotonicInstant, spec: ButtonSpec, item: Int,
        into sink: inout Sink
    ) -> ButtonGestureState {
        transition(state, input, at: now, spec: spec, button: item, into: &sink)
    }

    @inline(__always)
    public static func report<Sink: GestureEventSink>(
        from: ButtonGestureState, _ input: ButtonGestureInput, to: ButtonGestureState, at now: MonotonicInstant, item: Int,
        into sink: inout Sink
    ) {
        sink.transition(GestureTransition(at: now, button: item, from: from, input: input, to: to))
    }
}

extension SliderMachine: ItemGestureMachine {
    @inline(__always)
    public static func transition<Sink: GestureEventSink>(
        _ state: SliderGestureState, _ input: SliderInput, at now: MonotonicInstant, spec: SliderSpec, item: Int,
        into sink: inout Sink
    ) -> SliderGestureState {
        transition(state, input, at: now, spec: spec, slider: item, into: &sink)
    }

    @inline(__always)
    public static func report<Sink: GestureEventSink>(
        from: SliderGestureState, _ input: SliderInput, to: SliderGestureState, at now: MonotonicInstant, item: Int,
        into sink: inout Sink
    ) {
        sink.sliderTransition(SliderTransition(at: now, slider: item, from: from, input: input, to: to))
    }
}

/// Every item of one kind's gesture machine, at most `capacity`: their states, specs and
/// deadlines, and the earliest deadline, kept up to date by `apply`, the one place a machine
/// of any kind steps. Fixed storage: the classifier allocates nothing.
struct ItemMachines<let capacity: Int, Machine: ItemGestureMachine>: Sendable {
    var states: InlineArray<capacity, Machine.State>
    /// The layout's specs, held as a plain stored array and read in place by the mutating
    /// paths: going through a layout's getter copied the whole layout on every transition.
    var specs: InlineArray<capacity, Machine.Spec>
    /// Each item's next deadline (nil: none), so that finding the earliest is a scan of stored
    /// values rather than a state-machine query per item. Optional rather than a sentinel: a
    /// deadline that saturated at the end of the clock is still a deadline, and still fires.
    private(set) var deadlines: InlineArray<capacity, MonotonicInstant?>
    let count: Int
    /// The earliest of `deadlines` and its item (-1: none).
    private(set) var earliest: MonotonicInstant?
    private(set) var earliestItem = -1

    /// `count` items, each starting in `state(item)` with `spec(item)`; `blank` fills the rest.
    init(count: Int, blank: (state: Machine.State, spec: Machine.Spec), state: (Int) -> Machine.State, spec: (Int) -> Machine.Spec) {
        self.count = count
        states = InlineArray(repeating: blank.state)
        specs = InlineArray(repeating: blank.spec)
        deadlines = InlineArray(repeating: nil)
        for item in 0..<count {
            states[item] = state(item)
            specs[item] = spec(item)
        }
    }

    /// Steps item `item`'s machine with `input` at `now`; true when the earliest deadline of
    /// the kind moved.
    @_optimize(speed)
    @inline(__always)
    mutating func apply<Sink: GestureEventSink>(
        _ input: Machine.Input, to item: Int, at now: MonotonicInstant, into sink: inout Sink
    ) -> Bool {
        let spec = specs[item]
        let next = Machine.transition(states[item], input, at: now, spec: spec, item: item, into: &sink)
        if sink.observesTransitions {
            Machine.report(from: states[item], input, to: next, at: now, item: item, into: &sink)
        }
        states[item] = next
        let due = Machine.nextDeadline(next, spec: spec)
        guard due != deadlines[item] else { return false }
        deadlines[item] = due
        refreshEarliest()
        return true
    }

    /// Finds the item with the earliest deadline (the first listed on a tie).
    private mutating func refreshEarliest() {
        var found = -1
        var first: MonotonicInstant? = nil
        for item in 0..<count {
            guard let due = deadlines[item] else { continue }
            if let soonest = first, soonest <= due { continue }
            first = due
            found = item
        }
        earliest = first
        earliestItem = found
    }
}
