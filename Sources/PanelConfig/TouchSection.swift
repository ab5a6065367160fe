import TouchCore

/// The keys of `[touch]`: the panel-wide gesture parameters of DESIGN.md section 4.
enum TouchKey: SectionKey {
    case timing(TimingKey)
    case lostMs
    case swipePx

    static let allCases: [TouchKey] = TimingKey.allCases.map(TouchKey.timing) + [.lostMs, .swipePx]

    init?(rawValue: String) {
        guard let key = TouchKey.named(rawValue) else { return nil }
        self = key
    }

    var rawValue: String {
        switch self {
        case .timing(let key): key.rawValue
        case .lostMs: "lost_ms"
        case .swipePx: "swipe_px"
        }
    }

    var doc: KeyDoc {
        switch self {
        case .timing(let key): key.touchDoc
        case .lostMs:
            .value("\(TouchDraft.defaultLostMs)",
                   "held touches the controller stops reporting for this long are lost (cancelled), "
                   + "\(KeyDoc.span(TouchDraft.lostRange)) ms; not for evdev, which reports every lift")
        case .swipePx:
            .value("\(TouchDraft.defaultSwipePx)",
                   "how far a touch moves along one axis (and at least twice as far as along the other) to be a swipe, "
                   + "\(KeyDoc.span(TouchDraft.swipeRange)) pixels; more than `slop_px`, so a tap is never a swipe")
        }
    }
}

/// `[touch]` while it is read. Every key is optional; absent ones keep DESIGN.md's defaults.
struct TouchDraft: MergeableDraft {
    /// How long held touches may go unreported before they count as lost.
    static let lostRange: ClosedRange<Int> = 1...60_000
    static let defaultLostMs = 200
    static let swipeRange: ClosedRange<Int> = 20...2_000
    static let defaultSwipePx = 60

    let title = "touch"
    let header: SourceLine
    var given = GivenKeys()
    var timings = TimingSettings()
    var lostMs: Int?
    var swipePx: Int?

    init(header: SourceLine) {
        self.header = header
    }

    mutating func set(_ key: TouchKey, from value: String) throws(ValueProblem) {
        switch key {
        case .timing(let key): try timings.set(key, from: value)
        case .lostMs: lostMs = try ValueSyntax.integer(value, in: TouchDraft.lostRange, unit: " (milliseconds)")
        case .swipePx: swipePx = try ValueSyntax.integer(value, in: TouchDraft.swipeRange, unit: " (pixels)")
        }
    }

    /// The panel's timings and lost-touch timeout; `[touch]` has nothing that can be missing.
    var panelTimings: GestureTimings { timings.applied(to: .defaults) }
    var lostAfter: MonotonicDuration { .milliseconds(Int64(lostMs ?? TouchDraft.defaultLostMs)) }
}
