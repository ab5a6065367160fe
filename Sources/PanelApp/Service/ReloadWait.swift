import TouchCore

/// `touchpanel reload`'s wait for the panel's answer to its SIGHUP, as a value: the clock, the
/// answer file's contents and whether the panel still runs come in as parameters. It ends at
/// the first answer from that panel newer than the one there before the signal, when the panel
/// is gone without one, or at `timeout`: a reload never hangs.
public struct ReloadWait: Equatable {
    /// Within the unit's 30 s for a reload (`TimeoutStartSec=`, which systemd applies to
    /// `ExecReload`), with room for the config check before it.
    public static let timeout = MonotonicDuration.milliseconds(20_000)
    /// How often the answer file is looked at.
    public static let lookEvery = MonotonicDuration.milliseconds(20)

    public enum Verdict: Equatable {
        case applied(status: String)
        case refused(reason: String)
        /// Neither the new config nor the previous one could start: the panel stops.
        case stopping(reason: String)
        /// The panel ended without an answer (it could start neither config, or was killed).
        case ended
        /// No answer within the timeout.
        case noAnswer
    }

    public enum Step: Equatable {
        /// Look at the file and the process again at this instant.
        case look(at: MonotonicInstant)
        case finished(Verdict)
    }

    public let pid: Int32
    /// The generation of the panel's answer before the signal (0: none): only a later one
    /// answers it.
    public let answeredBefore: UInt64
    public let signalledAt: MonotonicInstant
    public let timeout: MonotonicDuration

    /// `previous`: what the answer file held before the signal (nil: nothing).
    public init(pid: Int32, previous: ReloadAnswer?, signalledAt: MonotonicInstant, timeout: MonotonicDuration = ReloadWait.timeout) {
        self.pid = pid
        answeredBefore = previous.flatMap { $0.pid == pid ? $0.generation : nil } ?? 0
        self.signalledAt = signalledAt
        self.timeout = timeout
    }

    public var deadline: MonotonicInstant { signalledAt + timeout }

    /// After a look at `now`: `running`, whether the panel was still there, looked at before
    /// the file was read (so an answer written just before the panel ended still counts);
    /// `answer`, what the file held.
    public func step(now: MonotonicInstant, answer: ReloadAnswer?, running: Bool) -> Step {
        if let answer, answer.pid == pid, answer.generation > answeredBefore {
            switch answer.outcome {
            case .applied(let status): return .finished(.applied(status: status))
            case .refused(let reason): return .finished(.refused(reason: reason))
            case .stopping(let reason): return .finished(.stopping(reason: reason))
            }
        }
        guard running else { return .finished(.ended) }
        guard now < deadline else { return .finished(.noAnswer) }
        return .look(at: min(now + ReloadWait.lookEvery, deadline))
    }

    /// `touchpanel reload`'s exit status for `verdict`: 0 only when the new config runs.
    public static func exitStatus(_ verdict: Verdict) -> Int32 {
        if case .applied = verdict { return 0 }
        return 1
    }

    /// The error line for a verdict other than `.applied` (nil for that one: a reload that
    /// worked says nothing, the panel logs it); `answerPath`: where the answer was looked for.
    public func message(_ verdict: Verdict, answerPath: String) -> String? {
        switch verdict {
        case .applied:
            return nil
        case .refused(let reason):
            return "reload refused by pid \(pid): \(reason); it goes on with the previous config"
        case .stopping(let reason):
            return "reload refused by pid \(pid), which stops: \(reason)"
        case .ended:
            return "reload: pid \(pid) ended without an answer; journalctl -u touchpanel says why"
        case .noAnswer:
            let ms = timeout.nanoseconds / 1_000_000
            let within = ms % 1_000 == 0 ? "\(ms / 1_000) s" : "\(ms) ms"
            return "reload: no answer from pid \(pid) in \(answerPath) within \(within); "
                + "the reload may still end, journalctl -u touchpanel says how"
        }
    }
}
