/// The polling-mode gate of the Raspberry Pi kernel's edt-ft5x06 driver: after start-up (or
/// a reset) the registers may hold a stale or undefined report, so reports are ignored until
/// TD_STATUS first changes. A report announcing no points passes at once: it cannot press
/// anything, and it proves the registers are live.
///
/// Interrupt mode needs no gate: the controller only pulls INT for a fresh report.
public struct FT5x06PollGate: Equatable, Sendable {
    /// TD_STATUS of the first report seen; nil before it.
    private var initial: UInt8?
    /// False once a report passed: from then on every report is accepted.
    public private(set) var isWaiting = true

    public init() {}

    /// Whether to use `report` (a report too short for its header passes, for the codec to
    /// refuse).
    public mutating func accept(_ report: FT5x06Report) -> Bool {
        guard report.count >= FT5x06Report.headerLength else { return true }
        return accept(tdStatus: report[2])
    }

    /// Whether to use the report whose TD_STATUS (header byte 2) is `tdStatus`.
    public mutating func accept(tdStatus: UInt8) -> Bool {
        guard isWaiting else { return true }
        if initial == nil { initial = tdStatus }
        if tdStatus & 0x0F != 0, tdStatus == initial { return false }
        isWaiting = false
        return true
    }

    /// Starts waiting again (after the controller was reset or came back from a failure).
    public mutating func reset() {
        self = FT5x06PollGate()
    }
}
