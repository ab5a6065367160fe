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
