import CLinux
import Foundation
import LinuxSystem
@testable import PanelTestSupport
import Testing

/// The link between the panel and the exec runner (`[exec] groups = none`): the messages to
/// the byte, then a link and a runner joined by a seqpacket pair with real children. In the
/// child processes' suite, which is serialized: the waits in these tests block on their own children.
extension Devices.ChildProcessesTests {
    @Test func runnerMessagesAreTheirFieldsBetweenNULs() {
        let spawn = ExecRunnerMessage.spawn(id: 1_073_741_824, command: "mpc toggle", environment: ["TOUCHPANEL_BUTTON=play", "A=b=c"])
        #expect(spawn.bytes == Array("spawn\u{0}1073741824\u{0}mpc toggle\u{0}TOUCHPANEL_BUTTON=play\u{0}A=b=c".utf8))
        #expect(ExecRunnerMessage.signal(id: 7, signal: 15).bytes == Array("signal\u{0}7\u{0}15".utf8))
        #expect(ExecRunnerMessage.ended(id: 7, .exited(3)).bytes == Array("ended\u{0}7\u{0}exited\u{0}3".utf8))
        #expect(ExecRunnerMessage.ended(id: 7, .signaled(9)).bytes == Array("ended\u{0}7\u{0}signaled\u{0}9".utf8))
        for message in [spawn, .spawn(id: 1, command: "", environment: []), .signal(id: 7, signal: 15),
                        .ended(id: 7, .exited(3)), .ended(id: 7, .signaled(9)), .ended(id: 7, .other(status: 4991))] {
            #expect(ExecRunnerMessage(bytes: message.bytes[...]) == message)
        }
    }

    @Test func runnerBytesThatAreNoMessageAreRefused() {
        for text in ["", "spawn", "spawn\u{0}x\u{0}ls", "spawn\u{0}1\u{0}ls\u{0}NOEQUALS", "signal\u{0}1", "signal\u{0}1\u{0}TERM",
                     "ended\u{0}1\u{0}exploded\u{0}3", "ended\u{0}1\u{0}exited", "launch\u{0}1\u{0}ls"] {
            #expect(ExecRunnerMessage(bytes: Array(text.utf8)[...]) == nil, "\(text.debugDescription)")
        }
        #expect(ExecRunnerMessage(bytes: [0x73, 0x70, 0x61, 0x77, 0x6E, 0, 0x31, 0, 0xFF][...]) == nil)
    }

    /// A link and a runner on the two ends of a seqpacket pair.
    func linkedRunner() throws -> (link: ExecRunnerLink, server: ExecRunnerServer, runnerEnd: Int32, reports: ExecRunnerReports) {
        var ends: [Int32] = [-1, -1]
        try #require(tp_runner_pair(&ends) == 0)
        let reports = ExecRunnerReports()
        let server = ExecRunnerServer(descriptor: FileDescriptor(rawValue: ends[1]), processes: ChildProcesses()) { reports.lines.append($0) }
        return (ExecRunnerLink(descriptor: FileDescriptor(rawValue: ends[0]), socketPath: "/run/test-exec.sock"), server, ends[1], reports)
    }

    @Test func aCommandHandedToTheRunnerRunsThereWithItsVariablesAndItsEndComesBack() throws {
        let (link, server, runnerEnd, reports) = try linkedRunner()
        defer { close(runnerEnd) }
        let id = try link.spawnShell(command: #"test "$TOUCHPANEL_BUTTON" = play && exit 3"#, environment: [("TOUCHPANEL_BUTTON", "play")])
        #expect(id == ExecRunnerLink.firstID)
        #expect(link.running == [id])
        #expect(link.reap() == [])
        server.serveRequests()
        let pid = try #require(server.idsByPid.first { $0.value == id }?.key)
        #expect(pid != id)
        waitUntilExited(pid)
        server.reportEnded()
        #expect(server.runningCount == 0)
        #expect(link.reap() == [ReapedChild(pid: id, termination: .exited(3))])
        #expect(link.running == [])
        #expect(reports.lines == [])
        #expect(link.takeProblems() == [])
    }

    @Test func aSignalForACommandReachesItsProcessGroupInTheRunner() throws {
        let (link, server, runnerEnd, _) = try linkedRunner()
        defer { close(runnerEnd) }
        let first = try link.spawnShell(command: "exit 0", environment: [])
        let second = try link.spawnShell(command: "sleep 30; exit 0", environment: [])
        #expect(second == first + 1)
        server.serveRequests()
        link.signalGroup(of: second, SIGTERM)
        server.serveRequests()
        for pid in server.idsByPid.keys { waitUntilExited(pid) }
        server.reportEnded()
        #expect(Set(link.reap()) == [ReapedChild(pid: first, termination: .exited(0)), ReapedChild(pid: second, termination: .signaled(SIGTERM))])
    }

    @Test func aRunnerThatGoesAwayEndsItsCommandsAndTheNextCommandSaysWhy() throws {
        let (link, server, runnerEnd, _) = try linkedRunner()
        let id = try link.spawnShell(command: "sleep 30", environment: [])
        server.serveRequests()
        server.signalAll(SIGKILL)
        for pid in server.idsByPid.keys { waitUntilExited(pid) }
        close(runnerEnd)
        #expect(link.reap() == [ReapedChild(pid: id, termination: .signaled(SIGKILL))])
        #expect(link.takeProblems() == ["the exec runner at /run/test-exec.sock went away (closed the connection); its 1 command(s) counted as ended"])
        #expect(!link.isConnected)
        // The next command connects again; nothing listens at the test's path.
        #expect(throws: SpawnError(command: "ls", errno: Errno(ENOENT), runner: "/run/test-exec.sock")) {
            try link.spawnShell(command: "ls", environment: [])
        }
        #expect(SpawnError(command: "ls", errno: Errno(ENOENT), runner: "/run/test-exec.sock").message
            == "cannot hand \"ls\" to the exec runner at /run/test-exec.sock: ENOENT (No such file or directory)")
        server.reportEnded()
    }

    @Test func aPanelThatGoesAwayIsSeenByItsRunner() throws {
        let (link, server, runnerEnd, reports) = try linkedRunner()
        defer { close(runnerEnd) }
        server.serveRequests()
        #expect(!server.panelGone)
        link.disconnect()
        server.serveRequests()
        #expect(server.panelGone)
        #expect(reports.lines == [])
    }

    @Test func commandsRouteToWhereTheyStartedAcrossASwitch() throws {
        var ends: [Int32] = [-1, -1]
        try #require(tp_runner_pair(&ends) == 0)
        defer { close(ends[1]) }
        let processes = ExecProcesses()
        let local = try processes.spawnShell(command: "exit 4", environment: [])
        #expect(local > 0 && local < ExecRunnerLink.firstID)
        // A runner that is not there: the setting stays local.
        #expect(throws: Errno(ENOENT)) { try processes.startThroughRunner(at: "/nonexistent/exec.sock") }
        #expect(!processes.throughRunner)
        waitUntilExited(local)
        #expect(processes.reap() == [ReapedChild(pid: local, termination: .exited(4))])
    }
}

/// What an exec runner under test reported, in order.
final class ExecRunnerReports {
    var lines: [String] = []
}
