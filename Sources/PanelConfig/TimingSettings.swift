import TouchCore

/// The gesture parameters of DESIGN.md section 4 that `[touch]` sets for the panel and a
/// `[button NAME]` may override for itself: one table that both sections' keys take in
/// (`TouchKey.timing`, `ButtonKey.timing`).
enum TimingKey: String, CaseIterable, Sendable {
    case multiTapMs = "multi_tap_ms"
    case longPressMs = "long_press_ms"
    case repeatMs = "repeat_ms"
    case slopPx = "slop_px"
    case multiTapSlopPx = "multi_tap_slop_px"

    /// The accepted values. A zero W turns multi-tap waiting off; L and R must be positive
    /// or the classifier would fire long presses and repeats at the down instant forever.
    var range: ClosedRange<Int> {
        switch self {
        case .multiTapMs: 0...5_000
        case .longPressMs, .repeatMs: 1...60_000
        case .slopPx, .multiTapSlopPx: 0...1_000
        }
    }

    var unit: String {
        switch self {
        case .multiTapMs, .longPressMs, .repeatMs: " (milliseconds)"
        case .slopPx, .multiTapSlopPx: " (pixels)"
        }
    }

    /// What the parameter is, with its range, in the config reference's key tables (docs/config-reference.md).
    var what: String {
        let range = KeyDoc.span(range)
        return switch self {
        case .multiTapMs: "W: how long after a lift a further tap may start, \(range) ms; 0: every tap is a single tap at once"
        case .longPressMs: "L: how long a touch must stay put for a long press, \(range) ms"
        case .repeatMs: "R: the interval between repeats after a long press, \(range) ms"
        case .slopPx: "S: how far a touch may move from where it went down and still become a long press, \(range) pixels"
        case .multiTapSlopPx: "D: how far a further tap may land from the first, \(range) pixels"
        }
    }

    /// The key's row in `[touch]`'s table: the built-in default.
    var touchDoc: KeyDoc {
        let defaults = GestureTimings.defaults
        return switch self {
        case .multiTapMs: .value("\(defaults.multiTap.nanoseconds / 1_000_000)", what)
        case .longPressMs: .value("\(defaults.longPress.nanoseconds / 1_000_000)", what)
        case .repeatMs: .value("\(defaults.repeatInterval.nanoseconds / 1_000_000)", what)
        case .slopPx: .value("\(defaults.slopPx)", what)
        case .multiTapSlopPx: .value("\(defaults.multiTapSlopPx)", what)
        }
    }
}

/// The timing keys one section gave; absent ones fall back to the panel's values (for a
/// button) or to the built-in defaults (for `[touch]`).
struct TimingSettings: Equatable, Sendable {
    var multiTapMs: Int?
    var longPressMs: Int?
    var repeatMs: Int?
    var slopPx: Int?
    var multiTapSlopPx: Int?

    mutating func set(_ key: TimingKey, from text: String) throws(ValueProblem) {
        let value = try ValueSyntax.integer(text, in: key.range, unit: key.unit)
        switch key {
        case .multiTapMs: multiTapMs = value
        case .longPressMs: longPressMs = value
        case .repeatMs: repeatMs = value
        case .slopPx: slopPx = value
        case .multiTapSlopPx: multiTapSlopPx = value
        }
    }

    /// `base` with the values given here put over it.
    func applied(to base: GestureTimings) -> GestureTimings {
        var timings = base
        if let multiTapMs { timings.multiTap = .milliseconds(Int64(multiTapMs)) }
        if let longPressMs { timings.longPress = .milliseconds(Int64(longPressMs)) }
        if let repeatMs { timings.repeatInterval = .milliseconds(Int64(repeatMs)) }
        if let slopPx { timings.slopPx = Int32(slopPx) }
        if let multiTapSlopPx { timings.multiTapSlopPx = Int32(multiTapSlopPx) }
        return timings
    }
}
