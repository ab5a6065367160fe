import LinuxSystem
import PanelConfig
import TouchCore

/// A chart bound to an entity filled from Home Assistant's recorded history when the link
/// comes up (at start and at every reconnect), so that it never starts empty: the bridge asks
/// (`chartHistoryRequests`), hands the reply over (`chartHistoryReceived`), and the states are
/// recorded `chartHistoryStatesPerTurn` a turn after the touch path's work (`ChartBackfill`
/// says which buckets they may fill).
extension PanelEngine {
    /// The recorded states looked at in one turn: a day of a busy sensor is thousands of them,
    /// and a touch report must never wait for them all.
    public static let chartHistoryStatesPerTurn = 512

    /// What to ask Home Assistant's history for: each entity a chart is bound to, once, from
    /// the start of the longest window of its charts that has an empty bucket (none: the
    /// charts are full). Nothing without a wall clock.
    public func chartHistoryRequests(now: MonotonicInstant) -> [ChartHistoryRequest] {
        guard let wallClock else { return [] }
        let nowEpochMs = wallClock.epochNanoseconds(at: now) / 1_000_000
        var requests: [ChartHistoryRequest] = []
        for (index, chart) in config.charts.enumerated() {
            guard let entity = chart.entity else { continue }
            let ring = charts.rings[index]
            if let newest = ring.newestBucket, newest == ring.bucketNumber(atEpochMs: nowEpochMs), ring.filledCount == ring.points { continue }
            let startEpochMs = (ring.bucketNumber(atEpochMs: nowEpochMs) - Int64(ring.points) + 1) * ring.bucketMs
            if let asked = requests.firstIndex(where: { $0.entity == entity }) {
                requests[asked].startEpochMs = min(requests[asked].startEpochMs, startEpochMs)
            } else {
                requests.append(ChartHistoryRequest(entity: entity, startEpochMs: startEpochMs))
            }
        }
        return requests
    }

    /// Home Assistant's recorded states of `history.entity`: each chart bound to it is filled
    /// from them in the turns to come (a fill still under way for it starts again). A malformed
    /// reply is logged and ignored: the chart keeps what it has.
    public func chartHistoryReceived(_ history: EntityHistory, now: MonotonicInstant) {
        guard let entity = EntityID(history.entity), let wallClock else { return }
        if history.malformed {
            chartHistoryFailed(entity, why: "a recorded state without a text state (s) or a time (lu)")
            return
        }
        let nowEpochMs = wallClock.epochNanoseconds(at: now) / 1_000_000
        for index in config.charts.indices where config.charts[index].entity == entity {
            chartBackfills.removeAll { $0.chart == index }
            chartBackfills.append(ChartBackfill(chart: index, entity: entity, states: history.points, charts: charts, nowEpochMs: nowEpochMs))
        }
    }

    /// Home Assistant's history of `entity` could not be had (an error, a reply over the size
    /// limit, a malformed one): one line for each chart bound to it, which keeps what it has.
    public func chartHistoryFailed(_ entity: EntityID, why: String) {
        for chart in config.charts where chart.entity == entity {
            log.warning("homeassistant: history of \(entity) for [chart \(chart.name)]: ignored: \(why); the chart keeps what it has")
        }
    }

    /// Whether a chart is still being filled from history.
    public var isFillingCharts: Bool { !chartBackfills.isEmpty }

    /// The next share of the recorded states, oldest fill first; a chart whose fill is over
    /// and took values is drawn and its file written once.
    func continueChartBackfills(now: MonotonicInstant) {
        var budget = PanelEngine.chartHistoryStatesPerTurn
        while budget > 0, !chartBackfills.isEmpty {
            budget -= chartBackfills[0].step(budget: budget, into: charts)
            guard chartBackfills[0].isDone else { break }
            let done = chartBackfills.removeFirst()
            guard done.recorded > 0 else { continue }
            guard let wallClock else { continue }
            charts.backfilled(done.chart, now: now, epochMs: wallClock.epochNanoseconds(at: now) / 1_000_000)
            chartChanged(done.chart)
        }
    }
}

/// One history request of the link: `entity`'s recorded states since `startEpochMs`.
public struct ChartHistoryRequest: Equatable, Sendable {
    public var entity: EntityID
    public var startEpochMs: Int64

    public init(entity: EntityID, startEpochMs: Int64) {
        self.entity = entity
        self.startEpochMs = startEpochMs
    }
}
