import LinuxSystem
import PanelConfig
@testable import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

/// A wall clock at Monday 2 March 2026, 12:00 UTC when the loop's clock reads 0, writing
/// times as the live panel does: strftime in the locale it is handed. Noon UTC is Monday in
/// every time zone the test machine may have from -11 to +11 hours.
final class MondayNoonWallClock: WallClock {
    static let startEpochS: Int64 = 1_772_452_800

    func epochNanoseconds(at instant: MonotonicInstant) -> Int64 {
        Self.startEpochS * 1_000_000_000 + instant.nanoseconds
    }

    func localText(_ format: String, epochSeconds: Int64, locale: TextLocale) -> String {
        locale.text(format, epochSeconds: epochSeconds)
    }
}

private func localeConfig(_ locale: String) -> String {
    """
    [display]
    width = 800
    height = 480

    [mqtt]
    host = 127.0.0.1
    client_id = hall

    [panel]
    locale = \(locale)

    [text temp]
    rect = 300, 0, 200, 60
    topic = zigbee2mqtt/hall
    field = temperature
    format = %.1f °C

    [text day]
    rect = 300, 100, 200, 60
    time = %A

    [text count]
    rect = 300, 200, 200, 60
    topic = count
    format = %d
    """
}

@Suite("Local dates and numbers: [panel] locale's day names and decimal comma in texts")
struct LocaleTextTests {
    @Test func germanDayNameAndDecimalComma() throws {
        let rig = try EngineRig(config: localeConfig("de_DE.UTF-8"), wallClock: MondayNoonWallClock())
        #expect(rig.engine.texts.shown[1] == TextItems.Shown(text: "Montag", isUnknown: false))
        rig.engine.received(topic: "zigbee2mqtt/hall", payload: Array(#"{"temperature":21.456}"#.utf8), now: at(100))
        rig.engine.received(topic: "count", payload: Array("1234.6".utf8), now: at(100))
        rig.tick(100)
        #expect(rig.engine.texts.shown[0].text == "21,5 °C")
        #expect(rig.engine.texts.shown[2].text == "1235")
        #expect(rig.surface.calls.contains("label 0 21,5 °C"))
    }

    @Test func frenchDayNameAndDecimalComma() throws {
        let rig = try EngineRig(config: localeConfig("fr_FR.UTF-8"), wallClock: MondayNoonWallClock())
        #expect(rig.engine.texts.shown[1].text == "lundi")
        rig.engine.received(topic: "zigbee2mqtt/hall", payload: Array(#"{"temperature":-0.25}"#.utf8), now: at(100))
        #expect(rig.engine.texts.shown[0].text == "-0,3 °C")
    }

    @Test func theCLocaleWritesEnglishAndAPoint() throws {
        let rig = try EngineRig(config: localeConfig("C"), wallClock: MondayNoonWallClock())
        #expect(rig.engine.texts.shown[1].text == "Monday")
        rig.engine.received(topic: "zigbee2mqtt/hall", payload: Array(#"{"temperature":21.456}"#.utf8), now: at(100))
        #expect(rig.engine.texts.shown[0].text == "21.5 °C")
    }

    @Test func writtenNumbersTakeTheSeparatorOnlyBetweenTheirDigits() throws {
        let german = try TextLocale.named("de_DE.UTF-8").get()
        guard case .success(let format) = ValueFormat.parse("v. %.2f pts.") else { Issue.record("format refused"); return }
        #expect(TextItems.written("3.14159", as: format, locale: german) == "v. 3,14 pts.")
        guard case .success(let plain) = ValueFormat.parse("%s") else { Issue.record("format refused"); return }
        // Text is shown as it came: only a format's number is the locale's.
        #expect(TextItems.written("3.5", as: plain, locale: german) == "3.5")
    }
}
