import LinuxSystem
import PanelConfig
import TouchCore

/// The screensaver's own times while it shows (`[screensaver]`): the minute steps of its
/// drift (`SaverShift`) and the nightly pass through the colours (`antiburn_s`). Whether it
/// shows is the idle blanking's (`PanelPower.saver`, and `dimmed` after it): the engine
/// starts and stops it as the power changes.
///
/// The pass through the colours is due once a night: at the start of `[backlight] night`,
/// or without a night at 04:00 local time (an hour no daylight-saving change skips or
/// repeats in Europe or North America). It runs at the due instant if the saver shows then,
/// else when the saver next starts that night (without a night: before the next 04:00); a
/// touch ends it and it does not come again that night. Each colour stands one second:
/// black, white, red, green, blue, round again, for `antiburn_s`; then the saver goes on.
struct Screensaver {
    let config: ScreensaverConfig
    /// The page drawn: the user's, or the built-in clock's own.
    let page: Int
    /// Items on every page are drawn on a user's page, not on the built-in clock.
    let showsEveryPage: Bool
    /// When it started showing; nil while it does not.
    private(set) var startedAt: MonotonicInstant?
    /// Minutes of drift since it started, and when the next one comes.
    private(set) var step = 0
    private(set) var nextStepAt: MonotonicInstant?
    /// Whether the night's pass through the colours is still to come.
    var antiburnPending = false
    /// While the pass runs: its end, the colour shown and when the next comes.
    private(set) var antiburnEndsAt: MonotonicInstant?
    private(set) var antiburnColor = 0
    private(set) var antiburnColorAt: MonotonicInstant?
    /// Without `[backlight] night`: 04:00 local time, as a night of one minute.
    var antiburnClock: NightSchedule?

    static let stepNs: Int64 = 60_000_000_000
    static let colorNs: Int64 = 1_000_000_000
    /// The pass's colours, in order.
    static let antiburnColors: [RGBColor] = [
        .black, .white, RGBColor(r: 255, g: 0, b: 0), RGBColor(r: 0, g: 255, b: 0), RGBColor(r: 0, g: 0, b: 255),
    ]
    /// Without a night the pass is due at this local minute: 04:00.
    static let antiburnMinute = 240

    init(config: ScreensaverConfig, pageCount: Int) {
        self.config = config
        page = config.page ?? ScreensaverConfig.clockPage(pageCount: pageCount)
        showsEveryPage = config.page != nil
    }

    var isShown: Bool { startedAt != nil }
    var isAntiburning: Bool { antiburnEndsAt != nil }
    /// Where the picture stands now.
    var shift: SaverShift { SaverShift.at(step: step, shiftPx: config.shiftPx) }

    /// The earliest of its times; nil when none is set.
    var nextDeadline: MonotonicInstant? {
        MonotonicInstant.earliest(MonotonicInstant.earliest(nextStepAt, antiburnColorAt), antiburnClock?.checkAt)
    }

    mutating func start(at instant: MonotonicInstant) {
        startedAt = instant
        step = 0
        nextStepAt = config.shiftPx > 0 ? instant + MonotonicDuration(nanoseconds: Screensaver.stepNs) : nil
    }

    mutating func stop() {
        startedAt = nil
        nextStepAt = nil
        antiburnEndsAt = nil
        antiburnColorAt = nil
    }

    /// Takes the minute step due at or before `now`; its instant, or nil when none was due.
    mutating func takeStep(now: MonotonicInstant) -> MonotonicInstant? {
        guard let due = nextStepAt, due <= now else { return nil }
        step += 1
        nextStepAt = due + MonotonicDuration(nanoseconds: Screensaver.stepNs)
        return due
    }

    /// Whether the pass may start now: due, with a length, and the saver showing.
    var antiburnDue: Bool { antiburnPending && config.antiburnS > 0 && isShown && !isAntiburning }

    mutating func startAntiburn(at instant: MonotonicInstant) {
        antiburnPending = false
        antiburnEndsAt = instant + .seconds(Int64(config.antiburnS))
        antiburnColor = 0
        antiburnColorAt = instant + MonotonicDuration(nanoseconds: Screensaver.colorNs)
    }

    /// What the pass does at its next time at or before `now`: the next colour, or its end.
    enum AntiburnChange {
        case color(RGBColor, at: MonotonicInstant)
        case ended(at: MonotonicInstant)
    }

    mutating func takeAntiburnChange(now: MonotonicInstant) -> AntiburnChange? {
        guard let due = antiburnColorAt, due <= now, let end = antiburnEndsAt else { return nil }
        if due >= end {
            antiburnEndsAt = nil
            antiburnColorAt = nil
            return .ended(at: end)
        }
        antiburnColor = (antiburnColor + 1) % Screensaver.antiburnColors.count
        let next = due + MonotonicDuration(nanoseconds: Screensaver.colorNs)
        antiburnColorAt = next < end ? next : end
        return .color(Screensaver.antiburnColors[antiburnColor], at: due)
    }
}
