import CLinux
import LinuxSystem
import PanelConfig
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

@Suite("Exec supervisor: a limit per button, a time-out, and how each command ended")
struct ExecSupervisorTests {
    let processes = RecordingProcesses()
    let log = RecordingLog()
    var exec: ExecSupervisor { ExecSupervisor(processes: processes, log: log) }

    @Test func theLimitStartsExactlyThatManyAndRefusesTheRest() {
        let exec = exec
        let limits = ExecLimits(maxRunning: 2, timeout: nil)
        let outcomes = (0..<5).map { _ in
            exec.launch(command: "mpc next", environment: [], button: "next", limits: limits, now: at(10))
        }
        #expect(outcomes == [
            .started(pid: 100), .started(pid: 101),
            .refusedAtLimit(running: 2), .refusedAtLimit(running: 2), .refusedAtLimit(running: 2),
        ])
        #expect(processes.transactions == ["spawn 100 mpc next", "spawn 101 mpc next"])
        #expect(log.entries.count == 3)
        #expect(log.entries[0].priority == .warning)
        #expect(log.lines[0] == #"[button next] exec "mpc next": not started: 2 of its commands still running (exec_limit 2)"#)
    }

    @Test func aReapedCommandFreesItsPlace() {
        let exec = exec
        let limits = ExecLimits(maxRunning: 1, timeout: nil)
        exec.launch(command: "true", environment: [], button: "a", limits: limits, now: at(0))
        #expect(exec.launch(command: "true", environment: [], button: "a", limits: limits, now: at(5)) == .refusedAtLimit(running: 1))
        processes.finished = [ReapedChild(pid: 100, termination: .exited(0))]
        exec.reapFinished()
        #expect(exec.runningCount(of: "a") == 0)
        #expect(exec.launch(command: "true", environment: [], button: "a", limits: limits, now: at(6)) == .started(pid: 101))
        // A command that exits with 0 in time is not logged; only the refusal is.
        #expect(log.lines.count == 1)
    }

    @Test func eachButtonHasItsOwnLimit() {
        let exec = exec
        let one = ExecLimits(maxRunning: 1, timeout: nil)
        exec.launch(command: "a", environment: [], button: "a", limits: one, now: at(0))
        #expect(exec.launch(command: "b", environment: [], button: "b", limits: one, now: at(0)) == .started(pid: 101))
        #expect(exec.runningCount(of: "a") == 1)
        #expect(exec.runningCount(of: "b") == 1)
    }

    @Test func pastItsTimeOutACommandGetsSIGTERMThenSIGKILLAfterTheGrace() {
        let exec = exec
        exec.launch(command: "sleep 600", environment: [], button: "slow", limits: ExecLimits(maxRunning: 4, timeout: .milliseconds(1_000)), now: at(250))
        #expect(exec.nextDeadline == at(1_250))
        exec.tick(now: at(1_249))
        #expect(processes.transactions == ["spawn 100 sleep 600"])
        exec.tick(now: at(1_250))
        #expect(processes.transactions == ["spawn 100 sleep 600", "signal 100 \(SIGTERM)"])
        #expect(exec.children[0].stage == .terminating(killAt: at(3_250)))
        #expect(exec.nextDeadline == at(3_250))
        exec.tick(now: at(3_249))
        exec.tick(now: at(3_250))
        #expect(processes.transactions == ["spawn 100 sleep 600", "signal 100 \(SIGTERM)", "signal 100 \(SIGKILL)"])
        #expect(exec.nextDeadline == nil)
        exec.tick(now: at(10_000))
        #expect(processes.transactions.count == 3)
        // Still counted until reaped: a killed command holds its place until it is gone.
        #expect(exec.runningCount(of: "slow") == 1)
        processes.finished = [ReapedChild(pid: 100, termination: .signaled(SIGKILL))]
        exec.reapFinished()
        #expect(exec.runningCount(of: "slow") == 0)
        #expect(log.lines == [
            #"[button slow] exec "sleep 600": still running after exec_timeout_ms 1000; sent SIGTERM"#,
            #"[button slow] exec "sleep 600": still running 2000 ms after SIGTERM; sent SIGKILL"#,
            #"[button slow] exec "sleep 600": stopped after its time-out of 1000 ms: killed by SIGKILL (9)"#,
        ])
        #expect(log.entries.map(\.priority) == [.warning, .error, .warning])
    }

    /// Issue 24: on the simulated board's virtual clock a command's time-out runs in real
    /// time. The virtual clock may jump an hour ahead; the command is signalled only when the
    /// real clock (here a stand-in the test moves) passes its time-out.
    @Test func onAChildClockTimeOutsRunOnThatClockAndTheEngineNeverWaitsForThem() {
        final class Clock { var now = at(5_000) }
        let real = Clock()
        let exec = ExecSupervisor(processes: processes, log: log, childClock: { real.now })
        exec.launch(command: "env > out", environment: [], button: "save", limits: ExecLimits(maxRunning: 1, timeout: .milliseconds(1_000)), now: at(0))
        #expect(exec.children[0].stage == .running(timeoutAt: at(6_000)))
        #expect(exec.nextDeadline == nil)
        #expect(exec.nextChildDeadline == at(6_000))
        exec.tick(now: at(3_600_000))
        #expect(processes.transactions == ["spawn 100 env > out"])
        real.now = at(6_000)
        exec.tick(now: at(3_600_001))
        #expect(processes.transactions == ["spawn 100 env > out", "signal 100 \(SIGTERM)"])
        #expect(exec.children[0].stage == .terminating(killAt: at(8_000)))
    }

    @Test func aCommandThatEndsOnSIGTERMGetsNoSIGKILL() {
        let exec = exec
        exec.launch(command: "sleep 600", environment: [], button: "slow", limits: ExecLimits(maxRunning: 4, timeout: .milliseconds(100)), now: at(0))
        exec.tick(now: at(100))
        processes.finished = [ReapedChild(pid: 100, termination: .signaled(SIGTERM))]
        exec.reapFinished()
        exec.tick(now: at(2_100))
        #expect(processes.transactions == ["spawn 100 sleep 600", "signal 100 \(SIGTERM)"])
        #expect(log.lines.last == #"[button slow] exec "sleep 600": stopped after its time-out of 100 ms: killed by SIGTERM (15)"#)
    }

    @Test func withoutATimeOutNothingIsEverDue() {
        let exec = exec
        exec.launch(command: "kiosk", environment: [], button: "k", limits: ExecLimits(maxRunning: 1, timeout: nil), now: at(0))
        #expect(exec.nextDeadline == nil)
        exec.tick(now: at(Int64(Int32.max)))
        #expect(processes.transactions == ["spawn 100 kiosk"])
    }

    @Test func failuresAreLoggedWithTheCommandAndTheStatus() {
        let exec = exec
        let limits = ExecLimits(maxRunning: 4, timeout: nil)
        exec.launch(command: "false", environment: [], button: "a", limits: limits, now: at(0))
        exec.launch(command: "crash", environment: [], button: "b", limits: limits, now: at(0))
        exec.launch(command: "fine", environment: [], button: "c", limits: limits, now: at(0))
        processes.finished = [
            ReapedChild(pid: 100, termination: .exited(3)),
            ReapedChild(pid: 101, termination: .signaled(SIGSEGV)),
            ReapedChild(pid: 102, termination: .exited(0)),
        ]
        exec.reapFinished()
        #expect(log.lines == [
            #"[button a] exec "false": exited with status 3"#,
            #"[button b] exec "crash": killed by SIGSEGV (11)"#,
        ])
        #expect(log.entries.map(\.priority) == [.error, .error])
        #expect(exec.children.isEmpty)
    }

    @Test func aCommandThatCannotStartIsAnErrorAndHoldsNoPlace() {
        let exec = exec
        processes.spawnError = Errno(ENOMEM)
        let outcome = exec.launch(command: "mpc", environment: [], button: "a", limits: .defaults, now: at(0))
        #expect(outcome == .failed(SpawnError(command: "mpc", errno: Errno(ENOMEM))))
        #expect(log.entries.count == 1)
        #expect(log.entries[0].priority == .error)
        #expect(log.lines[0].hasPrefix(#"[button a] exec "mpc": cannot start /bin/sh -c "mpc": "#))
        #expect(exec.runningCount(of: "a") == 0)
    }

    @Test func childrenOfOthersAreNotOurs() {
        let exec = exec
        processes.finished = [ReapedChild(pid: 4242, termination: .exited(1))]
        exec.reapFinished()
        #expect(log.lines.isEmpty)
    }
}
