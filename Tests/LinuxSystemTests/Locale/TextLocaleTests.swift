import LinuxSystem
import Testing

/// Local dates and numbers through the C library's own locale data (issue 49). The machine
/// has de_DE.UTF-8 and fr_FR.UTF-8 (scripts/build/deps.sh generates them).
@Suite("Locales: day and month names, decimal separators")
struct TextLocaleTests {
    /// Monday 2 March 2026, 12:00 UTC: the same day in every time zone from -11 to +11 hours.
    static let mondayNoon: Int64 = 1_772_452_800

    @Test func germanAndFrenchDayAndMonthNames() throws {
        let german = try TextLocale.named("de_DE.UTF-8").get()
        #expect(german.text("%A, %-d. %B", epochSeconds: Self.mondayNoon) == "Montag, 2. März")
        #expect(german.text("%a", epochSeconds: Self.mondayNoon) == "Mo")
        let french = try TextLocale.named("fr_FR.UTF-8").get()
        #expect(french.text("%A %-d %B", epochSeconds: Self.mondayNoon) == "lundi 2 mars")
    }

    @Test func germanAndFrenchWriteADecimalComma() throws {
        let german = try TextLocale.named("de_DE.UTF-8").get()
        #expect(german.decimalSeparator == ",")
        #expect(german.localized(number: "21.5") == "21,5")
        #expect(german.localized(number: "-3") == "-3")
        #expect(try TextLocale.named("fr_FR.UTF-8").get().decimalSeparator == ",")
        // glibc spells the codeset either way; both are the one locale.
        #expect(try TextLocale.named("de_DE.utf8").get().decimalSeparator == ",")
    }

    @Test func cAndPOSIXWriteAsTheProcessDoes() throws {
        for name in ["C", "POSIX"] {
            let c = try TextLocale.named(name).get()
            #expect(c.isC)
            #expect(c.decimalSeparator == ".")
            #expect(c.text("%A %B", epochSeconds: Self.mondayNoon) == "Monday March")
            #expect(c.localized(number: "21.5") == "21.5")
        }
        #expect(TextLocale.c.text("%c", epochSeconds: 0) == LocalTime.text("%c", epochSeconds: 0))
    }

    @Test func aLocaleTheSystemLacksIsNamed() {
        #expect(TextLocale.named("de_AT.UTF-8") == .failure(.notInstalled("de_AT.UTF-8")))
        #expect(TextLocale.named("xx_YY.UTF-8") == .failure(.notInstalled("xx_YY.UTF-8")))
    }

    @Test func aNameThatIsNoLocaleIsRefused() {
        for bad in ["", "de DE", "/usr/lib/locale/C.utf8", "../de_DE", "de_DE.UTF-8 ", "de_", "de_DE.", "de_DE@", "_DE", String(repeating: "a", count: 65)] {
            #expect(!LocaleName.isValid(bad), "\(bad)")
            #expect(TextLocale.named(bad) == .failure(.badName(bad)), "\(bad)")
        }
        for good in ["C", "POSIX", "C.UTF-8", "de_DE.UTF-8", "de_DE.utf8", "sr_RS@latin", "ca_ES.UTF-8@valencia", "es_419", "ast_ES"] {
            #expect(LocaleName.isValid(good), "\(good)")
        }
    }

    @Test func longTextsAreTriedInLargerBuffers() throws {
        let german = try TextLocale.named("de_DE.UTF-8").get()
        #expect(german.text(String(repeating: "%A", count: 100), epochSeconds: Self.mondayNoon) == String(repeating: "Montag", count: 100))
        #expect(german.text("%70000S", epochSeconds: 0) == "")
    }
}
