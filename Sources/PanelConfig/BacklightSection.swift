import TouchCore

/// The keys of `[backlight]`.
enum BacklightKey: String, SectionKey {
    case device
    case brightness
    case dimBrightness = "dim_brightness"
    case dimAfterS = "dim_after_s"
    case offAfterS = "off_after_s"
    case night
    case nightBrightness = "night_brightness"
    case nightPage = "night_page"
    case nightOffAfterS = "night_off_after_s"

    var doc: KeyDoc {
        let defaults = BacklightConfig.defaults
        let percent = KeyDoc.span(BacklightDraft.percentRange)
        let idle = KeyDoc.span(BacklightDraft.idleRange)
        return switch self {
        case .device: .words("the only one there", "a name in /sys/class/backlight, such as `10-0045` or `rpi_backlight`")
        case .brightness: .value("\(defaults.brightnessPercent)", "percent while awake, \(percent)")
        case .dimBrightness: .value("\(defaults.dimBrightnessPercent)", "percent while dimmed, \(percent), at most `brightness`")
        case .dimAfterS: .value("\(defaults.dimAfterS)", "seconds from the last lift to dimming, \(idle); 0: never")
        case .offAfterS:
            .value("\(defaults.offAfterS)", "seconds from the last lift to off, \(idle), longer than `dim_after_s`; 0: never")
        case .night: .words("no night", "`HH:MM-HH:MM` of local time, such as `22:00-06:30` (across midnight) or `13:00-14:00`")
        case .nightBrightness:
            .value("\(defaults.nightBrightnessPercent)", "percent while awake at night, \(percent); dimming never lights brighter")
        case .nightPage: .words("the page stays", "a `[page NAME]` shown when the night starts")
        case .nightOffAfterS: .words("`off_after_s`", "seconds from the last lift to off at night, \(idle); 0: never")
        }
    }
}

/// `[backlight]` while it is read. Every key is optional.
struct BacklightDraft: SectionDraft {
    static let percentRange: ClosedRange<Int> = 1...100
    /// Up to a day; 0 turns the stage off.
    static let idleRange: ClosedRange<Int> = 0...86_400

    let title = "backlight"
    let header: SourceLine
    var given = GivenKeys()
    var config = BacklightConfig.defaults

    init(header: SourceLine) {
        self.header = header
    }

    mutating func set(_ key: BacklightKey, from value: String) throws(ValueProblem) {
        switch key {
        case .device:
            // A name in /sys/class/backlight: no slashes, nothing that climbs out of it.
            guard BacklightDraft.isDeviceName(value) else {
                throw .expected("a name in /sys/class/backlight such as 10-0045 or rpi_backlight", found: value)
            }
            config.device = value
        case .brightness:
            config.brightnessPercent = try ValueSyntax.integer(value, in: BacklightDraft.percentRange, unit: " (percent)")
        case .dimBrightness:
            config.dimBrightnessPercent = try ValueSyntax.integer(value, in: BacklightDraft.percentRange, unit: " (percent)")
        case .dimAfterS:
            config.dimAfterS = try ValueSyntax.integer(value, in: BacklightDraft.idleRange, unit: " (seconds, 0 for never)")
        case .offAfterS:
            config.offAfterS = try ValueSyntax.integer(value, in: BacklightDraft.idleRange, unit: " (seconds, 0 for never)")
        case .night:
            config.night = try NightSyntax.window(value)
        case .nightBrightness:
            config.nightBrightnessPercent = try ValueSyntax.integer(value, in: BacklightDraft.percentRange, unit: " (percent)")
        case .nightPage:
            config.nightPage = value
        case .nightOffAfterS:
            config.nightOffAfterS = try ValueSyntax.integer(value, in: BacklightDraft.idleRange, unit: " (seconds, 0 for never)")
        }
    }

    /// A name of sysfs's own making: letters, digits, `_ . -`, never `.` or `..`.
    static func isDeviceName(_ name: String) -> Bool {
        let bytes = name.utf8
        return !bytes.isEmpty && bytes.count <= 64 && bytes.allSatisfy(ValueSyntax.isNameByte) && name != "." && name != ".."
    }

    /// The section, or nil (and why in `errors`) when its values contradict each other.
    func finish(pageNames: [String], errors: inout ErrorCollector) -> BacklightConfig? {
        var ok = true
        for key in [BacklightKey.nightBrightness, .nightPage, .nightOffAfterS] where config.night == nil {
            if let line = place(key) {
                errors.add(at: line, section: title, key: key.rawValue, "\(key.rawValue) needs night = HH:MM-HH:MM")
                ok = false
            }
        }
        if let name = config.nightPage, !pageNames.contains(name) {
            let pages = pageNames.isEmpty ? "there are no [page NAME] sections" : "the pages are \(pageNames.joined(separator: ", "))"
            errors.add(at: place(.nightPage) ?? header, section: title, key: BacklightKey.nightPage.rawValue, "no [page \(name)]; \(pages)")
            ok = false
        }
        if config.dimAfterS > 0, config.offAfterS > 0, config.offAfterS <= config.dimAfterS {
            errors.add(at: place(.offAfterS) ?? header, section: title, key: BacklightKey.offAfterS.rawValue,
                       "off_after_s \(config.offAfterS) must be longer than dim_after_s \(config.dimAfterS) (both count from the last touch), or 0 for never")
            ok = false
        }
        if config.dimAfterS > 0, config.dimBrightnessPercent > config.brightnessPercent {
            errors.add(at: place(.dimBrightness) ?? header, section: title, key: BacklightKey.dimBrightness.rawValue,
                       "dim_brightness \(config.dimBrightnessPercent) is brighter than brightness \(config.brightnessPercent)")
            ok = false
        }
        return ok ? config : nil
    }
}
