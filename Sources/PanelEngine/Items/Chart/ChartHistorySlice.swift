import PanelConfig

/// One request of a chart's recorded history: an hour's worth of its buckets at most (whole
/// buckets), so that one reply stays far below `max_message_kb` even for a busy sensor, and a
/// day is asked for in 24 requests, one after another.
public struct ChartHistorySlice: Equatable, Sendable {
    public var chart: Int
    public var entity: EntityID
    /// The buckets its states may fill.
    public var buckets: ClosedRange<Int64>
    /// What Home Assistant is asked for: states after `startEpochMs` and before `endEpochMs`
    /// (nil: up to now). Home Assistant leaves out a state exactly at either end, so every
    /// slice but the first starts 1 ms before its first bucket; a state in that millisecond
    /// belongs to the slice whose buckets hold it.
    public var startEpochMs: Int64
    public var endEpochMs: Int64?
    /// The first slice asks for the state in force at the window's start too (timestamped
    /// there by Home Assistant): the chart's oldest bucket is then not empty for a sensor
    /// that did not change.
    public var includesStartState: Bool

    /// The longest a slice covers.
    public static let longestMs: Int64 = 3_600_000

    public init(chart: Int, entity: EntityID, buckets: ClosedRange<Int64>, startEpochMs: Int64, endEpochMs: Int64?, includesStartState: Bool) {
        self.chart = chart
        self.entity = entity
        self.buckets = buckets
        self.startEpochMs = startEpochMs
        self.endEpochMs = endEpochMs
        self.includesStartState = includesStartState
    }
}
