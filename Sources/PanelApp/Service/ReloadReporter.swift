import LinuxSystem
import PanelEngine
import TouchCore

/// Says what became of each SIGHUP: to the service manager (RELOADING=1 when it begins, READY=1
/// with the outcome as the status line when it ends) and, under systemd, in the answer file that
/// `touchpanel reload` waits on, so that a refused reload fails `systemctl reload`. READY=1 goes
/// first: when `touchpanel reload` exits on the answer, systemd has the end of the reload too.
/// Used by the live panel and the simulated board alike.
public final class ReloadReporter {
    private let notifier: ServiceNotifier?
    private let file: ReloadAnswerFile?
    private let pid: Int32
    private let log: PanelLog
    /// Reloads answered so far; the next answer carries one more.
    public private(set) var generation: UInt64 = 0

    /// `notifier`: nil where there is no service manager to tell (the simulated board).
    /// `file`: nil when the panel keeps no answers (run by hand, without `$RUNTIME_DIRECTORY`).
    public init(notifier: ServiceNotifier?, file: ReloadAnswerFile?, pid: Int32, log: PanelLog) {
        self.notifier = notifier
        self.file = file
        self.pid = pid
        self.log = log
    }

    /// SIGHUP arrived; the config is about to be read.
    public func begins(at now: MonotonicInstant) {
        notifier?.notify(ServiceMessage.reloading(at: now))
    }

    /// The new config runs.
    public func applied(_ configPath: String) {
        answer(.applied("running \(configPath)"), status: "running \(configPath)")
    }

    /// The new config was refused for `reason`, and the previous one goes on.
    public func refused(_ reason: String) {
        answer(.refused(reason), status: "reload refused: \(reason); running the previous config")
    }

    /// Neither the new config nor the previous one could start (`reason` says why of each):
    /// the panel stops, and the service manager restarts it.
    public func stopping(_ reason: String) {
        answer(.stopping(reason), status: "reload refused: \(reason); stopping")
    }

    private func answer(_ outcome: ReloadAnswer.Outcome, status: String) {
        notifier?.notify(ServiceMessage.readyAfterReload(status))
        generation += 1
        guard let file else { return }
        if let problem = file.write(ReloadAnswer(pid: pid, generation: generation, outcome: outcome)) {
            // `touchpanel reload` then says it had no answer; the reload itself stands.
            log.warning("reload: cannot leave the answer for touchpanel reload: \(problem)")
        }
    }
}
