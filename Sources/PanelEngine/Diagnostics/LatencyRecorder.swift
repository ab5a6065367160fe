import LinuxSystem
import TouchCore

/// Told, for each report that changed something, when its event lines were written and when
/// its pixels were painted; the report's instant is the INT edge's kernel timestamp (or the
/// poll's read time). The engine reads no clock; the recorder does.
public protocol LatencyRecorder: AnyObject {
    /// The loop woke at `now` and the touch source's turn begins (no clock read: the loop's).
    func turnBegan(at now: MonotonicInstant)
    /// The source read and decoded a report measured at `edge` and hands it over.
    func frameDecoded(edge: MonotonicInstant)
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
    /// Where a report's time goes, stage by stage, for the reports `edgeToEvent` counts: the
    /// edge to the loop's wake-up, the wake-up to the report read and decoded (the I2C or
    /// input read), that to its event lines written, those to its pixels painted.
    public private(set) var stages = ReportStages()
    /// The stages of the report slowest from edge to pixels (or to its event lines, when it
    /// painted nothing).
    public private(set) var slowest: ReportStages.Sample?
    private var wokeAt: MonotonicInstant?
    private var decodedAt: MonotonicInstant?
    private var current: ReportStages.Sample?
    private let now: () -> MonotonicInstant
    /// Frames slower than this are logged; set from `[display] budget_us` (and on reload).
    public var budgetMicroseconds: Int64?
    private let log: PanelLog

    public init(budgetMicroseconds: Int64? = nil, log: PanelLog, now: @escaping () -> MonotonicInstant) {
        self.budgetMicroseconds = budgetMicroseconds
        self.log = log
        self.now = now
    }

    public func turnBegan(at now: MonotonicInstant) {
        wokeAt = now
    }

    public func frameDecoded(edge: MonotonicInstant) {
        decodedAt = now()
    }

    public func eventsWritten(sinceEdge edge: MonotonicInstant) {
        let written = now()
        edgeToEvent.record(written - edge)
        // A polled report is measured after the wake-up: its edge-to-wake stage is zero.
        let woke = max(wokeAt ?? edge, edge)
        let decoded = max(decodedAt ?? woke, woke)
        let sample = ReportStages.Sample(
            number: Int(edgeToEvent.count), edgeToWake: woke - edge, wakeToDecoded: decoded - woke, decodedToEvent: written - decoded, eventToPixels: nil)
        stages.record(sample)
        current = sample
        if slowest.map({ sample.total > $0.total }) ?? true { slowest = sample }
    }

    public func framePainted(sinceEdge edge: MonotonicInstant) {
        let painted = now()
        let latency = painted - edge
        if var sample = current {
            let toPixels = painted - (edge + sample.total)
            sample.eventToPixels = toPixels
            stages.recordPixels(toPixels)
            if let slow = slowest, sample.total >= slow.total { slowest = sample }
            current = nil
        }
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

    /// Reports that gave events, and their p99 from the edge to the event line, in µs: the
    /// touch figures of `P/health`. Read in place (the histogram is 1.8 kB).
    public var touches: Int64 { edgeToEvent.count }
    @inline(never)
    public var touchP99Microseconds: Int64 { edgeToEvent.percentile(permille: 990) }

    /// One line per histogram: `latency edge_to_event count=N p50_us=… p99_us=… max_us=…`.
    /// `edge_to_flip` only once a page flip showed a frame (DRM/KMS).
    public func summaryLines() -> [String] {
        var lines = [
            LatencyStatistics.line("edge_to_event", edgeToEvent),
            LatencyStatistics.line("edge_to_pixels", edgeToPixels),
            LatencyStatistics.line("deadline_lateness", deadlineLateness),
        ]
        if edgeToFlip.count > 0 { lines.append(LatencyStatistics.line("edge_to_flip", edgeToFlip)) }
        lines.append(LatencyStatistics.line("stage_edge_to_wake", stages.edgeToWake))
        lines.append(LatencyStatistics.line("stage_wake_to_decoded", stages.wakeToDecoded))
        lines.append(LatencyStatistics.line("stage_decoded_to_event", stages.decodedToEvent))
        lines.append(LatencyStatistics.line("stage_event_to_pixels", stages.eventToPixels))
        if let slowest { lines.append("latency slowest_report \(slowest.description)") }
        return lines
    }

    static func line(_ name: String, _ histogram: LatencyHistogram) -> String {
        "latency \(name) count=\(histogram.count) p50_us=\(histogram.percentile(permille: 500)) p99_us=\(histogram.percentile(permille: 990)) max_us=\(histogram.maxMicroseconds)"
    }
}
