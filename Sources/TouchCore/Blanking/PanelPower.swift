/// How the display is lit: the wall panel's idle blanking (`[backlight]`).
///
///             idle_timeout            idle_timeout
///     awake ---------------> dimmed ---------------> off
///       |  (no dim stage: straight to off)            ^
///       +---------------------------------------------+
///     touch_down, wake, presence: any state -> awake
///     blank, away_timeout: any state -> off
///
/// Any change to `next` must be represented in this diagram.
public enum PanelPower: Equatable, Sendable {
    /// At the configured brightness.
    case awake
    /// At the dim brightness after `dim_after_s` without a touch.
    case dimmed
    /// Backlight off after `off_after_s` without a touch.
    case off

    /// What changes the power.
    public enum Input: Equatable, Sendable {
        /// The idle time-out of the current state ran out with no touch held.
        case idleTimeout
        /// A touch went down (one that lands while dimmed or off only wakes the panel).
        case touchDown
        /// Asked from outside (the control socket): wake now.
        case wakeRequested
        /// Asked from outside: off now.
        case blankRequested
        /// `[presence]` saw someone arrive: wakes the panel as a touch would, but no touch is
        /// held, so nothing is swallowed.
        case presenceDetected
        /// `[presence] away_after_s` ran out with nobody present and no touch: off, past any dim stage.
        case awayTimeout
    }

    /// The one place the power changes. `dims`: whether the panel has a dim stage (a
    /// `dim_after_s`); without one an idle awake panel goes straight off.
    public static func next(_ power: PanelPower, _ input: Input, dims: Bool) -> PanelPower {
        switch (power, input) {
        case (.awake, .idleTimeout): dims ? .dimmed : .off
        case (.dimmed, .idleTimeout): .off
        case (.off, .idleTimeout): .off
        case (_, .touchDown), (_, .wakeRequested), (_, .presenceDetected): .awake
        case (_, .blankRequested), (_, .awayTimeout): .off
        }
    }
}

/// The idle times of `[backlight]`, counted from the last lift (nothing counts down while a
/// finger is on the panel). Nil: that stage never comes.
public struct IdleTimings: Equatable, Sendable {
    public var dimAfter: MonotonicDuration?
    public var offAfter: MonotonicDuration?

    public init(dimAfter: MonotonicDuration?, offAfter: MonotonicDuration?) {
        self.dimAfter = dimAfter
        self.offAfter = offAfter
    }
}
