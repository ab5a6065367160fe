import LinuxSystem
import PanelEngine
import TouchCore

/// The exec runner links' turn (`[exec] groups = none`): commands that ended there are
/// reaped and handed on, as SIGCHLD does for the panel's own children.
final class ExecRunnerTurn: LoopParticipant {
    let processes: ExecProcesses
    let exec: ExecSupervisor
    private let log: PanelLog
    private let finished: ([ExecSupervisor.Finished]) -> Void

    init(_ processes: ExecProcesses, exec: ExecSupervisor, log: PanelLog, finished: @escaping ([ExecSupervisor.Finished]) -> Void) {
        self.processes = processes
        self.exec = exec
        self.log = log
        self.finished = finished
    }

    var pollInterests: [PollInterest] {
        processes.runnerDescriptors.map { PollInterest(descriptor: $0, events: .readable) }
    }

    func turn(_ events: ArraySlice<PollEvents>, now: MonotonicInstant) {
        guard events.contains(where: { $0.readableOrClosed }) else { return }
        let ended = exec.reapFinished()
        for problem in processes.takeProblems() { log.error(problem) }
        finished(ended)
    }
}
