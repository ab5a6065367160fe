import CLinux
import Foundation
import LinuxSystem
import PanelConfig
import PanelEngine
@testable import PanelTestSupport
import TestProcess
import Testing

extension Devices {
    /// Serialized, so that the counts of running children are each test's own. `reap()`
    /// collects only its own children (another test's `Process`, e.g. zbarimg, is left alone).
    @Suite("Child processes", .serialized)
    struct ChildProcessesTests {
        /// Blocks (in the test only) until `pid` has exited, leaving it for `reap()` to collect.
        func waitUntilExited(_ pid: Int32) {
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && clinux_errno() == EINTR {}
        }

        /// Spawns, waits for the exit, and returns what `reap()` reported for that child.
        func run(_ command: String, environment: [(String, String)] = []) throws -> ChildTermination? {
            let children = ChildProcesses()
            let pid = try children.spawnShell(command: command, environment: environment)
            #expect(pid > 0)
            #expect(children.running == [pid])
            waitUntilExited(pid)
            let reaped = children.reap()
            #expect(children.runningCount == 0)
            return reaped.first { $0.pid == pid }?.termination
        }

        @Test func reapReportsTheExitStatus() throws {
            #expect(try run("exit 3") == .exited(3))
        }

        @Test func theEnvironmentAdditionReachesTheChild() throws {
            #expect(try run(#"test "$TOUCHPANEL_BUTTON" = play"#, environment: [("TOUCHPANEL_BUTTON", "play")]) == .exited(0))
            #expect(try run(#"test "$TOUCHPANEL_BUTTON" = play"#) == .exited(1))
        }

        @Test func theInheritedEnvironmentIsKeptAndOverridesReplace() throws {
            // PATH comes from the test process; HOME is replaced, not duplicated.
            #expect(try run(#"test -n "$PATH" && test "$HOME" = /panel && test "$(env | grep -c '^HOME=')" = 1"#,
                            environment: [("HOME", "/panel")]) == .exited(0))
        }

        @Test func theLastAdditionOfANameWins() throws {
            #expect(try run(#"test "$TOUCHPANEL_EVENT" = tap"#,
                            environment: [("TOUCHPANEL_EVENT", "pressed"), ("TOUCHPANEL_EVENT", "tap")]) == .exited(0))
        }

        @Test func childrenStartWithAnEmptySignalMask() throws {
            // Even with SIGTERM blocked here (as the signal channel does), the child dies of it.
            let channel = try SignalChannel()
            defer { channel.close() }
            #expect(try run("kill -TERM $$; exit 0") == .signaled(SIGTERM))
            _ = channel.readSignals()
        }

        @Test func aChildsOutputGoesToTheLogDescriptorNeverToStdout() throws {
            let log = tmpfile()!
            defer { fclose(log) }
            let children = ChildProcesses(outputDescriptor: FileDescriptor(rawValue: fileno(log)))
            let pid = try children.spawnShell(command: "echo to-stdout; echo to-stderr >&2")
            waitUntilExited(pid)
            _ = children.reap()
            rewind(log)
            var bytes = [UInt8](repeating: 0, count: 256)
            let count = fread(&bytes, 1, bytes.count, log)
            #expect(String(decoding: bytes[0..<count], as: UTF8.self) == "to-stdout\nto-stderr\n")
        }

        @Test func aChildStartsWithStdinStdoutAndStderrOnly() throws {
            try #require([0, 1, 2].map { fcntl($0, F_GETFD) >= 0 } == [true, true, true])
            // Descriptors a careless library would leave to children: none is close-on-exec.
            var leakyPipe: [Int32] = [0, 0]
            try #require(pipe(&leakyPipe) == 0)
            let leakyCopy = dup(0)
            defer {
                close(leakyPipe[0])
                close(leakyPipe[1])
                close(leakyCopy)
            }
            #expect([leakyPipe[0], leakyPipe[1], leakyCopy].map { fcntl($0, F_GETFD) } == [0, 0, 0])
            let output = try #require(tmpfile())  // not close-on-exec either
            defer { fclose(output) }

            let children = ChildProcesses(outputDescriptor: FileDescriptor(rawValue: fileno(output)))
            // The shell expands the glob itself, so the list is the shell's own descriptors: 0,
            // 1 and 2, and 3, the directory it has open while reading it (the lowest free
            // number). Any inherited descriptor would be listed as well.
            let pid = try children.spawnShell(command: "cd /proc/self/fd && echo *")
            waitUntilExited(pid)
            #expect(children.reap() == [ReapedChild(pid: pid, termination: .exited(0))])
            rewind(output)
            var bytes = [UInt8](repeating: 0, count: 256)
            let count = fread(&bytes, 1, bytes.count, output)
            #expect(String(decoding: bytes[0..<count], as: UTF8.self) == "0 1 2 3\n")
        }

        @Test func inheritedTouchPanelVariablesNeverReachAChild() throws {
            setenv("TOUCHPANEL_STATE", "on", 1)
            defer { unsetenv("TOUCHPANEL_STATE") }
            #expect(try run(#"test -z "${TOUCHPANEL_STATE+set}" && test "$TOUCHPANEL_EVENT" = tap"#,
                            environment: [("TOUCHPANEL_EVENT", "tap")]) == .exited(0))
        }

        @Test func aChildGetsTheDefaultSIGPIPEBackWhileThePanelIgnoresIt() throws {
            // The test process ignores SIGPIPE from its load, as the panel does from its start.
            #expect(test_process_signals_set() == 1)
            // The child's ignored-signal mask (/proc/PID/status SigIgn) must not hold SIGPIPE
            // (signal 13: bit 0x1000), or a pipeline in its command would not end on a closed pipe.
            #expect(try run(#"ign=$(sed -n 's/^SigIgn:[[:space:]]*//p' /proc/$$/status); test $((0x$ign & 0x1000)) = 0"#)
                == .exited(0))
        }

        @Test func aChildLeadsAProcessGroupThatOneSignalStopsWhole() throws {
            let children = ChildProcesses()
            let pid = try children.spawnShell(command: "sleep 30 | sleep 31")
            #expect(getpgid(pid) == pid)
            children.signalGroup(of: pid, SIGTERM)
            waitUntilExited(pid)
            #expect(children.reap() == [ReapedChild(pid: pid, termination: .signaled(SIGTERM))])
        }

        @Test func aRealCommandPastItsTimeOutIsStoppedAndLogged() throws {
            let log = RecordingLog()
            let exec = ExecSupervisor(processes: ChildProcesses(), log: log)
            let outcome = exec.launch(command: "sleep 30", environment: [], button: "slow",
                                      limits: ExecLimits(maxRunning: 1, timeout: .milliseconds(1)), now: at(0))
            guard case .started(let pid) = outcome else {
                Issue.record("not started: \(outcome)")
                return
            }
            exec.tick(now: at(1))
            waitUntilExited(pid)
            exec.reapFinished()
            #expect(exec.children.isEmpty)
            #expect(log.lines == [
                #"[button slow] exec "sleep 30": still running after exec_timeout_ms 1; sent SIGTERM"#,
                #"[button slow] exec "sleep 30": stopped after its time-out of 1 ms: killed by SIGTERM (15)"#,
            ])
        }

        @Test func reapWithNothingToCollectReturnsAtOnce() {
            #expect(ChildProcesses().reap().isEmpty)
        }

        @Test func reapCollectsOnlyItsOwnChildren() throws {
            let mine = ChildProcesses(), theirs = ChildProcesses()
            let myChild = try mine.spawnShell(command: "exit 5")
            let theirChild = try theirs.spawnShell(command: "exit 6")
            waitUntilExited(myChild)
            waitUntilExited(theirChild)
            #expect(mine.reap() == [ReapedChild(pid: myChild, termination: .exited(5))])
            #expect(theirs.running == [theirChild])
            #expect(theirs.reap() == [ReapedChild(pid: theirChild, termination: .exited(6))])
        }

        @Test func aChildSomeoneElseReapedCountsAsEndedWithItsStatusUnknown() throws {
            let children = ChildProcesses()
            let pid = try children.spawnShell(command: "exit 7")
            var status: Int32 = 0
            #expect(waitpid(pid, &status, 0) == pid)
            #expect(children.reap() == [ReapedChild(pid: pid, termination: .other(status: -1))])
            #expect(children.running == [])
        }

        @Test func waitStatusDecoding() {
            #expect(ChildTermination(waitStatus: 3 << 8) == .exited(3))
            #expect(ChildTermination(waitStatus: 9) == .signaled(9))
            #expect(ChildTermination(waitStatus: 0x137F) == .other(status: 0x137F))
        }
    }
}
