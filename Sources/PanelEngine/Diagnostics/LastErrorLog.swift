/// A log that keeps its last error line as it passes it on: `P/health` says what last went
/// wrong on a panel nobody is watching (`last_error`), without a look in its journal.
public final class LastErrorLog: PanelLog {
    private let next: PanelLog
    /// The last line logged at `.error`; nil while there was none.
    public private(set) var lastError: String?

    public init(_ next: PanelLog) {
        self.next = next
    }

    public func log(_ line: String, priority: LogPriority) {
        if priority == .error { lastError = line }
        next.log(line, priority: priority)
    }
}
