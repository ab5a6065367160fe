import PanelConfig
import TouchCore

/// One reply of Home Assistant's recorded history being recorded into a chart, a share at a
/// time (a reply can hold an hour of a busy sensor: thousands of states).
///
/// The rule, so that nothing is counted twice: a bucket that held values when the reply came
/// (kept in the history file across a restart or reload, or recorded live since the link came
/// up) is never added to; every other bucket of the reply's slice of the window takes the
/// recorded states that fall in it. States after the reply's time, outside its slice, or that
/// are no number (`unavailable`, `unknown`) are skipped.
struct ChartBackfill {
    let chart: Int
    private let states: [RecordedState]
    private var next = 0
    /// The buckets the panel held values for when the reply came.
    private let kept: Set<Int64>
    /// The buckets this reply may fill: its slice of the window.
    private let buckets: ClosedRange<Int64>
    let nowEpochMs: Int64
    /// The states recorded into the ring so far.
    private(set) var recorded = 0

    init(chart: Int, states: [RecordedState], buckets: ClosedRange<Int64>, charts: ChartHistories, nowEpochMs: Int64) {
        self.chart = chart
        self.states = states
        self.buckets = buckets
        self.nowEpochMs = nowEpochMs
        kept = charts.filledBuckets(chart)
    }

    var isDone: Bool { next == states.count }

    /// Records at most `budget` of the states left into `charts`; how many it looked at.
    mutating func step(budget: Int, into charts: ChartHistories) -> Int {
        let ring = charts.rings[chart]
        let end = min(states.count, next + budget)
        for state in states[next..<end] {
            guard state.epochMs <= nowEpochMs else { continue }
            let bucket = ring.bucketNumber(atEpochMs: state.epochMs)
            guard buckets.contains(bucket), !kept.contains(bucket) else { continue }
            guard let scaled = SliderScale.parse(state.state, decimals: 3) else { continue }
            if charts.recordBackfill(chart, milli: Int32(clamping: scaled), epochMs: state.epochMs) { recorded += 1 }
        }
        let looked = end - next
        next = end
        return looked
    }
}
