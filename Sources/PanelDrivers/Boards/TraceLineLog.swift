import LinuxSystem
import PanelEngine

/// The simulated board's log: while a trace step is played, every line the panel logs about
/// it (a dropped report, a failed action) names the trace line it came from, as `replay` does.
public final class TraceLineLog: PanelLog {
    private let inner: PanelLog
    private let path: String
    /// The trace line of the step being played; nil between steps.
    public var line: Int?

    public init(_ inner: PanelLog, path: String) {
        self.inner = inner
        self.path = path
    }

    public func log(_ text: String, priority: LogPriority) {
        guard let line else { return inner.log(text, priority: priority) }
        inner.log("\(path):\(line): \(text)", priority: priority)
    }
}
