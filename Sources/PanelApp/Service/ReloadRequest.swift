import CLinux
import LinuxSystem
import PanelEngine
import TouchCore

/// `touchpanel reload PID`, the unit's `ExecReload`: sends the panel SIGHUP and waits
/// (`ReloadWait`, bounded) for its answer in `$RUNTIME_DIRECTORY/reload`. Exit 0 when the new
/// config runs; 1 when the panel refused it (the reason on stderr, so the journal and
/// `systemctl reload` show it), ended, could not be signalled, or did not answer in time.
public enum ReloadRequest {
    public static func run(pid: Int32, file: ReloadAnswerFile, log: PanelLog, timeout: MonotonicDuration = ReloadWait.timeout) -> Int32 {
        let previous = file.read()
        guard kill(pid, SIGHUP) == 0 else {
            log.error("reload: cannot signal pid \(pid): \(Errno.current.message)")
            return 1
        }
        let wait = ReloadWait(pid: pid, previous: previous, signalledAt: MonotonicClock.now(), timeout: timeout)
        while true {
            let now = MonotonicClock.now()
            // The process first, then the file: an answer written just before it ended counts.
            let running = isRunning(pid)
            switch wait.step(now: now, answer: file.read(), running: running) {
            case .look(let at):
                _ = Poller.wait([], timeoutNs: (at - now).nanoseconds)
            case .finished(let verdict):
                if let message = wait.message(verdict, answerPath: file.path) { log.error(message) }
                return ReloadWait.exitStatus(verdict)
            }
        }
    }

    /// Whether `pid` is there (signal 0: nothing is sent). EPERM: there, but another user's.
    private static func isRunning(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || clinux_errno() == EPERM
    }
}
