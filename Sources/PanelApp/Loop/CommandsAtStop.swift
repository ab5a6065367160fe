import LinuxSystem
import PanelConfig
import PanelEngine
import TouchCore

/// At stop, the commands still running (an `on_release` the stop itself started among them)
/// get `ExecLimits.stopWaitMs` of real time to finish before the panel exits, whatever clock
/// the run kept: children are real processes, and on the simulated board's virtual clock a
/// wait in virtual time would be no wait at all. Their time-outs go on being enforced. A
/// second SIGTERM or SIGINT ends the wait.
enum CommandsAtStop {
    /// `leftTo`: who takes over what is still running (the service manager, or nobody).
    /// `processes`: where the commands run; those handed to an exec runner end through its link.
    static func wait(_ exec: ExecSupervisor, signals: SignalWatch, processes: ExecProcesses, log: PanelLog, leftTo: String) {
        let runner = ExecRunnerTurn(processes, exec: exec, log: log) { _ in }
        exec.reapFinished()
        let loop = PanelLoop(clock: .real, startingAt: MonotonicClock.now())
        let deadline = loop.now + .milliseconds(Int64(ExecLimits.stopWaitMs))
        while !exec.children.isEmpty, loop.now < deadline {
            loop.turn([signals, runner], until: MonotonicInstant.earliest(deadline, exec.nextChildDeadline))
            if signals.take().asksToStop { break }
            exec.tick(now: loop.now)
            exec.reapFinished()
        }
        for child in exec.children {
            log.warning("[button \(child.button)] exec \"\(child.command)\": still running at stop; \(leftTo)")
        }
    }
}
