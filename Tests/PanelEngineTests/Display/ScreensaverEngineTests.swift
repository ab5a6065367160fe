import Foundation
import LinuxSystem
import PanelConfig
@testable import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

/// Places: button left 0, button time 1, the built-in clock's text 2 (on page 2, its own).
private let saverConfig = """
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
    on_tap = emit

    [button time]
    page = clock
    rect = 0, 0, 200, 100
    on_tap = exec echo time

    [backlight]
    dim_after_s = 600
    off_after_s = 900

    [screensaver]
    after_s = 120
    """

@Suite("Screensaver: the engine at exact instants")
struct ScreensaverEngineTests {
    /// The saver's frames recorded since `from` (calls index).
    private func frames(_ rig: EngineRig, from: Int) -> [String] {
        Array(rig.surface.calls[from...])
    }

    @Test func itStartsAtAfterSAndDriftsAMinuteAStep() throws {
        let device = RecordingBacklight(maxBrightness: 100)
        let rig = try EngineRig(config: saverConfig, backlight: device)
        let engine = rig.engine
        rig.interrupt(1_000, report([(0, 50, 50, .down)]))
        rig.interrupt(1_040, report([(0, 50, 50, .up)]))
        rig.tick(2_000)
        #expect(rig.output.lines.count == 3)
        // 120 s after the last lift, to the millisecond.
        #expect(engine.nextWakeup == at(121_040))
        let before = rig.surface.calls.count
        rig.tick(121_039)
        #expect(!engine.isScreensaverShown)
        rig.tick(121_040)
        #expect(engine.power == .saver && engine.isScreensaverShown)
        #expect(rig.output.lines.suffix(1) == [#"{"t_ms":121040,"event":"screensaver","on":true}"#])
        #expect(frames(rig, from: before) == ["shift 0 0", "all 3", "frame 121040"])
        #expect(rig.surface.drawnPages.last == 2)
        // The light stays as it was.
        #expect(device.writes == ["brightness 100", "power on"])
        // A step each minute from its start, each frame drawn whole at its offset.
        var shifts: [String] = []
        for minute in 1...9 {
            let ms = 121_040 + Int64(minute) * 60_000
            #expect(engine.nextWakeup == at(ms))
            let count = rig.surface.calls.count
            rig.tick(ms)
            #expect(frames(rig, from: count).suffix(2) == ["all 3", "frame \(ms)"])
            shifts += frames(rig, from: count).filter { $0.hasPrefix("shift") }
        }
        #expect(shifts == ["shift 1 0", "shift 2 0", "shift 3 0", "shift 4 0", "shift 4 1", "shift 3 1", "shift 2 1", "shift 1 1", "shift 0 1"])
        #expect(engine.screensaverShift == SaverShift(dx: 0, dy: 1))
        // Dim at 600 s from the lift: the saver goes on, dimmed; no line for it.
        rig.tick(601_040)
        #expect(engine.power == .dimmed && engine.isScreensaverShown)
        #expect(device.writes.suffix(1) == ["brightness 20"])
        #expect(rig.output.lines.filter { $0.contains("screensaver") }.count == 1)
        #expect(engine.control(.state, now: at(601_100)).contains(#""backlight":{"power":"dimmed","brightness":100},"screensaver":true,"page":"home""#))
        // The built-in clock is no text of the user's: not listed, not on the broker.
        #expect(!engine.control(.state, now: at(601_100)).contains("texts"))
        let topics = MQTTTopics(prefix: "touchpanel/hall", discoveryPrefix: "homeassistant", nodeID: "hall")
        #expect(MQTTBridge.states(of: engine, topics: topics).map { $0.0 }.filter { $0.contains("text") || $0.contains("screensaver") } == [
            "touchpanel/hall/screensaver",
        ])
        #expect(MQTTBridge.states(of: engine, topics: topics).last.map { String(decoding: $0.1, as: UTF8.self) } == "ON")
        let documents = HomeAssistantDiscovery.documents(config: engine.config, topics: topics, deviceName: "Hall", qos: 1)
        #expect(documents.map { $0.topic }.filter { $0.contains("/sensor/") || $0.contains("screensaver") } == [
            "homeassistant/binary_sensor/hall/screensaver/config",
        ])
        engine.power(.wakeRequested, now: at(602_000))
        #expect(MQTTBridge.states(of: engine, topics: topics).last.map { String(decoding: $0.1, as: UTF8.self) } == "OFF")
    }

    @Test func theWakingTouchIsSwallowedAndThePageComesBack() throws {
        let rig = try EngineRig(config: saverConfig, backlight: RecordingBacklight(maxBrightness: 100))
        let engine = rig.engine
        engine.showPage(1, at: at(500))
        rig.tick(120_500)
        #expect(engine.isScreensaverShown)
        rig.tick(180_500)
        let linesBefore = rig.output.lines.count
        let callsBefore = rig.surface.calls.count
        // A tap on [button time]: it ends the saver, and nothing else.
        rig.interrupt(200_000, report([(0, 50, 50, .down)]))
        rig.interrupt(200_040, report([(0, 50, 50, .up)]))
        rig.tick(201_000)
        #expect(engine.power == .awake && !engine.isScreensaverShown)
        #expect(Array(rig.output.lines[linesBefore...]) == [#"{"t_ms":200000,"event":"screensaver","on":false}"#])
        #expect(rig.launcher.launched.isEmpty)
        // The page shown before, drawn whole in place, in the frame of the waking touch.
        #expect(frames(rig, from: callsBefore) == ["shift 0 0", "all 3", "frame 200000"])
        #expect(rig.surface.drawnPages.last == 1)
        #expect(engine.shownPage == 1)
        #expect(engine.control(.state, now: at(201_000)).contains(#""backlight":{"power":"awake","brightness":100},"screensaver":false,"page":"clock""#))
        // The next tap acts.
        rig.interrupt(202_000, report([(0, 50, 50, .down)]))
        rig.interrupt(202_040, report([(0, 50, 50, .up)]))
        rig.tick(203_000)
        #expect(rig.launcher.launched.count == 1)
        #expect(rig.output.lines.suffix(3) == [
            #"{"t_ms":202000,"button":"time","event":"pressed"}"#,
            #"{"t_ms":202040,"button":"time","event":"released"}"#,
            #"{"t_ms":202040,"button":"time","event":"tap","taps":1}"#,
        ])
    }

    @Test func aUserPageAsTheSaverAndAPageChangeUnderIt() throws {
        let config = saverConfig.replacingOccurrences(of: "after_s = 120", with: "after_s = 120\npage = clock\nshift_px = 0")
        let rig = try EngineRig(config: config, backlight: RecordingBacklight(maxBrightness: 100))
        let engine = rig.engine
        rig.tick(120_000)
        #expect(engine.isScreensaverShown)
        #expect(rig.surface.drawnPages.last == 1)
        #expect(engine.shownPage == 0)
        // Without a drift there is nothing to wake for but the dim stage.
        #expect(engine.nextWakeup == at(600_000))
        // A page shown from outside under the saver: its line, and the saver stays drawn.
        engine.showPage(1, at: at(130_000))
        #expect(rig.surface.drawnPages.last == 1)
        #expect(rig.output.lines.suffix(1) == [#"{"t_ms":130000,"event":"page","page":"clock"}"#])
        engine.power(.wakeRequested, now: at(140_000))
        #expect(!engine.isScreensaverShown)
        #expect(rig.output.lines.suffix(1) == [#"{"t_ms":140000,"event":"screensaver","on":false}"#])
    }
}

/// `antiburn_s`: once a night, at the exact instant.
@Suite("Screensaver: the nightly pass through the colours")
struct AntiburnEngineTests {
    private static let antiburnConfig = saverConfig
        .replacingOccurrences(of: "dim_after_s = 600\noff_after_s = 900", with: "dim_after_s = 0\noff_after_s = 0")
        .replacingOccurrences(of: "after_s = 120", with: "after_s = 60\nantiburn_s = 7")

    /// Runs the loop as it wakes, to `endMs`.
    private func run(_ rig: EngineRig, to endMs: Int64) {
        while let next = rig.engine.nextWakeup, next <= at(endMs) { rig.tick(next.nanoseconds / 1_000_000) }
    }

    /// Without a night: at 04:00 local time, black, white, red, green, blue, black, white a
    /// second each, then the saver again; the next at 04:00 the next day.
    @Test func withoutANightAtFour() throws {
        // 2026-11-30 03:58:00 UTC.
        let rig = try EngineRig(
            config: Self.antiburnConfig, backlight: RecordingBacklight(maxBrightness: 100), wallClock: ZoneWallClock(startEpochS: 1_796_011_080))
        run(rig, to: 60_000)
        #expect(rig.engine.isScreensaverShown)
        let before = rig.surface.calls.count
        run(rig, to: 130_000)
        #expect(rig.output.lines.filter { $0.contains("antiburn") } == [
            #"{"t_ms":120000,"event":"antiburn","on":true}"#,
            #"{"t_ms":127000,"event":"antiburn","on":false}"#,
        ])
        #expect(Array(rig.surface.calls[before...]).filter { !$0.hasPrefix("label") } == [
            "plain 0 0 0", "frame 120000", "plain 255 255 255", "frame 121000", "plain 255 0 0", "frame 122000",
            "plain 0 255 0", "frame 123000", "plain 0 0 255", "frame 124000", "plain 0 0 0", "frame 125000",
            "plain 255 255 255", "frame 126000", "shift 1 0", "all 3", "frame 127000",
        ])
        // Once that day: the next at 04:00 the day after (86,400 s on).
        run(rig, to: 86_519_000)
        #expect(rig.output.lines.filter { $0.contains("\"antiburn\",\"on\":true") } == [#"{"t_ms":120000,"event":"antiburn","on":true}"#])
        run(rig, to: 86_520_000)
        #expect(rig.output.lines.filter { $0.contains("\"antiburn\",\"on\":true") }.suffix(1) == [#"{"t_ms":86520000,"event":"antiburn","on":true}"#])
    }

    /// A night across midnight (22:00-06:30): due at 22:00, the panel in use then; it runs
    /// when the saver starts at 22:01 and not again that night, though the saver comes again.
    @Test func atTheNightsFirstSaverOnce() throws {
        let config = Self.antiburnConfig.replacingOccurrences(of: "dim_after_s = 0", with: "dim_after_s = 0\nnight = 22:00-06:30")
        // 2026-11-29 21:59:00 UTC: a touch at 21:59:50 keeps the panel awake past 22:00.
        let rig = try EngineRig(config: config, backlight: RecordingBacklight(maxBrightness: 100), wallClock: ZoneWallClock(startEpochS: 1_795_989_540))
        rig.interrupt(50_000, report([(0, 500, 300, .down)]))
        rig.interrupt(50_040, report([(0, 500, 300, .up)]))
        run(rig, to: 200_000)
        #expect(rig.output.lines.filter { $0.contains("night") || $0.contains("antiburn") || $0.contains("screensaver") } == [
            #"{"t_ms":60000,"event":"night","on":true}"#,
            #"{"t_ms":110040,"event":"screensaver","on":true}"#,
            #"{"t_ms":110040,"event":"antiburn","on":true}"#,
            #"{"t_ms":117040,"event":"antiburn","on":false}"#,
        ])
        // Woken, and the saver again at 00:30: no second pass that night.
        rig.interrupt(9_000_000, report([(0, 500, 300, .down)]))
        rig.interrupt(9_000_040, report([(0, 500, 300, .up)]))
        run(rig, to: 9_100_000)
        #expect(rig.output.lines.filter { $0.contains("antiburn") }.count == 2)
        #expect(rig.output.lines.suffix(2) == [
            #"{"t_ms":9000000,"event":"screensaver","on":false}"#,
            #"{"t_ms":9060040,"event":"screensaver","on":true}"#,
        ])
    }

    /// Berlin, 2026-10-25, a night of 02:30-06:00 across the clocks going back (03:00 CEST
    /// to 02:00 CET at 01:00 UTC): the night starts once, so the pass runs once, at 02:30
    /// CEST, though 02:30 comes twice.
    @Test func onceThroughTheFallBack() throws {
        let config = Self.antiburnConfig.replacingOccurrences(of: "dim_after_s = 0", with: "dim_after_s = 0\nnight = 02:30-06:00")
        // 2026-10-25 00:27:00 UTC, 02:27:00 CEST: the saver from 02:28.
        let clock = ZoneWallClock(startEpochS: 1_792_888_020, offsetS: ZoneWallClock.berlin2026)
        let rig = try EngineRig(config: config, backlight: RecordingBacklight(maxBrightness: 100), wallClock: clock)
        run(rig, to: 5 * 3_600_000)
        #expect(rig.output.lines.filter { $0.contains("night") || $0.contains("antiburn") } == [
            #"{"t_ms":180000,"event":"night","on":true}"#,
            #"{"t_ms":180000,"event":"antiburn","on":true}"#,
            #"{"t_ms":187000,"event":"antiburn","on":false}"#,
            #"{"t_ms":16380000,"event":"night","on":false}"#,
        ])
    }

    /// Berlin, 2026-03-29, no night: 04:00 CEST comes 02:00 UTC, after the skipped hour.
    @Test func atFourAcrossTheSpringForward() throws {
        // 2026-03-29 00:58:00 UTC, 01:58:00 CET.
        let clock = ZoneWallClock(startEpochS: 1_774_745_880, offsetS: ZoneWallClock.berlin2026)
        let rig = try EngineRig(config: Self.antiburnConfig, backlight: RecordingBacklight(maxBrightness: 100), wallClock: clock)
        run(rig, to: 2 * 3_600_000)
        #expect(rig.output.lines.filter { $0.contains("antiburn") } == [
            #"{"t_ms":3720000,"event":"antiburn","on":true}"#,
            #"{"t_ms":3727000,"event":"antiburn","on":false}"#,
        ])
    }
}
