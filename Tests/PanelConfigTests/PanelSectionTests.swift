import LinuxSystem
@testable import PanelConfig
import Testing
import TouchCore

/// `[panel] locale` (issue 49): loaded as it is read, so a locale the system lacks is an error
/// on its line at `check` as at start. The machine has de_DE.UTF-8 and fr_FR.UTF-8
/// (scripts/build/deps.sh).
@Suite("[panel] locale: local day names and decimal separators, a missing locale named")
struct PanelSectionTests {
    @Test func aGermanLocaleGivesItsCommaToSlidersAndCharts() throws {
        let config = try #require(parsed(display800x480 + """
            [mqtt]
            host = 127.0.0.1
            [panel]
            locale = de_DE.UTF-8
            [slider heat]
            rect = 0, 0, 400, 60
            min = 15
            max = 25
            step = 0.5
            format = %.1f °C
            [chart power]
            rect = 0, 100, 400, 200
            topic = power
            """))
        #expect(config.localeGiven)
        #expect(config.locale.name == "de_DE.UTF-8")
        #expect(config.locale.decimalSeparator == ",")
        #expect(config.locale.text("%A", epochSeconds: 1_772_452_800) == "Montag")
        // The glyph tables hold the comma where the point was: TouchCore writes glyph 11.
        #expect(config.sliders[0].glyphCharacters[Int(SliderValueFormat.point)] == ",")
        #expect(config.charts[0].glyphCharacters[Int(SliderValueFormat.point)] == ",")
    }

    @Test func aFrenchLocale() throws {
        let config = try #require(parsed(display800x480 + "[panel]\nlocale = fr_FR.UTF-8\n"))
        #expect(config.locale.text("%A %-d %B", epochSeconds: 1_772_452_800) == "lundi 2 mars")
        #expect(config.locale.decimalSeparator == ",")
    }

    @Test func cAndPOSIXAreTodaysEnglishAndPoint() throws {
        for name in ["C", "POSIX", "C.UTF-8"] {
            let config = try #require(parsed(display800x480 + "[panel]\nlocale = \(name)\n[slider a]\nrect = 0, 0, 400, 60\nformat = %d\n"))
            #expect(config.locale.isC, "\(name)")
            #expect(config.sliders[0].glyphCharacters[Int(SliderValueFormat.point)] == ".")
        }
    }

    @Test func withoutTheSectionTheSystemsLocale() throws {
        let config = try #require(parsed(display800x480))
        #expect(!config.localeGiven)
        #expect(config.locale == (try TextLocale.system().get()))
    }

    @Test func aLocaleTheSystemLacksIsAnErrorSayingHowToAddIt() {
        #expect(renderedErrors(display800x480 + "[panel]\nlocale = de_AT.UTF-8\n") == [
            "panel.ini:5: [panel] locale: de_AT.UTF-8 is not installed on this system; add it with `sudo dpkg-reconfigure locales` "
                + "(or uncomment it in /etc/locale.gen and run `sudo locale-gen`)",
        ])
    }

    @Test func aNameThatIsNoLocaleIsRefused() {
        #expect(renderedErrors(display800x480 + "[panel]\nlocale = /tmp/evil\n") == [
            "panel.ini:5: [panel] locale: expected a locale's name as `locale -a` lists it, like de_DE.UTF-8, found \"/tmp/evil\"",
        ])
        #expect(renderedErrors(display800x480 + "[panel]\nlanguage = de\n").count == 1)
    }

    @Test func aLocaleInAnotherCodesetIsNamedWithItsUTF8Twin() {
        #expect(PanelDraft.message(.notUTF8("de_DE@euro", codeset: "ISO-8859-15"))
            == "de_DE@euro writes ISO-8859-15, not the UTF-8 the panel draws; use de_DE.UTF-8@euro")
        #expect(LocaleName.utf8Variant(of: "fr_FR.ISO-8859-1") == "fr_FR.UTF-8")
    }

    @Test func aBoardPresetHoldsNoPanelSection() throws {
        let directory = try TemporaryDirectory(["pi.ini": "[panel]\nlocale = de_DE.UTF-8\n"])
        defer { directory.remove() }
        #expect(renderedErrors("[board]\npreset = pi\n" + display800x480, presets: [directory.path]).contains {
            $0.hasSuffix("[panel]: a board preset holds no [panel]; put it in the panel config")
        })
    }

    @Test func theEffectiveTextNamesTheLocaleAndReadsBack() throws {
        let config = try #require(parsed(display800x480 + "[panel]\nlocale = de_DE.UTF-8\n"))
        let text = config.effectiveText()
        #expect(text.contains("\n[panel]\nlocale = de_DE.UTF-8\n"))
        let back = try PanelConfigLoader.parse(text: text, file: config.file, presetSearchPath: [])
        #expect(back == config)
        // In the C locale by default, no [panel] at all: the text is as before locales.
        let plain = try #require(parsed(display800x480))
        if plain.locale.isC { #expect(!plain.effectiveText().contains("[panel]")) }
    }
}
