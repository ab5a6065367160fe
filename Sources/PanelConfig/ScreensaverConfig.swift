import TouchCore

/// `[screensaver]`: after `after_s` without a touch the panel shows a page of the user's, or a
/// large clock of its own, shifted by a few pixels each minute so that no pixel holds one
/// colour for hours; once a night every pixel cycles through black, white, red, green and
/// blue for `antiburn_s`. A state of the idle blanking (`PanelPower.saver`): the touch that
/// ends it is swallowed, and the page shown before comes back.
public struct ScreensaverConfig: Equatable, Sendable {
    /// Idle seconds from the last lift, as `[backlight] dim_after_s` counts, before it shows;
    /// always shorter than the dim and off stages' (the saver comes first).
    public var afterS: Int
    /// `page = NAME`: the page it shows, by place in file order; nil: the built-in clock.
    public var page: Int?
    /// The built-in clock: the place in `texts` of the text item made for it (on the page of
    /// its own, `clockPage`); nil with `page`.
    public var clockText: Int?
    /// How far the picture moves from its place, in pixels (`SaverShift`); 0: it stays.
    public var shiftPx: Int
    /// Seconds of the nightly pass through black, white and the primaries; 0: none.
    public var antiburnS: Int
    /// The section header's line.
    public var line: Int

    public init(afterS: Int = 300, page: Int? = nil, clockText: Int? = nil, shiftPx: Int = 4, antiburnS: Int = 0, line: Int = 0) {
        self.afterS = afterS
        self.page = page
        self.clockText = clockText
        self.shiftPx = shiftPx
        self.antiburnS = antiburnS
        self.line = line
    }

    public static let defaults = ScreensaverConfig()

    /// The built-in clock's text item is on a page of its own, after every `[page NAME]`: no
    /// `page` action, swipe or event line can reach it.
    public static func clockPage(pageCount: Int) -> Int { max(1, pageCount) }

    /// The built-in clock's text: `%H:%M`, as large as a third of the display's height allows,
    /// centred on the whole display in the theme's colours.
    public static func clockText(display: DisplayConfig, page: Int) -> TextItemConfig {
        let rect = Rect(x: 0, y: 0, width: display.logicalWidth, height: display.logicalHeight)
        let size = min(200, max(6, Int(display.logicalHeight) / 3))
        var text = TextItemConfig(
            name: "screensaver", rect: rect, source: .time(format: "%H:%M"), fill: display.colors.background, text: display.colors.text,
            staleText: display.colors.text, fontSize: size, alignment: .center, page: page, line: 0)
        text.formatGiven = false
        return text
    }

    /// The idle times with the saver's stage before the others.
    public func timings(_ timings: IdleTimings) -> IdleTimings {
        timings.withSaver(after: .seconds(orNever: afterS))
    }
}
