import CLinux
import Foundation
import LinuxSystem
@testable import PanelTestSupport
import Testing

/// Issue 43, finding 6: the runner never loses an end. A link too full for an "ended" keeps
/// it until the link is writable again; a zero-length message is a message, and only the
/// link's end is the panel leaving. In the child processes' suite, which is serialized.
extension Devices.ChildProcessesTests {
    @Test func aZeroLengthRequestIsRefusedAndThePanelStaysConnected() throws {
        let (link, server, runnerEnd, reports) = try linkedRunner()
        defer { close(runnerEnd) }
        #expect(tp_runner_send(try #require(link.descriptor).rawValue, nil, 0) == 0)
        let id = try link.spawnShell(command: "exit 5", environment: [])
        server.serveRequests()
        #expect(!server.panelGone)
        #expect(reports.lines == ["a request that is not one (0 bytes); ignored"])
        let pid = try #require(server.idsByPid.first { $0.value == id }?.key)
        waitUntilExited(pid)
        server.reportEnded()
        #expect(link.reap() == [ReapedChild(pid: id, termination: .exited(5))])
        #expect(link.takeProblems() == [])
    }

    @Test func endsThatFindTheLinkFullWaitForItToBeWritable() throws {
        let (link, server, runnerEnd, reports) = try linkedRunner()
        defer { close(runnerEnd) }
        // The smallest send buffer the kernel allows: a few "ended" messages fill it.
        var bytes: Int32 = 1
        try #require(setsockopt(runnerEnd, SOL_SOCKET, SO_SNDBUF, &bytes, socklen_t(MemoryLayout<Int32>.size)) == 0)
        var expected: [ReapedChild] = []
        for status in 0..<40 {
            let id = try link.spawnShell(command: "exit \(status)", environment: [])
            expected.append(ReapedChild(pid: id, termination: .exited(Int32(status))))
        }
        server.serveRequests()
        #expect(server.runningCount == 40)
        for pid in server.idsByPid.keys { waitUntilExited(pid) }
        server.reportEnded()
        #expect(reports.lines == [])
        #expect(server.runningCount == 0)
        // 78e0ba1 sent 6 and lost 34 ("could not tell the panel that a command ended: EAGAIN").
        let waiting = server.unsentEnds.count
        #expect(waiting > 0)
        #expect(server.commandsHeld == waiting)
        #expect(server.pollEvents == [.readable, .writable])
        var reaped = link.reap()
        #expect(reaped.count == 40 - waiting)
        // The loop's turns: the panel reads, the runner's link is writable, the next ends go.
        for _ in 0..<40 where !server.unsentEnds.isEmpty {
            server.linkReady(.writable)
            reaped += link.reap()
        }
        // Each in the order its command was reaped; all 40, each once.
        #expect(Set(reaped) == Set(expected))
        #expect(reaped.count == 40)
        #expect(server.pollEvents == .readable)
        #expect(!server.panelGone)
        #expect(reports.lines == [])
        #expect(link.takeProblems() == [])
    }

    @Test func aRunnerHoldingItsMostCommandsTakesNoMoreRequestsUntilAnEndIsSent() throws {
        var ends: [Int32] = [-1, -1]
        try #require(tp_runner_pair(&ends) == 0)
        defer { close(ends[1]) }
        let reports = ExecRunnerReports()
        let server = ExecRunnerServer(descriptor: FileDescriptor(rawValue: ends[1]), processes: ChildProcesses(), maxCommandsHeld: 2) { reports.lines.append($0) }
        let link = ExecRunnerLink(descriptor: FileDescriptor(rawValue: ends[0]), socketPath: "/run/test-exec.sock")
        let first = try link.spawnShell(command: "exit 1", environment: [])
        let second = try link.spawnShell(command: "exit 2", environment: [])
        let third = try link.spawnShell(command: "exit 3", environment: [])
        server.serveRequests()
        #expect(Set(server.idsByPid.values) == [first, second])
        #expect(server.pollEvents == [])
        for pid in server.idsByPid.keys { waitUntilExited(pid) }
        server.reportEnded()
        #expect(server.commandsHeld == 0)
        #expect(server.pollEvents == .readable)
        server.linkReady(.readable)
        #expect(Array(server.idsByPid.values) == [third])
        #expect(Set(link.reap()) == [ReapedChild(pid: first, termination: .exited(1)), ReapedChild(pid: second, termination: .exited(2))])
        for pid in server.idsByPid.keys { waitUntilExited(pid) }
        server.reportEnded()
        #expect(link.reap() == [ReapedChild(pid: third, termination: .exited(3))])
        #expect(reports.lines == [])
    }

    @Test func aPanelThatHangsUpWhileTheRunnerIsFullIsSeenGone() throws {
        var ends: [Int32] = [-1, -1]
        try #require(tp_runner_pair(&ends) == 0)
        defer { close(ends[1]) }
        let server = ExecRunnerServer(descriptor: FileDescriptor(rawValue: ends[1]), processes: ChildProcesses(), maxCommandsHeld: 1) { _ in }
        let link = ExecRunnerLink(descriptor: FileDescriptor(rawValue: ends[0]), socketPath: "/run/test-exec.sock")
        _ = try link.spawnShell(command: "sleep 30", environment: [])
        server.serveRequests()
        #expect(server.pollEvents == [])
        link.disconnect()
        var state = pollfd(fd: ends[1], events: server.pollEvents.rawValue, revents: 0)
        #expect(poll(&state, 1, 0) == 1)
        server.linkReady(PollEvents(rawValue: state.revents))
        #expect(server.panelGone)
        server.signalAll(SIGKILL)
        for pid in server.idsByPid.keys { waitUntilExited(pid) }
        server.reportEnded()
    }

    @Test func aZeroLengthEndIsRefusedAndTheRunnerStaysConnected() throws {
        let (link, _, runnerEnd, _) = try linkedRunner()
        defer { close(runnerEnd) }
        #expect(tp_runner_send(runnerEnd, nil, 0) == 0)
        #expect(link.reap() == [])
        #expect(link.isConnected)
        #expect(link.takeProblems() == ["the exec runner at /run/test-exec.sock sent what is not an end of a command it runs; ignored"])
    }
}
