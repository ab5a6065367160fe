import TouchCore

/// The keys of `[touch]`: the panel-wide gesture parameters of DESIGN.md section 4.
enum TouchKey: String, SectionKey {
    case multiTapMs = "multi_tap_ms"
    case longPressMs = "long_press_ms"
    case repeatMs = "repeat_ms"
    case slopPx = "slop_px"
    case multiTapSlopPx = "multi_tap_slop_px"
    case lostMs = "lost_ms"
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
        case .multiTapMs: try timings.set(.multiTapMs, from: value)
        case .longPressMs: try timings.set(.longPressMs, from: value)
        case .repeatMs: try timings.set(.repeatMs, from: value)
        case .slopPx: try timings.set(.slopPx, from: value)
        case .multiTapSlopPx: try timings.set(.multiTapSlopPx, from: value)
        case .lostMs: lostMs = try ValueSyntax.integer(value, in: TouchDraft.lostRange, unit: " (milliseconds)")
        }
    }

    /// The panel's timings and lost-touch timeout; `[touch]` has nothing that can be missing.
    var panelTimings: GestureTimings { timings.applied(to: .defaults) }
    var lostAfter: MonotonicDuration { .milliseconds(Int64(lostMs ?? TouchDraft.defaultLostMs)) }
}
