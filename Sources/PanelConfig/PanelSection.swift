import LinuxSystem

/// The keys of `[panel]`: how the whole panel writes what it shows.
enum PanelKey: String, SectionKey {
    case locale

    var doc: KeyDoc {
        switch self {
        case .locale:
            .words("the system's (`LC_ALL`, `LC_TIME`, `LANG`)",
                   "the locale of dates and numbers: `time =` formats' day and month names, the decimal separator of `format` numbers (`21,5 °C`); a name as `locale -a` lists it, like `de_DE.UTF-8`; `C`: English names and a point")
        }
    }
}

/// `[panel]` while it is read. The locale is loaded as it is read: one the system lacks is an
/// error on its line, at `check` as at start.
struct PanelDraft: SectionDraft {
    let title = "panel"
    let header: SourceLine
    var given = GivenKeys()
    var locale: TextLocale?

    init(header: SourceLine) {
        self.header = header
    }

    mutating func set(_ key: PanelKey, from value: String) throws(ValueProblem) {
        switch key {
        case .locale:
            switch TextLocale.named(value) {
            case .success(let loaded): locale = loaded
            case .failure(let problem): throw ValueProblem(PanelDraft.message(problem))
            }
        }
    }

    /// What to do about a locale that cannot be used, on Raspberry Pi OS and Debian.
    static func message(_ problem: LocaleProblem) -> String {
        switch problem {
        case .badName(let name):
            "expected a locale's name as `locale -a` lists it, like de_DE.UTF-8, found \"\(name)\""
        case .notInstalled(let name):
            "\(name) is not installed on this system; add it with `sudo dpkg-reconfigure locales` "
                + "(or uncomment it in /etc/locale.gen and run `sudo locale-gen`)"
        case .notUTF8(let name, let codeset):
            "\(name) writes \(codeset), not the UTF-8 the panel draws; use \(LocaleName.utf8Variant(of: name))"
        }
    }
}
