import PanelConfig

/// One chart being filled from Home Assistant's recorded history, a share at a time (the reply
/// can hold a day of a sensor: thousands of states).
///
/// The rule, so that nothing is counted twice: a bucket that held values when the reply came
/// (kept in the history file across a restart or reload, or recorded live since the link came
/// up) is never added to; every other bucket of the window takes the recorded states that fall
/// in it. States after the reply's time, before the window, or that are no number
/// (`unavailable`, `unknown`) are skipped.
struct ChartBackfill {
    let chart: Int
    let entity: EntityID
    private let states: [RecordedState]
    private var next = 0
    /// The buckets the panel held values for when the reply came.
    private let kept: Set<Int64>
    /// The window when the reply came: its oldest bucket, and the wall clock's time.
    private let oldestBucket: Int64
    let nowEpochMs: Int64
    /// The states recorded into the ring so far.
    private(set) var recorded = 0

    init(chart: Int, entity: EntityID, states: [RecordedState], charts: ChartHistories, nowEpochMs: Int64) {
        self.chart = chart
        self.entity = entity
        self.states = states
        self.nowEpochMs = nowEpochMs
        kept = charts.filledBuckets(chart)
        let ring = charts.rings[chart]
        oldestBucket = ring.bucketNumber(atEpochMs: nowEpochMs) - Int64(ring.points) + 1
    }

    var isDone: Bool { next == states.count }

    /// Records at most `budget` of the states left into `charts`; how many it looked at.
    mutating func step(budget: Int, into charts: ChartHistories) -> Int {
        let ring = charts.rings[chart]
        let end = min(states.count, next + budget)
        for state in states[next..<end] {
            guard state.epochMs <= nowEpochMs else { continue }
            let bucket = ring.bucketNumber(atEpochMs: state.epochMs)
            guard bucket >= oldestBucket, !kept.contains(bucket) else { continue }
            guard let scaled = SliderScale.parse(state.state, decimals: 3) else { continue }
            if charts.recordBackfill(chart, milli: Int32(clamping: scaled), epochMs: state.epochMs) { recorded += 1 }
        }
        let looked = end - next
        next = end
        return looked
    }
}
