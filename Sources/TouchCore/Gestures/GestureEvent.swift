/// What happened to a button, as DESIGN.md section 5 names it in event lines.
public enum GestureEventKind: Equatable, Sendable {
    case pressed
    case released
    case cancelled
    case exit
    case enter
    case tap(taps: Int)
    case longPress(taps: Int)
    case `repeat`(n: Int)

    /// The `event` field of the JSON event line.
    public var name: StaticString {
        switch self {
        case .pressed: "pressed"
        case .released: "released"
        case .cancelled: "cancelled"
        case .exit: "exit"
        case .enter: "enter"
        case .tap: "tap"
        case .longPress: "long_press"
        case .repeat: "repeat"
        }
    }
}

/// One classifier output: a button (by index in the layout), what happened, and the logical
/// instant it happened at (rule 9: a tap at its release or release+W, a long press at down+L).
public struct GestureEvent: Equatable, Sendable {
    public var at: MonotonicInstant
    public var button: Int
    public var kind: GestureEventKind

    public init(at: MonotonicInstant, button: Int, kind: GestureEventKind) {
        self.at = at
        self.button = button
        self.kind = kind
    }
}

/// Where the classifier puts its events. Generic rather than an array so that the hot path
/// never allocates: the firmware writes them out, tests collect them.
///
/// A function generic over the sink is specialised in the module that calls it, and the
/// firmware builds those modules for size (-Osize, scripts/build/build-firmware.sh). So every such
/// function in TouchCore carries `@_optimize(speed)`: TouchCore's part of the input path runs
/// as its own -O code does wherever it is specialised (the sink itself is the caller's).
public protocol GestureEventSink {
    mutating func receive(_ event: GestureEvent)
    /// Whether `transition` wants to hear of every state transition (`--debug-gestures`).
    /// False by default: then the classifier builds no transition at all.
    var observesTransitions: Bool { get }
    /// Every state transition of every button, from the one place they happen.
    mutating func transition(_ transition: GestureTransition)
    /// The idle blanking changed the display's power (`WakeGate`), from the one place it does.
    mutating func powerChanged(from previous: PanelPower, because input: PanelPower.Input, to power: PanelPower, at: MonotonicInstant)
    /// A down on `button` was ignored for its whole life because `holder`, of the same
    /// interlock group, is held or still runs a command.
    mutating func interlocked(_ button: Int, heldBy holder: Int, at: MonotonicInstant)
    /// A swipe ended (rule 11): its lift, on the page shown at its down.
    mutating func swiped(_ direction: SwipeDirection, onPage page: Int, at: MonotonicInstant)
    /// What happened to a slider (rule 12).
    mutating func slider(_ event: SliderEvent)
    /// Every state transition of every slider, when `observesTransitions`.
    mutating func sliderTransition(_ transition: SliderTransition)
}

extension GestureEventSink {
    @inline(__always)
    public var observesTransitions: Bool { false }

    @inline(__always)
    public mutating func transition(_ transition: GestureTransition) {}

    @inline(__always)
    public mutating func powerChanged(from previous: PanelPower, because input: PanelPower.Input, to power: PanelPower, at: MonotonicInstant) {}

    @inline(__always)
    public mutating func interlocked(_ button: Int, heldBy holder: Int, at: MonotonicInstant) {}

    @inline(__always)
    public mutating func swiped(_ direction: SwipeDirection, onPage page: Int, at: MonotonicInstant) {}

    @inline(__always)
    public mutating func slider(_ event: SliderEvent) {}

    @inline(__always)
    public mutating func sliderTransition(_ transition: SliderTransition) {}
}

/// One step of one button's state machine, as libinput logs its tap machine's: the button,
/// the state before, the input, the state after, and the logical instant.
public struct GestureTransition: Equatable, Sendable {
    public var at: MonotonicInstant
    public var button: Int
    public var from: ButtonGestureState
    public var input: ButtonGestureInput
    public var to: ButtonGestureState

    public init(at: MonotonicInstant, button: Int, from: ButtonGestureState, input: ButtonGestureInput, to: ButtonGestureState) {
        self.at = at
        self.button = button
        self.from = from
        self.input = input
        self.to = to
    }
}
