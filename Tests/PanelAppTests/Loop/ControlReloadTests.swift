import CLinux
import Foundation
import LinuxSystem
@testable import PanelApp
import PanelConfig
import PanelDrivers
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

/// Issue 43, finding 9: a reload whose `[control]` is unchanged keeps the control socket, so
/// a client that connects between the old session and the new one is taken, and clients
/// connected before go on; a changed `[control]` makes it anew. The reload here is the loops'
/// own: `ControlHandover.kept` while the old session runs, the old session let go, the new one
/// started with what was carried.
@Suite("Reload: the control socket")
struct ControlReloadTests {
    static let origin = MonotonicInstant(nanoseconds: 0)

    func config(socket: String, mode: String = "0660", label: String) throws -> PanelConfiguration {
        try PanelConfigLoader.parse(text: """
            [display]
            width = 320
            height = 240

            [control]
            socket = \(socket)
            mode = \(mode)

            [button go]
            rect = 40, 40, 120, 80
            label = \(label)
            """, file: "panel.ini")
    }

    func session(_ config: PanelConfiguration, carried: LiveSession.Carried = LiveSession.Carried()) throws -> SimulatedSession {
        let log = RecordingLog()
        return try SimulatedSession(
            config: config, options: SimulationOptions(), origin: ControlReloadTests.origin,
            exec: ExecSupervisor(processes: ChildProcesses(), log: log), log: log, debug: [], frames: FrameCounter(), carried: carried)
    }

    /// One turn of the control socket without waiting: new clients, their lines, the replies.
    func serve(_ server: ControlServer) {
        var descriptors = server.pollInterests.map { pollfd(fd: $0.descriptor.rawValue, events: $0.events.rawValue, revents: 0) }
        _ = poll(&descriptors, nfds_t(descriptors.count), 0)
        server.service(descriptors.map { PollEvents(rawValue: $0.revents) }, now: ControlReloadTests.origin) { _ in #"{"ok":true}"# }
    }

    /// What the client has been sent, without waiting; nil at the end of the connection.
    func received(_ client: Int32) -> String? {
        var bytes = [UInt8](repeating: 0, count: 256)
        let count = recv(client, &bytes, bytes.count, Int32(MSG_DONTWAIT))
        if count == 0 { return nil }
        return String(decoding: bytes.prefix(max(count, 0)), as: UTF8.self)
    }

    func send(_ client: Int32, _ line: String) {
        #expect(line.withCString { Foundation.send(client, $0, strlen($0), Int32(MSG_NOSIGNAL)) } == line.utf8.count)
    }

    func socketPath(_ name: String) -> String {
        let path = "/tmp/touchpanel-control-reload-\(getpid())-\(name).sock"
        unlink(path)
        return path
    }

    @Test func anUnchangedControlSectionKeepsTheSocketAndItsClientsAcrossAReload() throws {
        let path = socketPath("same")
        let next = try config(socket: path, label: "Again")
        var first: SimulatedSession? = try session(try config(socket: path, label: "Go"))
        // Weak: the test must not keep the old session's socket alive itself.
        weak var kept = first?.control
        let before = tp_control_connect(path)
        try #require(before >= 0)
        defer { close(before) }
        serve(try #require(kept))
        #expect(kept?.clientCount == 1)

        var carried = LiveSession.Carried()
        carried.control = ControlHandover.kept(first?.control, for: next)
        first = nil
        // Between the sessions: 78e0ba1 had removed the path here (ENOENT).
        let between = tp_control_connect(path)
        #expect(between >= 0, "connect: \(Errno.current.message)")
        defer { if between >= 0 { close(between) } }
        let second = try session(next, carried: carried)

        let server = try #require(second.control)
        #expect(server === kept)
        send(before, "state\n")
        send(between, "state\n")
        serve(server)
        serve(server)
        #expect(server.clientCount == 2)
        #expect(received(before) == "{\"ok\":true}\n")
        #expect(received(between) == "{\"ok\":true}\n")
    }

    @Test func aChangedControlSectionMakesTheSocketAnew() throws {
        let path = socketPath("changed")
        let next = try config(socket: path, mode: "0600", label: "Go")
        var first: SimulatedSession? = try session(try config(socket: path, label: "Go"))
        weak var old = first?.control
        let before = tp_control_connect(path)
        try #require(before >= 0)
        defer { close(before) }
        serve(try #require(old))

        var carried = LiveSession.Carried()
        carried.control = ControlHandover.kept(first?.control, for: next)
        #expect(carried.control == nil)
        first = nil
        #expect(old == nil)
        let second = try session(next, carried: carried)

        let made = try #require(second.control)
        #expect(made.config.mode == 0o600)
        var status = stat()
        #expect(stat(path, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o600)
        // The old socket's clients went with it.
        #expect(received(before) == nil)
        let after = tp_control_connect(path)
        #expect(after >= 0)
        if after >= 0 { close(after) }
    }
}
