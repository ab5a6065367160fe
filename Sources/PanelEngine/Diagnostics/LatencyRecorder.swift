import LinuxSystem
import TouchCore

/// Told, for each report that changed something, when its event lines were written and when
/// its pixels were painted; the report's instant is the INT edge's kernel timestamp (or the
/// poll's read time). The engine reads no clock; the recorder does.
public protocol LatencyRecorder: AnyObject {
    func eventsWritten(sinceEdge edge: MonotonicInstant)
    func framePainted(sinceEdge edge: MonotonicInstant)
    /// An event due at `logicalAt` (release+W, down+L, a repeat, a lost touch) fires now.
    func deadlineFired(logicalAt: MonotonicInstant)
}

/// The live panel's latency record: two fixed-size histograms (edge to event line, edge to
/// pixels), printed on SIGUSR1 and at exit, and with a budget, a log line for every frame
/// that went over it.
public final class LatencyStatistics: LatencyRecorder {
    public private(set) var edgeToEvent = LatencyHistogram()
    public private(set) var edgeToPixels = LatencyHistogram()
    /// How late deadline events fire against their logical time (rule 9: within 1 ms).
    public private(set) var deadlineLateness = LatencyHistogram()
    /// DRM/KMS: edge to the vblank whose page flip showed the frame (the pixels as seen).
    public private(set) var edgeToFlip = LatencyHistogram()
    private let now: () -> MonotonicInstant
    /// Frames slower than this are logged; set from `[display] budget_us` (and on reload).
    public var budgetMicroseconds: Int64?
    private let log: PanelLog

    public init(budgetMicroseconds: Int64? = nil, log: PanelLog, now: @escaping () -> MonotonicInstant) {
        self.budgetMicroseconds = budgetMicroseconds
        self.log = log
        self.now = now
    }

    public func eventsWritten(sinceEdge edge: MonotonicInstant) {
        edgeToEvent.record(now() - edge)
    }

    public func framePainted(sinceEdge edge: MonotonicInstant) {
        let latency = now() - edge
        edgeToPixels.record(latency)
        if let budget = budgetMicroseconds, latency.nanoseconds / 1_000 > budget {
            log.warning("frame over budget: edge to pixels \(latency.nanoseconds / 1_000) us > \(budget) us")
        }
    }

    /// A page flip showed the frame of a report whose edge came at `edge`, at `vblank`.
    public func frameShown(sinceEdge edge: MonotonicInstant, at vblank: MonotonicInstant) {
        edgeToFlip.record(vblank - edge)
    }

    public func deadlineFired(logicalAt: MonotonicInstant) {
        deadlineLateness.record(now() - logicalAt)
    }

    /// One line per histogram: `latency edge_to_event count=N p50_us=… p99_us=… max_us=…`.
    /// `edge_to_flip` only once a page flip showed a frame (DRM/KMS).
    public func summaryLines() -> [String] {
        var lines = [
            LatencyStatistics.line("edge_to_event", edgeToEvent),
            LatencyStatistics.line("edge_to_pixels", edgeToPixels),
            LatencyStatistics.line("deadline_lateness", deadlineLateness),
        ]
        if edgeToFlip.count > 0 { lines.append(LatencyStatistics.line("edge_to_flip", edgeToFlip)) }
        return lines
    }

    static func line(_ name: String, _ histogram: LatencyHistogram) -> String {
        "latency \(name) count=\(histogram.count) p50_us=\(histogram.percentile(permille: 500)) p99_us=\(histogram.percentile(permille: 990)) max_us=\(histogram.maxMicroseconds)"
    }
}
