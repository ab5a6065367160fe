import TouchCore

/// The keys of `[touch]`: the panel-wide gesture parameters of DESIGN.md section 4.
enum TouchKey: SectionKey {
    case timing(TimingKey)
    case lostMs

    static let allCases: [TouchKey] = TimingKey.allCases.map(TouchKey.timing) + [.lostMs]

    init?(rawValue: String) {
        guard let key = TouchKey.named(rawValue) else { return nil }
        self = key
    }

    var rawValue: String {
        switch self {
        case .timing(let key): key.rawValue
        case .lostMs: "lost_ms"
        }
    }

    var doc: KeyDoc {
        switch self {
        case .timing(let key): key.touchDoc
        case .lostMs:
            .value("\(TouchDraft.defaultLostMs)",
                   "held touches the controller stops reporting for this long are lost (cancelled), "
                   + "\(KeyDoc.span(TouchDraft.lostRange)) ms; not for evdev, which reports every lift")
        }
    }
}

/// `[touch]` while it is read. Every key is optional; absent ones keep DESIGN.md's defaults.
struct TouchDraft: MergeableDraft {
    /// How long held touches may go unreported before they count as lost.
    static let lostRange: ClosedRange<Int> = 1...60_000
    static let defaultLostMs = 200

    let title = "touch"
    let header: SourceLine
    var given = GivenKeys()
    var timings = TimingSettings()
    var lostMs: Int?

    init(header: SourceLine) {
        self.header = header
    }

    mutating func set(_ key: TouchKey, from value: String) throws(ValueProblem) {
        switch key {
        case .timing(let key): try timings.set(key, from: value)
        case .lostMs: lostMs = try ValueSyntax.integer(value, in: TouchDraft.lostRange, unit: " (milliseconds)")
        }
    }

    /// The panel's timings and lost-touch timeout; `[touch]` has nothing that can be missing.
    var panelTimings: GestureTimings { timings.applied(to: .defaults) }
    var lostAfter: MonotonicDuration { .milliseconds(Int64(lostMs ?? TouchDraft.defaultLostMs)) }
}
