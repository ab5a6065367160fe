import Foundation
import LinuxSystem
import PanelConfig
@testable import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

/// A wall clock at `startEpochS` at 0 ms, whose local time is UTC plus what `offsetS` says
/// at an instant: a time zone as a parameter, so no test changes the process's TZ.
final class ZoneWallClock: WallClock {
    let startEpochS: Int64
    let offsetS: (Int64) -> Int64
    /// Seconds the wall clock was set forward by (NTP at boot), from now on.
    var jumpS: Int64 = 0

    init(startEpochS: Int64, offsetS: @escaping (Int64) -> Int64 = { _ in 0 }) {
        self.startEpochS = startEpochS
        self.offsetS = offsetS
    }

    func epochNanoseconds(at instant: MonotonicInstant) -> Int64 {
        (startEpochS + jumpS) * 1_000_000_000 + instant.nanoseconds
    }

    func localText(_ format: String, epochSeconds: Int64, locale: TextLocale) -> String { "" }

    func localMinuteOfDay(epochSeconds: Int64) -> Int {
        let local = epochSeconds + offsetS(epochSeconds)
        return Int(((local % 86_400) + 86_400) % 86_400 / 60)
    }

    /// Europe/Berlin in 2026: CEST (+2 h) from 2026-03-29 01:00 UTC to 2026-10-25 01:00 UTC,
    /// CET (+1 h) around it.
    static func berlin2026(_ epochSeconds: Int64) -> Int64 {
        epochSeconds >= 1_774_746_000 && epochSeconds < 1_792_890_000 ? 7_200 : 3_600
    }
}

private let nightConfig = """
    [display]
    width = 800
    height = 480

    [controller]
    model = ft5406

    [page home]
    [page clock]

    [button left]
    page = home
    rect = 0, 0, 200, 100
    on_tap = exec echo left

    [button time]
    page = clock
    rect = 0, 0, 200, 100
    on_tap = exec echo time

    [backlight]
    brightness = 80
    dim_brightness = 20
    dim_after_s = 60
    off_after_s = 300
    night = 22:00-06:30
    night_brightness = 5
    night_page = clock
    night_off_after_s = 30
    """

@Suite("Night: the engine at exact wall-clock times")
struct NightEngineTests {
    /// 2026-11-29 21:59:50 UTC.
    static let beforeTen: Int64 = 1_795_989_590

    @Test func aPanelDimsAtTen() throws {
        let device = RecordingBacklight(maxBrightness: 100)
        let rig = try EngineRig(config: nightConfig, backlight: device, wallClock: ZoneWallClock(startEpochS: Self.beforeTen))
        let engine = rig.engine
        #expect(device.writes == ["brightness 80", "power on"])
        #expect(!engine.isNight)
        // The wall clock's next whole minute, 22:00:00, comes before the dim stage's 60 s.
        #expect(engine.nextWakeup == at(10_000))
        rig.tick(10_000)
        #expect(engine.isNight)
        #expect(rig.output.lines == [
            #"{"t_ms":10000,"event":"night","on":true}"#,
            #"{"t_ms":10000,"event":"page","page":"clock"}"#,
        ])
        #expect(engine.shownPage == 1)
        #expect(device.writes == ["brightness 80", "power on", "brightness 5"])
        #expect(engine.backlight?.shownPercent == 5)
        // At night off after 30 idle seconds (from the start, the last lift), no dim stage.
        #expect(engine.nextWakeup == at(30_000))
        rig.tick(30_000)
        #expect(engine.power == .off)
        #expect(device.writes.suffix(1) == ["power off"])
        // A touch at night wakes the panel, to the night's brightness, and is swallowed.
        rig.interrupt(40_000, report([(0, 50, 50, .down)]))
        rig.interrupt(40_100, report([(0, 50, 50, .up)]))
        #expect(engine.power == .awake)
        #expect(device.writes.suffix(2) == ["brightness 5", "power on"])
        #expect(rig.output.lines.count == 2)
        #expect(rig.launcher.launched.isEmpty)
        // The next minute's check is due before the off at 40.1 + 30 s.
        #expect(engine.nextWakeup == at(70_000))
        rig.tick(70_000)
        #expect(engine.nextWakeup == at(70_100))
        rig.tick(70_100)
        #expect(engine.power == .off)
    }

    @Test func theNightEndsAtHalfPastSixAndStartsAtNight() throws {
        let device = RecordingBacklight(maxBrightness: 100)
        // 2026-11-30 06:29:30 UTC: the panel starts at night.
        let rig = try EngineRig(config: nightConfig, backlight: device, wallClock: ZoneWallClock(startEpochS: 1_796_020_170))
        let engine = rig.engine
        #expect(engine.isNight)
        #expect(rig.output.lines == [
            #"{"t_ms":0,"event":"night","on":true}"#,
            #"{"t_ms":0,"event":"page","page":"clock"}"#,
        ])
        #expect(device.writes == ["brightness 5", "power on"])
        rig.interrupt(10_000, report([(0, 50, 50, .down)]))
        rig.interrupt(10_050, report([(0, 50, 50, .up)]))
        #expect(rig.output.lines.count == 5)
        rig.tick(30_000)
        #expect(!engine.isNight)
        #expect(rig.output.lines.suffix(1) == [#"{"t_ms":30000,"event":"night","on":false}"#])
        // By day: the day's brightness, the page stays, and the day's idle times.
        #expect(device.writes.suffix(1) == ["brightness 80"])
        #expect(engine.shownPage == 1)
        #expect(engine.nextWakeup == at(70_050))
    }

    /// Berlin, 2026-03-29, a night of 02:30-06:00: the clocks go from 02:00 CET to 03:00 CEST
    /// at 01:00 UTC, so the night starts there, at 03:00 CEST.
    @Test func springForwardStartsTheNightAtThree() throws {
        let config = nightConfig.replacingOccurrences(of: "night = 22:00-06:30", with: "night = 02:30-06:00")
        // 2026-03-29 00:59:50 UTC, 01:59:50 CET.
        let clock = ZoneWallClock(startEpochS: 1_774_745_990, offsetS: ZoneWallClock.berlin2026)
        let rig = try EngineRig(config: config, backlight: RecordingBacklight(maxBrightness: 100), wallClock: clock)
        #expect(!rig.engine.isNight)
        rig.tick(10_000)
        #expect(rig.output.lines == [
            #"{"t_ms":10000,"event":"night","on":true}"#,
            #"{"t_ms":10000,"event":"page","page":"clock"}"#,
        ])
    }

    /// Berlin, 2026-10-25, a night of 02:30-06:00: it starts at 02:30 CEST (00:30 UTC); the
    /// clocks go back from 03:00 CEST to 02:00 CET at 01:00 UTC and the night goes on
    /// through the repeated 02:00-02:30; it ends once, at 06:00 CET (05:00 UTC).
    @Test func fallBackKeepsTheNight() throws {
        let config = nightConfig.replacingOccurrences(of: "night = 22:00-06:30", with: "night = 02:30-06:00")
        // 2026-10-25 00:29:50 UTC, 02:29:50 CEST.
        let clock = ZoneWallClock(startEpochS: 1_792_888_190, offsetS: ZoneWallClock.berlin2026)
        let rig = try EngineRig(config: config, backlight: RecordingBacklight(maxBrightness: 100), wallClock: clock)
        #expect(!rig.engine.isNight)
        // A check each minute, as the loop wakes for them, to 06:01 CET.
        var ms: Int64 = 10_000
        while ms <= 10_000 + 4 * 3_600_000 + 31 * 60_000 {
            rig.tick(ms)
            ms += 60_000
        }
        #expect(rig.output.lines.filter { $0.contains("night") } == [
            #"{"t_ms":10000,"event":"night","on":true}"#,
            #"{"t_ms":16210000,"event":"night","on":false}"#,
        ])
    }

    @Test func ctlStateMQTTAndHomeAssistantSayWhetherItIsNight() throws {
        let rig = try EngineRig(
            config: nightConfig, backlight: RecordingBacklight(maxBrightness: 100), wallClock: ZoneWallClock(startEpochS: Self.beforeTen))
        let topics = MQTTTopics(prefix: "touchpanel/hall", discoveryPrefix: "homeassistant", nodeID: "hall")
        func night() -> [String] {
            MQTTBridge.states(of: rig.engine, topics: topics).filter { $0.0 == "touchpanel/hall/night" }
                .map { String(decoding: $0.1, as: UTF8.self) }
        }
        #expect(night() == ["OFF"])
        #expect(rig.engine.control(.state, now: at(100)).hasPrefix(
            #"{"ok":true,"backlight":{"power":"awake","brightness":80},"night":false,"page":"home","#))
        rig.tick(10_000)
        #expect(night() == ["ON"])
        #expect(rig.engine.control(.state, now: at(10_100)).hasPrefix(
            #"{"ok":true,"backlight":{"power":"awake","brightness":80},"night":true,"page":"clock","#))
        // Off at night, the light says the level it wakes to: the night's.
        rig.tick(30_000)
        #expect(MQTTBridge.states(of: rig.engine, topics: topics).filter { $0.0 == "touchpanel/hall/backlight" }
            .map { String(decoding: $0.1, as: UTF8.self) } == [#"{"state":"OFF","brightness":5,"color_mode":"brightness"}"#])
        for commands in [true, false] {
            let documents = HomeAssistantDiscovery.documents(config: rig.engine.config, topics: topics, deviceName: "Hall", qos: 1, commands: commands)
            let sensor = try #require(documents.last)
            #expect(sensor.topic == "homeassistant/binary_sensor/hall/night/config")
            #expect(String(decoding: sensor.payload, as: UTF8.self).hasPrefix(
                #"{"name":"Night","state_topic":"touchpanel/hall/night","payload_on":"ON","payload_off":"OFF","icon":"mdi:weather-night","unique_id":"hall_night","#))
        }
    }

    /// A wall clock set forward (NTP after a boot without a real-time clock) is seen at the
    /// next whole minute the panel had planned.
    @Test func aWallClockSetForwardIsSeenWithinAMinute() throws {
        // 2026-11-29 12:00:00 UTC.
        let clock = ZoneWallClock(startEpochS: 1_795_953_600)
        let rig = try EngineRig(config: nightConfig, backlight: RecordingBacklight(maxBrightness: 100), wallClock: clock)
        rig.tick(30_000)
        #expect(!rig.engine.isNight)
        // Set to 21:59:30 at 30 s: the check planned for 60 s reads 22:00:00.
        clock.jumpS = 36_000 - 60
        #expect(rig.engine.nextWakeup == at(60_000))
        rig.tick(60_000)
        #expect(rig.output.lines == [
            #"{"t_ms":60000,"event":"night","on":true}"#,
            #"{"t_ms":60000,"event":"page","page":"clock"}"#,
        ])
    }
}
