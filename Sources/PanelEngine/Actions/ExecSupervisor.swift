import LinuxSystem
import PanelConfig
import TouchCore

/// Keeps `exec` actions within their button's `ExecLimits`, and says in the log how each
/// one that did not go well ended. It outlives sessions: a reload does not forget the
/// commands still running, which still count against their button's limit and still end
/// at their time-out. It never waits: time comes in as a parameter, finished children
/// through `reaped`, and the loop asks `nextDeadline` when to call `tick`.
public final class ExecSupervisor {
    /// Where one running command is in being stopped:
    ///
    ///     running --- time-out due / SIGTERM ---> terminating --- grace over / SIGKILL ---> killed
    ///     (each stage ends when the command is reaped)
    ///
    /// Any change to `next(after:now:)` must be represented in this diagram.
    public enum Stage: Equatable, Sendable {
        /// Running; `timeoutAt` is when it gets SIGTERM (nil: no time-out).
        case running(timeoutAt: MonotonicInstant?)
        /// Past its time-out, sent SIGTERM; gets SIGKILL at `killAt`.
        case terminating(killAt: MonotonicInstant)
        /// Sent SIGKILL; only waiting to be reaped.
        case killed
    }

    /// One command started and not yet reaped.
    public struct Child: Equatable, Sendable {
        public var pid: Int32
        public var button: String
        public var command: String
        public var timeoutMs: Int
        public var stage: Stage
    }

    /// What `launch` did.
    public enum LaunchOutcome: Equatable, Sendable {
        case started(pid: Int32)
        /// The button already has `exec_limit` commands running.
        case refusedAtLimit(running: Int)
        case failed(SpawnError)
    }

    private let processes: ChildProcessControl
    private let log: PanelLog
    /// `--debug exec`: every stage change logged.
    public var transitions: TransitionLog?
    public private(set) var children: [Child] = []
    /// Children are real processes: on the simulated board's virtual clock, which jumps from
    /// one deadline to the next, a time-out stamped in virtual time would end a command before
    /// it ran. With `childClock` (the real clock, handed in by the run) time-outs are stamped
    /// and checked on it, and `nextDeadline` stays nil so that a virtual clock never jumps to
    /// them; `nextChildDeadline` says when, on that clock. Nil: the engine's time is real.
    public let childClock: (() -> MonotonicInstant)?

    public init(processes: ChildProcessControl, log: PanelLog, childClock: (() -> MonotonicInstant)? = nil) {
        self.processes = processes
        self.log = log
        self.childClock = childClock
    }

    /// How many of `button`'s commands are running (stages past the time-out included: they
    /// still hold what they hold until they are gone).
    public func runningCount(of button: String) -> Int {
        var count = 0
        for child in children where child.button == button { count += 1 }
        return count
    }

    /// Starts `command` for `button` at `now`, unless that button is at its limit.
    @discardableResult
    public func launch(
        command: String, environment: [(String, String)], button: String, limits: ExecLimits, now: MonotonicInstant
    ) -> LaunchOutcome {
        let running = runningCount(of: button)
        guard running < limits.maxRunning else {
            log.warning("[button \(button)] exec \"\(command)\": not started: \(running) of its commands still running (exec_limit \(limits.maxRunning))")
            return .refusedAtLimit(running: running)
        }
        let pid: Int32
        do throws(SpawnError) {
            pid = try processes.spawnShell(command: command, environment: environment)
        } catch {
            log.error("[button \(button)] exec \"\(command)\": \(error.message)")
            return .failed(error)
        }
        let timeoutMs = Int((limits.timeout?.nanoseconds ?? 0) / 1_000_000)
        let startedAt = childClock?() ?? now
        children.append(Child(pid: pid, button: button, command: command, timeoutMs: timeoutMs,
                              stage: .running(timeoutAt: limits.timeout.map { startedAt + $0 })))
        return .started(pid: pid)
    }

    /// The earliest instant, on the engine's clock, a child is due a signal; nil with a
    /// `childClock`, whose deadlines are not the engine's.
    public var nextDeadline: MonotonicInstant? {
        childClock == nil ? nextChildDeadline : nil
    }

    /// The earliest instant a child is due a signal, on the clock its time-outs run on.
    public var nextChildDeadline: MonotonicInstant? {
        var earliest: MonotonicInstant? = nil
        for child in children {
            earliest = MonotonicInstant.earliest(earliest, ExecSupervisor.dueAt(child.stage))
        }
        return earliest
    }

    /// Signals the children whose time-out or grace has run out at `now` (the engine's
    /// instant; with a `childClock`, that clock's reading instead).
    public func tick(now engineNow: MonotonicInstant) {
        let now = childClock?() ?? engineNow
        for index in children.indices {
            let (stage, signal) = ExecSupervisor.next(after: children[index].stage, now: now)
            guard let signal else { continue }
            let child = children[index]
            transitions?.record(
                .exec, at: engineNow, of: "[button \(child.button)] pid \(child.pid)", from: TransitionText.exec(child.stage),
                input: "deadline", to: TransitionText.exec(stage))
            children[index].stage = stage
            processes.signalGroup(of: child.pid, signal)
            if signal == ChildSignal.terminate {
                log.warning("[button \(child.button)] exec \"\(child.command)\": still running after exec_timeout_ms \(child.timeoutMs); sent SIGTERM")
            } else {
                log.error("[button \(child.button)] exec \"\(child.command)\": still running \(ExecLimits.killGraceMs) ms after SIGTERM; sent SIGKILL")
            }
        }
    }

    /// The one place a child's stage changes with time: what it becomes at `now`, and the
    /// signal that change sends (nil: nothing is due).
    static func next(after stage: Stage, now: MonotonicInstant) -> (Stage, signal: Int32?) {
        switch stage {
        case .running(let timeoutAt):
            guard let timeoutAt, timeoutAt <= now else { return (stage, nil) }
            return (.terminating(killAt: now + .milliseconds(Int64(ExecLimits.killGraceMs))), ChildSignal.terminate)
        case .terminating(let killAt):
            guard killAt <= now else { return (stage, nil) }
            return (.killed, ChildSignal.kill)
        case .killed:
            return (stage, nil)
        }
    }

    static func dueAt(_ stage: Stage) -> MonotonicInstant? {
        switch stage {
        case .running(let timeoutAt): timeoutAt
        case .terminating(let killAt): killAt
        case .killed: nil
        }
    }

    /// A command that has been reaped, and how it ended.
    public struct Finished: Equatable, Sendable {
        public var pid: Int32
        public var button: String
        public var termination: ChildTermination

        public init(pid: Int32, button: String, termination: ChildTermination) {
            self.pid = pid
            self.button = button
            self.termination = termination
        }

        /// Exited with status 0.
        public var succeeded: Bool { termination == .exited(0) }

        /// "exited with status 3", "killed by SIGSEGV".
        public var how: String { ExecSupervisor.describe(termination) }
    }

    /// Collects the children that have finished, logs each that did not exit with 0, and
    /// hands them back (a hold-to-run press ends when its command fails).
    @discardableResult
    public func reapFinished() -> [Finished] {
        var finished: [Finished] = []
        for reaped in processes.reap() {
            guard let index = children.firstIndex(where: { $0.pid == reaped.pid }) else { continue }
            let child = children.remove(at: index)
            if let line = ExecSupervisor.outcome(of: child, reaped.termination) {
                log.log(line.text, priority: line.priority)
            }
            finished.append(Finished(pid: child.pid, button: child.button, termination: reaped.termination))
        }
        return finished
    }

    static func describe(_ termination: ChildTermination) -> String {
        switch termination {
        case .exited(let status): "exited with status \(status)"
        case .signaled(let signal): "killed by \(SignalNames.describe(signal))"
        case .other(let status): "ended with wait status \(status)"
        }
    }

    /// The log line for a finished command; nil for one that exited with 0 in time.
    static func outcome(of child: Child, _ termination: ChildTermination) -> (text: String, priority: LogPriority)? {
        let prefix = "[button \(child.button)] exec \"\(child.command)\": "
        let how = describe(termination)
        switch child.stage {
        case .running:
            if termination == .exited(0) { return nil }
            return (prefix + how, .error)
        case .terminating, .killed:
            return (prefix + "stopped after its time-out of \(child.timeoutMs) ms: " + how, .warning)
        }
    }
}
