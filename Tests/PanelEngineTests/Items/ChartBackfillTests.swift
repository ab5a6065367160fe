import Foundation
import LinuxSystem
import PanelConfig
@testable import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

/// 2026-11-26 10:59:58 UTC: two seconds before a 5-minute bucket starts. The window of the
/// chart below (one hour in 12 buckets) then starts at 10:00:00.
private let startMs: Int64 = 1_795_690_798_000
/// 10:00:00, the oldest bucket's start, in Home Assistant's epoch seconds.
private let windowStartS: Double = 1_795_687_200

private func backfillConfig(windowHours: Int = 1, points: Int = 12) -> String {
    """
    [display]
    width = 800
    height = 480

    [controller]
    model = ft5406

    [homeassistant]
    url = http://127.0.0.1:8123
    token_file = /etc/touchpanel/ha-token

    [chart power]
    rect = 300, 0, 400, 200
    entity = sensor.power
    window_h = \(windowHours)
    points = \(points)
    """
}

/// The engine with a chart on sensor.power, and the bridge over a fake websocket, logged in
/// at 2 ms (when the history is asked for) and subscribed at 3 ms.
private struct BackfillRig {
    let rig: EngineRig
    let connection = FakeHomeAssistantConnection()
    let bridge: HomeAssistantBridge

    init(config: String = backfillConfig(), chartDirectory: String? = nil, startEpochMs: Int64 = startMs) throws {
        rig = try EngineRig(config: config, wallClock: ChartWallClock(startEpochMs: startEpochMs), chartDirectory: chartDirectory)
        let config = try #require(rig.engine.config.homeAssistant)
        bridge = HomeAssistantBridge(config: config, token: "token", connection: connection, log: rig.log, now: at(0), jitterSeed: 7)
        bridge.attach(rig.engine, now: at(0))
        bridge.turn([], engine: rig.engine, now: at(0))
        connection.pendingEvents = [.upgraded]
        connection.receive(#"{"type":"auth_required","ha_version":"2025.4.4"}"#)
        bridge.turn([], engine: rig.engine, now: at(1))
        connection.receive(#"{"type":"auth_ok","ha_version":"2025.4.4"}"#)
        bridge.turn([], engine: rig.engine, now: at(2))
        connection.receive(#"{"id":1,"type":"result","success":true,"result":null}"#)
        bridge.turn([], engine: rig.engine, now: at(3))
    }

    /// Home Assistant sends `json` at `ms`; the engine's turn follows.
    func receive(_ ms: Int64, _ json: String) {
        connection.receive(json)
        bridge.turn([], engine: rig.engine, now: at(ms))
        rig.tick(ms)
    }

    /// sensor.power's history as Home Assistant answers request `id`: (state, seconds after 10:00:00).
    func history(_ ms: Int64, id: Int = 2, _ points: [(String, Double)]) {
        let listed = points.map { #"{"s":"\#($0.0)","lu":\#(windowStartS + $0.1)}"# }.joined(separator: ",")
        receive(ms, #"{"id":\#(id),"type":"result","success":true,"result":{"sensor.power":[\#(listed)]}}"#)
    }

    func bucket(age: Int) -> ChartBucket? { rig.engine.charts.rings[0].bucket(age: age) }

    func chartState(_ ms: Int64) -> String? {
        let state = rig.engine.control(.state, now: at(ms))
        return state.range(of: #""charts":[^\]]*\]"#, options: .regularExpression).map { String(state[$0]) }
    }
}

/// A state seen live: the subscription's first event.
private func live(_ state: String) -> String {
    #"{"id":1,"type":"event","event":{"a":{"sensor.power":{"s":"\#(state)","a":{},"c":"01JD","lc":1795690000.5}}}}"#
}

/// A day's worth of states before, during and after the window, with a few that are no number.
private let recorded: [(String, Double)] = [
    ("5", -1),                 // 09:59:59, before the window
    ("20", 0),                // 10:00:00, the state at the window's start
    ("21.5", 120),
    ("unavailable", 180),
    ("30", 1_200.5),           // 10:20:00.5
    ("unknown", 1_300),
    ("31", 1_499.999),         // the same bucket's last millisecond
    ("40.25", 3_360),          // 10:56:00, the newest bucket
    ("99", 3_610),             // 11:00:10, after the reply came
]

@Suite("Charts filled from Home Assistant's recorded history when the link comes up")
struct ChartBackfillTests {
    @Test func theLoginAsksForTheWindowsRecordedStatesOfTheChartsEntity() throws {
        let rig = try BackfillRig()
        #expect(rig.connection.sent.suffix(2) == [
            #"{"id":1,"type":"subscribe_entities","entity_ids":["sensor.power"]}"#,
            #"{"id":2,"type":"history/history_during_period","start_time":"2026-11-26T10:00:00.000+00:00","entity_ids":["sensor.power"],"minimal_response":true,"no_attributes":true,"significant_changes_only":false}"#,
        ])
    }

    @Test func aReplyFillsExactBucketsSkippingWhatIsNoNumberOrOutsideTheWindow() throws {
        try withChartDirectory { directory in
            let rig = try BackfillRig(chartDirectory: directory)
            rig.rig.surface.calls = []
            rig.history(10, recorded)
            #expect(rig.bucket(age: 0) == ChartBucket(minMilli: 40_250, maxMilli: 40_250, count: 1, sumMilli: 40_250))
            #expect(rig.bucket(age: 7) == ChartBucket(minMilli: 30_000, maxMilli: 31_000, count: 2, sumMilli: 61_000))
            #expect(rig.bucket(age: 11) == ChartBucket(minMilli: 20_000, maxMilli: 21_500, count: 2, sumMilli: 41_500))
            #expect((0..<12).filter { rig.bucket(age: $0) != nil } == [0, 7, 11])
            #expect(rig.bucket(age: 7)?.meanMilli == 30_500)
            #expect(rig.chartState(11) == #""charts":[{"name":"power","entity":"sensor.power","points":3,"last":40.25}]"#)
            // Drawn once and written once, not at every bucket the fill opened.
            #expect(rig.rig.surface.calls == ["draw 0 chart 1", "frame 10"])
            #expect(rig.rig.engine.charts.writes == 1)
            #expect(rig.rig.log.lines.allSatisfy { !$0.contains("history") })
        }
    }

    @Test func bucketsThePanelHeldAreNotAddedTo() throws {
        try withChartDirectory { directory in
            // A run an hour ago (10:19:58) kept 33 at 10:20:01 in its file.
            let earlier = try EngineRig(
                config: backfillConfig(), wallClock: ChartWallClock(startEpochMs: startMs - 2_400_000), chartDirectory: directory)
            let entity = try #require(EntityID("sensor.power"))
            earlier.engine.entityReported(entity, EntityState(state: "33"), now: at(3_000))
            earlier.engine.shutdown(now: at(4_000))
            let rig = try BackfillRig(chartDirectory: directory)
            #expect(rig.bucket(age: 7) == ChartBucket(minMilli: 33_000, maxMilli: 33_000, count: 1, sumMilli: 33_000))
            // Seen live before the history came: the newest bucket is the panel's own.
            rig.receive(5, live("45"))
            rig.history(10, recorded)
            #expect(rig.bucket(age: 0) == ChartBucket(minMilli: 45_000, maxMilli: 45_000, count: 1, sumMilli: 45_000))
            #expect(rig.bucket(age: 7) == ChartBucket(minMilli: 33_000, maxMilli: 33_000, count: 1, sumMilli: 33_000))
            #expect(rig.bucket(age: 11) == ChartBucket(minMilli: 20_000, maxMilli: 21_500, count: 2, sumMilli: 41_500))
            #expect(rig.chartState(11) == #""charts":[{"name":"power","entity":"sensor.power","points":3,"last":45}]"#)
            // The same history again (a reconnect): nothing counted twice; the full chart's
            // slices are not asked for.
            let slices = rig.rig.engine.chartHistorySlices(now: at(20))
            #expect(slices.map(\.buckets.count) == [12])
            _ = rig.rig.engine.chartHistoryReceived(
                EntityHistory(entity: "sensor.power", points: [RecordedState("21.5", epochMs: 1_795_687_320_000)]), for: slices[0], now: at(20))
            rig.rig.tick(20)
            #expect(rig.bucket(age: 11) == ChartBucket(minMilli: 20_000, maxMilli: 21_500, count: 2, sumMilli: 41_500))
        }
    }

    @Test func aLongWindowIsAskedForAnHourAtATimeEachStateInOneSlice() throws {
        let rig = try BackfillRig(config: backfillConfig(windowHours: 3, points: 36))
        #expect(rig.connection.sent.last
            == #"{"id":2,"type":"history/history_during_period","start_time":"2026-11-26T08:00:00.000+00:00","end_time":"2026-11-26T09:00:00.000+00:00","entity_ids":["sensor.power"],"minimal_response":true,"no_attributes":true,"significant_changes_only":false}"#)
        // 08:59:59.9995 is 09:00:00.000 to the millisecond: the second slice's, though in both replies.
        rig.history(10, id: 2, [("7", -7_200), ("8", -3_600.0005)])
        #expect(rig.connection.sent.last
            == #"{"id":3,"type":"history/history_during_period","start_time":"2026-11-26T08:59:59.999+00:00","end_time":"2026-11-26T10:00:00.000+00:00","entity_ids":["sensor.power"],"minimal_response":true,"no_attributes":true,"significant_changes_only":false,"include_start_time_state":false}"#)
        rig.history(20, id: 3, [("8", -3_600.0005), ("9", -1_800)])
        #expect(rig.connection.sent.last
            == #"{"id":4,"type":"history/history_during_period","start_time":"2026-11-26T09:59:59.999+00:00","entity_ids":["sensor.power"],"minimal_response":true,"no_attributes":true,"significant_changes_only":false,"include_start_time_state":false}"#)
        rig.history(30, id: 4, [("10", 3_360)])
        #expect(rig.connection.sent.count == 5)
        #expect(rig.bucket(age: 35) == ChartBucket(minMilli: 7_000, maxMilli: 7_000, count: 1, sumMilli: 7_000))
        #expect(rig.bucket(age: 23) == ChartBucket(minMilli: 8_000, maxMilli: 8_000, count: 1, sumMilli: 8_000))
        #expect(rig.bucket(age: 17) == ChartBucket(minMilli: 9_000, maxMilli: 9_000, count: 1, sumMilli: 9_000))
        #expect(rig.bucket(age: 0) == ChartBucket(minMilli: 10_000, maxMilli: 10_000, count: 1, sumMilli: 10_000))
        #expect(rig.rig.engine.charts.rings[0].filledCount == 4)
    }

    @Test func aReloadAsksForTheNewChartsAndAReplyForTheOldOnesIsNotRead() throws {
        let rig = try BackfillRig(config: backfillConfig(windowHours: 3, points: 36))
        let reloaded = try EngineRig(config: backfillConfig(), wallClock: ChartWallClock(startEpochMs: startMs))
        rig.bridge.attach(reloaded.engine, now: at(5))
        rig.connection.receive(#"{"id":2,"type":"result","success":true,"result":{"sensor.power":[{"s":"7","lu":1795681800.0}]}}"#)
        rig.bridge.turn([], engine: reloaded.engine, now: at(10))
        reloaded.tick(10)
        #expect(reloaded.engine.charts.rings[0].filledCount == 0)
        #expect(rig.connection.sent.last
            == #"{"id":3,"type":"history/history_during_period","start_time":"2026-11-26T10:00:00.000+00:00","entity_ids":["sensor.power"],"minimal_response":true,"no_attributes":true,"significant_changes_only":false}"#)
    }

    @Test func aLongReplyIsRecordedAShareATurn() throws {
        let rig = try BackfillRig()
        // 1,200 states of 2 within 10:30:00 - 10:32:00.
        rig.history(10, (0..<1_200).map { ("2", 1_800 + Double($0) / 10) })
        // Under way the ring's newest bucket is the newest state's so far: 10:30.
        #expect(rig.bucket(age: 0)?.count == 512)
        #expect(rig.rig.engine.isFillingCharts)
        #expect(rig.rig.engine.nextWakeup == at(10))
        rig.rig.tick(11)
        #expect(rig.bucket(age: 0)?.count == 1_024)
        rig.rig.tick(12)
        #expect(rig.bucket(age: 5) == ChartBucket(minMilli: 2_000, maxMilli: 2_000, count: 1_200, sumMilli: 2_400_000))
        #expect(!rig.rig.engine.isFillingCharts)
    }

    @Test func aMalformedFailedOrOversizedReplyIsLoggedAndTheChartKeepsWhatItHas() throws {
        let malformed = try BackfillRig()
        malformed.receive(5, live("45"))
        malformed.receive(10, #"{"id":2,"type":"result","success":true,"result":{"sensor.power":[{"s":"20","lu":1795687200},{"s":"21"}]}}"#)
        #expect(malformed.rig.log.lines.last
            == "homeassistant: history of sensor.power for [chart power]: ignored: a recorded state without a text state (s) or a time (lu); the chart keeps what it has")
        #expect(malformed.chartState(11) == #""charts":[{"name":"power","entity":"sensor.power","points":1,"last":45}]"#)

        let failed = try BackfillRig()
        failed.receive(10, #"{"id":2,"type":"result","success":false,"error":{"code":"unknown_command","message":"Unknown command."}}"#)
        #expect(failed.rig.log.lines.last
            == "homeassistant: history of sensor.power for [chart power]: ignored: Home Assistant said unknown_command: Unknown command.; the chart keeps what it has")

        let oversized = try BackfillRig()
        oversized.connection.pendingEvents = [.oversized(bytes: 262_145, id: 2)]
        oversized.bridge.turn([], engine: oversized.rig.engine, now: at(10))
        #expect(oversized.rig.log.lines.last
            == "homeassistant: history of sensor.power for [chart power]: ignored: the reply of 262145 bytes or more is over max_message_kb = 256; the chart keeps what it has")
        #expect(oversized.chartState(11) == #""charts":[{"name":"power","entity":"sensor.power","points":0,"last":null}]"#)
    }

    @Test func timesAreWrittenAsISO8601InUTC() {
        #expect(UTCTimestamp.text(epochMs: 0) == "1970-01-01T00:00:00.000+00:00")
        #expect(UTCTimestamp.text(epochMs: 1_795_687_200_000) == "2026-11-26T10:00:00.000+00:00")
        #expect(UTCTimestamp.text(epochMs: 1_709_251_199_999) == "2024-02-29T23:59:59.999+00:00")
        #expect(UTCTimestamp.text(epochMs: -1) == "1969-12-31T23:59:59.999+00:00")
    }
}
