import Foundation
import LinuxSystem
import PanelConfig
@testable import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

/// 2026-11-26 10:59:58 UTC: two seconds before a 5-minute bucket starts (at 2,000 ms).
private let startMs: Int64 = 1_795_690_798_000

/// A chart of 12 buckets of 5 minutes (one hour), place 1 after a button.
private func chartConfig(windowHours: Int = 1, points: Int = 12, source: String = "topic = house/power\nfield = power") -> String {
    """
    [display]
    width = 800
    height = 480

    [controller]
    model = ft5406

    [mqtt]
    host = 127.0.0.1
    client_id = hall

    [homeassistant]
    url = http://127.0.0.1:8123
    token_file = /etc/touchpanel/ha-token

    [button lamp]
    rect = 0, 0, 200, 100
    on_tap = emit

    [chart power]
    rect = 300, 0, 400, 200
    \(source)
    window_h = \(windowHours)
    points = \(points)
    """
}

private func send(_ rig: EngineRig, _ payload: String, at ms: Int64) {
    rig.engine.received(topic: "house/power", payload: Array(payload.utf8), now: at(ms))
    rig.tick(ms)
}

private func buckets(_ rig: EngineRig) -> [ChartBucket?] {
    (0..<12).map { rig.engine.charts.rings[0].bucket(age: $0) }
}

@Suite("Charts: values from a topic or an entity into buckets, kept across restarts, a foreign file set aside")
struct ChartHistoryTests {
    @Test func valuesAreRecordedDrawnAndListed() throws {
        let rig = try EngineRig(config: chartConfig(), wallClock: ChartWallClock(startEpochMs: startMs))
        #expect(rig.engine.boundTopics.contains("house/power"))
        #expect(rig.engine.control(.state, now: at(10)).contains(#""charts":[{"name":"power","points":0,"last":null}]"#))
        rig.surface.calls = []
        send(rig, #"{"power": 230.5}"#, at: 100)
        #expect(rig.surface.calls == ["draw 1 chart 1", "frame 100"])
        send(rig, #"{"power": 210}"#, at: 1_999)
        send(rig, #"{"power": 250.25}"#, at: 2_000)
        #expect(buckets(rig).prefix(3) == [
            ChartBucket(minMilli: 250_250, maxMilli: 250_250, count: 1, sumMilli: 250_250),
            ChartBucket(minMilli: 210_000, maxMilli: 230_500, count: 2, sumMilli: 440_500),
            nil,
        ])
        #expect(rig.engine.control(.state, now: at(2_100)).contains(#""charts":[{"name":"power","points":2,"last":250.25}]"#))
        rig.surface.calls = []
        send(rig, #"{"power": "lots"}"#, at: 2_200)
        send(rig, #"{"watts": 1}"#, at: 2_300)
        #expect(rig.surface.calls == [])
        #expect(rig.log.lines == [
            #"mqtt: house/power for [chart power]: ignored: "lots" is not a number"#,
            "mqtt: house/power for [chart power]: ignored: field power: the field is missing",
        ])
    }

    @Test func anEntitysNumericStateIsAValue() throws {
        let rig = try EngineRig(config: chartConfig(source: "entity = sensor.power"), wallClock: ChartWallClock(startEpochMs: startMs))
        let entity = try #require(EntityID("sensor.power"))
        #expect(rig.engine.boundEntities == [entity])
        rig.engine.entityReported(entity, EntityState(state: "1234.5"), now: at(100))
        rig.engine.entityReported(entity, EntityState(state: "unavailable"), now: at(200))
        rig.tick(200)
        #expect(buckets(rig)[0] == ChartBucket(minMilli: 1_234_500, maxMilli: 1_234_500, count: 1, sumMilli: 1_234_500))
        #expect(rig.engine.control(.state, now: at(300)).contains(#""charts":[{"name":"power","entity":"sensor.power","points":1,"last":1234.5}]"#))
    }

    @Test func theFileIsWrittenWhenABucketClosesNotPerValue() throws {
        try withChartDirectory { directory in
            let rig = try EngineRig(config: chartConfig(), wallClock: ChartWallClock(startEpochMs: startMs), chartDirectory: directory)
            let path = directory + "/chart-power.history"
            send(rig, #"{"power": 1}"#, at: 100)
            send(rig, #"{"power": 2}"#, at: 1_000)
            #expect(!FileManager.default.fileExists(atPath: path))
            #expect(rig.engine.charts.writes == 0)
            send(rig, #"{"power": 3}"#, at: 2_000)
            #expect(rig.engine.charts.writes == 1)
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)).count == 32 + 12 * 20)
            send(rig, #"{"power": 4}"#, at: 3_000)
            #expect(rig.engine.charts.writes == 1)
            #expect(!FileManager.default.fileExists(atPath: path + ".tmp"))
        }
    }

    @Test func aRestartKeepsTheHistory() throws {
        try withChartDirectory { directory in
            let first = try EngineRig(config: chartConfig(), wallClock: ChartWallClock(startEpochMs: startMs), chartDirectory: directory)
            send(first, #"{"power": 10}"#, at: 100)
            send(first, #"{"power": 20}"#, at: 1_000)
            send(first, #"{"power": 30}"#, at: 2_000)
            send(first, #"{"power": 35.5}"#, at: 2_500)
            first.engine.shutdown(now: at(3_000))
            let before = buckets(first)
            #expect(before.prefix(2) == [
                ChartBucket(minMilli: 30_000, maxMilli: 35_500, count: 2, sumMilli: 65_500),
                ChartBucket(minMilli: 10_000, maxMilli: 20_000, count: 2, sumMilli: 30_000),
            ])
            // Started again a moment later: the same buckets, the same last value.
            let again = try EngineRig(config: chartConfig(), wallClock: ChartWallClock(startEpochMs: startMs + 4_000), chartDirectory: directory)
            #expect(buckets(again) == before)
            #expect(again.engine.charts.rings[0].lastMilli == 35_500)
            #expect(again.log.lines.isEmpty)
            // Ten minutes later: the history moved on by two buckets.
            let later = try EngineRig(config: chartConfig(), wallClock: ChartWallClock(startEpochMs: startMs + 602_000), chartDirectory: directory)
            #expect(buckets(later) == [nil, nil] + before.prefix(10))
            #expect(later.engine.control(.state, now: at(10)).contains(#""charts":[{"name":"power","points":2,"last":35.5}]"#))
        }
    }

    @Test func aGapLongerThanTheWindowStartsEmpty() throws {
        try withChartDirectory { directory in
            let first = try EngineRig(config: chartConfig(), wallClock: ChartWallClock(startEpochMs: startMs), chartDirectory: directory)
            send(first, #"{"power": 10}"#, at: 100)
            first.engine.shutdown(now: at(200))
            let hourLater = try EngineRig(
                config: chartConfig(), wallClock: ChartWallClock(startEpochMs: startMs + 3_600_000), chartDirectory: directory)
            #expect(hourLater.engine.charts.rings[0].filledCount == 0)
            #expect(hourLater.engine.control(.state, now: at(10)).contains(#""charts":[{"name":"power","points":0,"last":null}]"#))
        }
    }

    @Test func aCorruptFileIsSetAsideWithALogLine() throws {
        try withChartDirectory { directory in
            let path = directory + "/chart-power.history"
            try Data(repeating: 0x41, count: 272).write(to: URL(fileURLWithPath: path))
            let rig = try EngineRig(config: chartConfig(), wallClock: ChartWallClock(startEpochMs: startMs), chartDirectory: directory)
            #expect(rig.log.lines == [
                "chart power: \(path): not a chart history (no TPCH magic); set aside as \(path).bad, starting empty",
            ])
            #expect(!FileManager.default.fileExists(atPath: path))
            #expect(FileManager.default.fileExists(atPath: path + ".bad"))
            #expect(rig.engine.charts.rings[0].filledCount == 0)
            send(rig, #"{"power": 1}"#, at: 100)
            #expect(rig.engine.charts.rings[0].filledCount == 1)
        }
    }

    @Test func aFileForOtherPointsOrAnotherWindowIsSetAside() throws {
        try withChartDirectory { directory in
            let path = directory + "/chart-power.history"
            let first = try EngineRig(config: chartConfig(points: 24), wallClock: ChartWallClock(startEpochMs: startMs), chartDirectory: directory)
            send(first, #"{"power": 10}"#, at: 100)
            first.engine.shutdown(now: at(200))
            let fewer = try EngineRig(config: chartConfig(points: 12), wallClock: ChartWallClock(startEpochMs: startMs), chartDirectory: directory)
            #expect(fewer.log.lines == ["chart power: \(path): a history of 24 points; set aside as \(path).bad, starting empty"])
            send(fewer, #"{"power": 10}"#, at: 100)
            fewer.engine.shutdown(now: at(200))
            // Two hours in 12 buckets: 10-minute buckets.
            let longer = try EngineRig(
                config: chartConfig(windowHours: 2, points: 12), wallClock: ChartWallClock(startEpochMs: startMs), chartDirectory: directory)
            #expect(longer.log.lines == ["chart power: \(path): a history of 300000 ms buckets; set aside as \(path).bad, starting empty"])
            #expect(longer.engine.charts.rings[0].filledCount == 0)
        }
    }

    @Test func withoutValuesTheChartMovesOnWhenItsBucketEnds() throws {
        try withChartDirectory { directory in
            let rig = try EngineRig(config: chartConfig(), wallClock: ChartWallClock(startEpochMs: startMs), chartDirectory: directory)
            // An empty chart does not move.
            #expect(rig.engine.nextWakeup == nil)
            send(rig, #"{"power": 7}"#, at: 100)
            // The bucket ends at 11:00:00, 2 s after the start.
            #expect(rig.engine.nextWakeup == at(2_000))
            rig.surface.calls = []
            rig.tick(2_000)
            #expect(rig.surface.calls == ["draw 1 chart 2", "frame 2000"])
            #expect(buckets(rig).prefix(2) == [nil, ChartBucket(minMilli: 7_000, maxMilli: 7_000, count: 1, sumMilli: 7_000)])
            #expect(rig.engine.charts.writes == 1)
            #expect(rig.engine.nextWakeup == at(302_000))
            // A bucket that took no value: drawn, not written.
            rig.tick(302_000)
            #expect(buckets(rig).prefix(3) == [nil, nil, ChartBucket(minMilli: 7_000, maxMilli: 7_000, count: 1, sumMilli: 7_000)])
            #expect(rig.engine.charts.writes == 1)
            rig.engine.shutdown(now: at(302_100))
            #expect(rig.engine.charts.writes == 1)
        }
    }

    @Test func theRingsTakeTheirBytesOnce() throws {
        let rig = try EngineRig(config: chartConfig(points: 288), wallClock: ChartWallClock(startEpochMs: startMs))
        #expect(rig.engine.charts.byteCount == 5_792)
    }
}
