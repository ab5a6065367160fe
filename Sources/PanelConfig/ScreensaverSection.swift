import TouchCore

/// The keys of `[screensaver]`.
enum ScreensaverKey: String, SectionKey {
    case afterS = "after_s"
    case page
    case shiftPx = "shift_px"
    case antiburnS = "antiburn_s"

    var doc: KeyDoc {
        let defaults = ScreensaverConfig.defaults
        return switch self {
        case .afterS:
            .value("\(defaults.afterS)", "seconds from the last lift to the saver, \(KeyDoc.span(ScreensaverDraft.afterRange)), shorter than `[backlight]`'s `dim_after_s`, `off_after_s` and `night_off_after_s`")
        case .page: .words("the built-in clock", "a `[page NAME]` shown as the saver (e.g. a big clock)")
        case .shiftPx:
            .value("\(defaults.shiftPx)", "pixels the saver's picture moves from its place, one step a minute round a square, \(KeyDoc.span(ScreensaverDraft.shiftRange)); 0: it stays")
        case .antiburnS:
            .value("\(defaults.antiburnS)", "seconds, once a night, of every pixel through black, white, red, green and blue (a second each), \(KeyDoc.span(ScreensaverDraft.antiburnRange)); 0: never")
        }
    }
}

/// `[screensaver]` while it is read. Every key is optional.
struct ScreensaverDraft: SectionDraft {
    static let afterRange: ClosedRange<Int> = 1...86_400
    static let shiftRange: ClosedRange<Int> = 0...32
    static let antiburnRange: ClosedRange<Int> = 0...3_600

    let title = "screensaver"
    let header: SourceLine
    var given = GivenKeys()
    var config = ScreensaverConfig.defaults
    var pageName: String?

    init(header: SourceLine) {
        self.header = header
    }

    mutating func set(_ key: ScreensaverKey, from value: String) throws(ValueProblem) {
        switch key {
        case .afterS: config.afterS = try ValueSyntax.integer(value, in: ScreensaverDraft.afterRange, unit: " (seconds)")
        case .page: pageName = value
        case .shiftPx: config.shiftPx = try ValueSyntax.integer(value, in: ScreensaverDraft.shiftRange, unit: " (pixels)")
        case .antiburnS: config.antiburnS = try ValueSyntax.integer(value, in: ScreensaverDraft.antiburnRange, unit: " (seconds, 0 for never)")
        }
    }

    /// The section, or nil (and why in `errors`): it needs `[backlight]` (whose idle times it
    /// joins), a page that is there, and to come before dimming and off.
    func finish(backlight: BacklightConfig?, pageNames: [String], errors: inout ErrorCollector) -> ScreensaverConfig? {
        guard let backlight else {
            errors.add(at: header, section: title, "[screensaver] needs a [backlight] section: its after_s counts from the last lift as the idle blanking does")
            return nil
        }
        var ok = true
        var config = config
        config.line = header.line
        if let name = pageName {
            if let page = pageNames.firstIndex(of: name) {
                config.page = page
            } else {
                let pages = pageNames.isEmpty ? "there are no [page NAME] sections" : "the pages are \(pageNames.joined(separator: ", "))"
                errors.add(at: place(.page) ?? header, section: title, key: ScreensaverKey.page.rawValue, "no [page \(name)]; \(pages)")
                ok = false
            }
        }
        let later: [(String, Int?)] = [
            ("dim_after_s", backlight.dimAfterS), ("off_after_s", backlight.offAfterS), ("night_off_after_s", backlight.nightOffAfterS),
        ]
        for (key, seconds) in later {
            guard let seconds, seconds > 0, config.afterS >= seconds else { continue }
            errors.add(at: place(.afterS) ?? header, section: title, key: ScreensaverKey.afterS.rawValue,
                       "after_s \(config.afterS) must be shorter than [backlight] \(key) \(seconds): the saver comes before dimming and off (all count from the last lift)")
            ok = false
            break
        }
        return ok ? config : nil
    }
}
