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
public protocol GestureEventSink {
    mutating func receive(_ event: GestureEvent)
}
