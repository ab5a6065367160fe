import LinuxSystem
import PanelConfig
import TouchCore

/// A chart bound to an entity filled from Home Assistant's recorded history when the link
/// comes up (at start and at every reconnect), so that it never starts empty: the bridge asks
/// for the slices of the window that miss values (`chartHistorySlices`), one after another,
/// hands each reply over (`chartHistoryReceived`), and its states are recorded
/// `chartHistoryStatesPerTurn` a turn after the touch path's work (`ChartBackfill` says which
/// buckets they may fill).
extension PanelEngine {
    /// The recorded states looked at in one turn: an hour of a busy sensor is thousands of
    /// them, and a touch report must never wait for them all.
    public static let chartHistoryStatesPerTurn = 512

    /// The slices of each entity-bound chart's window, oldest first, that have a bucket
    /// without values (a full chart asks for nothing). Any fill still under way is dropped:
    /// these slices ask for it again. Nothing without a wall clock.
    public func chartHistorySlices(now: MonotonicInstant) -> [ChartHistorySlice] {
        guard let wallClock else { return [] }
        chartBackfills.removeAll()
        let nowEpochMs = wallClock.epochNanoseconds(at: now) / 1_000_000
        var slices: [ChartHistorySlice] = []
        for (index, chart) in config.charts.enumerated() {
            guard let entity = chart.entity else { continue }
            let ring = charts.rings[index]
            let kept = charts.filledBuckets(index)
            let newest = ring.bucketNumber(atEpochMs: nowEpochMs)
            let oldest = newest - Int64(ring.points) + 1
            let sliceBuckets = max(1, ChartHistorySlice.longestMs / ring.bucketMs)
            var first = oldest
            while first <= newest {
                let last = min(newest, first + sliceBuckets - 1)
                if (first...last).contains(where: { !kept.contains($0) }) {
                    slices.append(ChartHistorySlice(
                        chart: index, entity: entity, buckets: first...last,
                        startEpochMs: first == oldest ? first * ring.bucketMs : first * ring.bucketMs - 1,
                        endEpochMs: last == newest ? nil : (last + 1) * ring.bucketMs, includesStartState: first == oldest))
                }
                first = last + 1
            }
        }
        return slices
    }

    /// Home Assistant's recorded states for `slice`: recorded into its chart in the turns to
    /// come. False when the reply is malformed (logged; the chart keeps what it has), so that
    /// the chart's other slices are not asked for.
    public func chartHistoryReceived(_ history: EntityHistory, for slice: ChartHistorySlice, now: MonotonicInstant) -> Bool {
        guard let wallClock, isThisConfigs(slice) else { return true }
        if history.malformed {
            chartHistoryFailed(slice, why: "a recorded state without a text state (s) or a time (lu)", now: now)
            return false
        }
        guard !history.points.isEmpty else { return true }
        chartBackfills.append(ChartBackfill(
            chart: slice.chart, states: history.points, buckets: slice.buckets, charts: charts,
            nowEpochMs: wallClock.epochNanoseconds(at: now) / 1_000_000))
        return true
    }

    /// `slice` of a chart's history could not be had (an error, a reply over the size limit,
    /// a malformed one): a line naming the chart and the entity (a few a minute), and the chart
    /// keeps what it has.
    public func chartHistoryFailed(_ slice: ChartHistorySlice, why: String, now: MonotonicInstant) {
        guard isThisConfigs(slice) else { return }
        let key = "homeassistant: history of \(slice.entity) for [chart \(config.charts[slice.chart].name)]"
        if stateLogs.admit(key, at: max(now, lastInputAt)) { log.warning("\(key): ignored: \(why); the chart keeps what it has") }
    }

    /// Whether `slice` was asked for this config's chart (not one before a reload).
    private func isThisConfigs(_ slice: ChartHistorySlice) -> Bool {
        config.charts.indices.contains(slice.chart) && config.charts[slice.chart].entity == slice.entity
    }

    /// Whether a chart is still being filled from history.
    public var isFillingCharts: Bool { !chartBackfills.isEmpty }

    /// The next share of the recorded states, oldest reply first; a chart whose reply is
    /// recorded and took values is drawn, and its file written once.
    func continueChartBackfills(now: MonotonicInstant) {
        var budget = PanelEngine.chartHistoryStatesPerTurn
        while budget > 0, !chartBackfills.isEmpty {
            budget -= chartBackfills[0].step(budget: budget, into: charts)
            guard chartBackfills[0].isDone else { break }
            let done = chartBackfills.removeFirst()
            guard done.recorded > 0, let wallClock else { continue }
            charts.backfilled(done.chart, now: now, epochMs: wallClock.epochNanoseconds(at: now) / 1_000_000)
            chartChanged(done.chart)
        }
    }
}
