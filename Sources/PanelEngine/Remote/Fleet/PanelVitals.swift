import TouchCore

/// What `P/health` reads beyond the broker link's own figures: the run's start (a reload's
/// new link does not restart the uptime), the touch path's latency figures, the last error
/// and the machine. Made once a run by the live panel or the simulated board, which own them,
/// and handed to each link of the run.
public final class PanelVitals {
    public let startedAt: MonotonicInstant
    /// The edge-to-event histogram's count and p99 are the health's `touches` and
    /// `touch_p99_ms`; nil where the run keeps none (the simulated board): both 0.
    public let latency: LatencyStatistics?
    public let errors: LastErrorLog?
    public let machine: MachineReadings?

    public init(startedAt: MonotonicInstant, latency: LatencyStatistics? = nil, errors: LastErrorLog? = nil, machine: MachineReadings? = nil) {
        self.startedAt = startedAt
        self.latency = latency
        self.errors = errors
        self.machine = machine
    }
}
