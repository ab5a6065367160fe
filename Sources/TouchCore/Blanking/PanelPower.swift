/// How the display is lit, and whether the screensaver shows: the wall panel's idle blanking
/// (`[backlight]`, `[screensaver]`). Every stage counts from the last lift; the stages a config
/// has come in this order, those it lacks are passed over:
///
///             idle_timeout            idle_timeout            idle_timeout
///     awake ---------------> saver ----------------> dimmed ---------------> off
///       |  (no saver: to dimmed)  |  (no dim stage: to off)                   ^
///       +-------------------------+-------------------------------------------+
///     touch_down, wake, presence: any state -> awake
///     blank, away_timeout: any state -> off
///
/// The saver's picture stays while dimmed (a config with a saver dims only after it, so
/// dimmed always came through saver); off shows nothing.
///
/// Any change to `next` must be represented in this diagram.
public enum PanelPower: Equatable, Sendable {
    /// At the configured brightness.
    case awake
    /// At the configured brightness, showing the screensaver after `[screensaver] after_s`.
    case saver
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

    /// The one place the power changes. `saves`: whether the panel has a screensaver;
    /// `dims`: whether it has a dim stage (a `dim_after_s`); a stage it lacks is passed over.
    public static func next(_ power: PanelPower, _ input: Input, saves: Bool = false, dims: Bool) -> PanelPower {
        switch (power, input) {
        case (.awake, .idleTimeout): saves ? .saver : dims ? .dimmed : .off
        case (.saver, .idleTimeout): dims ? .dimmed : .off
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
    /// `[screensaver] after_s`: always before the dim and off stages (the config sees to it).
    public var saverAfter: MonotonicDuration?
    public var dimAfter: MonotonicDuration?
    public var offAfter: MonotonicDuration?

    public init(saverAfter: MonotonicDuration? = nil, dimAfter: MonotonicDuration?, offAfter: MonotonicDuration?) {
        self.saverAfter = saverAfter
        self.dimAfter = dimAfter
        self.offAfter = offAfter
    }

    /// The same times with the saver's stage `after` (nil: none).
    public func withSaver(after: MonotonicDuration?) -> IdleTimings {
        IdleTimings(saverAfter: after, dimAfter: dimAfter, offAfter: offAfter)
    }
}
