import CLinux
import Foundation
import LinuxSystem
import PanelConfig
import PanelDrivers
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

/// A real Unix socket in a temporary directory, served by polling it as the loop does.
private final class ServedSocket: @unchecked Sendable {
    let directory: String
    let server: ControlServer
    let log = RecordingLog()
    var commands: [ControlCommand] = []
    /// The instant each turn is served at: tests move it to reach time-outs.
    var now = at(0)

    init(mode: Int = 0o660) throws {
        directory = NSTemporaryDirectory() + "touchpanel-control-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        server = try ControlServer(config: ControlConfig(socketPath: directory + "/control.sock", mode: mode), log: log)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// One turn of the loop: a wait of at most `ms` on the socket's descriptors, then
    /// whatever they have, as `ControlTurn` serves it at `now`.
    func turn(ms: Int64 = 50) {
        let timeoutNs = server.hasPendingCommands ? 0 : ms * 1_000_000
        let events = Poller.wait(server.pollInterests, timeoutNs: timeoutNs)
        let due = server.nextDeadline.map { $0 <= now } ?? false
        guard events.contains(where: { !$0.isEmpty }) || due || server.hasPendingCommands else { return }
        server.service(events, now: now) { command in
            self.commands.append(command)
            return command == .state ? #"{"ok":true,"state":1}"# : #"{"ok":true}"#
        }
    }
}

private final class Peer {
    let descriptor: Int32

    init(_ path: String) throws {
        descriptor = path.withCString { tp_control_connect($0) }
        try #require(descriptor >= 0)
    }

    deinit { close(descriptor) }

    func send(_ text: String) {
        _ = Array(text.utf8).withUnsafeBytes { tp_control_send(descriptor, $0.baseAddress, $0.count) }
    }

    func send(bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { tp_control_send(descriptor, $0.baseAddress, $0.count) }
    }

    func shutdownWriting() { shutdown(descriptor, Int32(SHUT_WR)) }

    /// What has arrived, without waiting; "<closed>" appended once the panel hung up.
    func received() -> String {
        var text = ""
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { tp_control_receive(descriptor, $0.baseAddress, $0.count) }
            if count > 0 { text += String(decoding: chunk[0..<count], as: UTF8.self); continue }
            if count == 0 { text += "<closed>" }
            return text
        }
    }
}

@Suite("Control socket: lines in, JSON out, misbehaving clients dropped")
struct ControlServerTests {
    @Test func theSocketHasItsModeAndLinesAreAnsweredInOrder() throws {
        let served = try ServedSocket(mode: 0o660)
        var info = stat()
        #expect(stat(served.server.path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o660)
        let peer = try Peer(served.server.path)
        served.turn()
        peer.send("state\nwake\r\nlatch")
        served.turn()
        peer.send(" heat on\n")
        served.turn()
        #expect(served.commands == [.state, .wake, .latch(button: "heat", on: true)])
        #expect(peer.received() == "{\"ok\":true,\"state\":1}\n{\"ok\":true}\n{\"ok\":true}\n")
    }

    @Test func aClientThatClosesItsSideGetsItsRepliesThenTheEnd() throws {
        let served = try ServedSocket()
        let peer = try Peer(served.server.path)
        served.turn()
        peer.send("blank\nstate")
        peer.shutdownWriting()
        served.turn()
        served.turn()
        #expect(served.commands == [.blank, .state])
        #expect(peer.received() == "{\"ok\":true}\n{\"ok\":true,\"state\":1}\n<closed>")
        #expect(served.server.clientCount == 0)
    }

    @Test func aBadCommandIsAnsweredAndTheClientStays() throws {
        let served = try ServedSocket()
        let peer = try Peer(served.server.path)
        served.turn()
        peer.send("frob\nstate\n")
        served.turn()
        #expect(peer.received().hasPrefix("{\"ok\":false,\"error\":\"unknown command \\\"frob\\\";"))
        #expect(served.commands == [.state])
        #expect(served.server.clientCount == 1)
    }

    @Test func garbageOrAnEndlessLineDropsThatClientAlone() throws {
        let served = try ServedSocket()
        let good = try Peer(served.server.path)
        let binary = try Peer(served.server.path)
        let endless = try Peer(served.server.path)
        let latin1 = try Peer(served.server.path)
        served.turn()
        binary.send(bytes: [0x73, 0x74, 0x00, 0x0A])
        endless.send(String(repeating: "x", count: 1_100))
        latin1.send(bytes: [0x6C, 0x61, 0x62, 0x65, 0x6C, 0x20, 0x61, 0x20, 0xE9, 0x0A])
        served.turn()
        good.send("state\n")
        served.turn()
        #expect(binary.received() == "<closed>")
        #expect(endless.received() == "<closed>")
        #expect(latin1.received() == "<closed>")
        #expect(good.received() == "{\"ok\":true,\"state\":1}\n")
        #expect(served.log.lines == [
            "control: client 2 dropped: garbage (byte 0x00)",
            "control: client 3 dropped: a line longer than 1024 bytes",
            "control: client 4 dropped: garbage (not UTF-8)",
        ])
    }

    @Test func aClientThatNeverReadsIsDropped() throws {
        let served = try ServedSocket()
        let peer = try Peer(served.server.path)
        served.turn()
        // Each "state" is answered with 22 bytes; the socket buffers take some, then the
        // replies pile up past 64 KiB.
        let burst = String(repeating: "state\n", count: 170)
        var turns = 0
        while served.server.clientCount == 1 && turns < 2_000 {
            peer.send(burst)
            served.turn(ms: 0)
            turns += 1
        }
        #expect(served.server.clientCount == 0)
        #expect(served.log.lines == ["control: client 1 dropped: more than 65536 bytes of replies unread"])
    }

    /// Issue 23: a client that keeps sending gets a bounded share of each turn; another
    /// client's command is answered in the first turn all the same.
    @Test func aFloodingClientRunsAtMostItsShareEachTurn() throws {
        let served = try ServedSocket()
        let flood = try Peer(served.server.path)
        let other = try Peer(served.server.path)
        served.turn()
        flood.send(String(repeating: "wake\n", count: 200))
        other.send("state\n")
        served.turn()
        // One receive of at most 4096 bytes (200 lines of 5 bytes fit), eight of its commands.
        #expect(served.commands == Array(repeating: .wake, count: 8) + [.state])
        #expect(served.server.hasPendingCommands)
        #expect(other.received() == "{\"ok\":true,\"state\":1}\n")
        var turns = 1
        while served.server.hasPendingCommands && turns < 100 {
            served.turn(ms: 0)
            turns += 1
        }
        #expect(turns == 25)
        #expect(served.commands.count == 201)
        #expect(served.server.clientCount == 2)
    }

    @Test func aFloodingClientsUnreadLinesWaitInItsSocketNotInThePanel() throws {
        let served = try ServedSocket()
        let flood = try Peer(served.server.path)
        served.turn()
        // 40,000 bytes at once: 8,000 commands, more than the panel may hold for one client.
        flood.send(String(repeating: "wake\n", count: 8_000))
        var most = 0
        var turns = 0
        var replies = 0
        while turns < 2_000 && served.commands.count < 8_000 {
            served.turn(ms: 0)
            most = max(most, served.server.bufferedInputBytes)
            turns += 1
            replies += flood.received().count { $0 == "\n" }
        }
        #expect(most < 2 * ControlServer.readBytesPerTurn)
        #expect(served.commands.count == 8_000)
        #expect(replies == 8_000)
        #expect(turns == 1_000)
        #expect(served.server.bufferedInputBytes == 0)
        #expect(served.server.clientCount == 1)
    }

    @Test func aClientSilentForSixtySecondsIsDropped() throws {
        let served = try ServedSocket()
        let quiet = try Peer(served.server.path)
        served.turn()
        #expect(served.server.nextDeadline == at(60_000))
        served.now = at(30_000)
        quiet.send("state\n")
        served.turn()
        #expect(served.server.nextDeadline == at(90_000))
        served.now = at(89_999)
        served.turn(ms: 0)
        #expect(served.server.clientCount == 1)
        served.now = at(90_000)
        served.turn(ms: 0)
        #expect(served.server.clientCount == 0)
        #expect(quiet.received() == "{\"ok\":true,\"state\":1}\n<closed>")
        #expect(served.log.lines == ["control: client 1 dropped: idle for 60 s"])
    }

    @Test func refusedConnectionsAreLoggedAtMostOnceASecondWithTheirCount() throws {
        let served = try ServedSocket()
        var peers: [Peer] = []
        // The listen queue holds 8: connect 8 at a time, and let the server take them.
        for _ in 0..<2 {
            for _ in 0..<8 { peers.append(try Peer(served.server.path)) }
            served.turn()
        }
        #expect(served.server.clientCount == 16)
        // Then 40 more, refused as they come.
        for _ in 0..<5 {
            for _ in 0..<8 { peers.append(try Peer(served.server.path)) }
            served.turn(ms: 0)
        }
        #expect(served.log.lines == ["control: a client refused: 16 already connected"])
        #expect(served.server.nextDeadline == at(1_000))
        served.now = at(1_000)
        served.turn(ms: 0)
        #expect(served.log.lines == [
            "control: a client refused: 16 already connected",
            "control: 39 clients refused: 16 already connected",
        ])
        #expect(served.server.clientCount == 16)
    }

    @Test func aClientGoneBeforeItsReplyIsDroppedAndClosedOnce() throws {
        let served = try ServedSocket()
        var gone: Peer? = try Peer(served.server.path)
        served.turn()
        gone?.send("state\nstate\n")
        gone = nil
        served.turn()
        served.turn(ms: 0)
        let dropped = served.log.lines.filter { $0.hasPrefix("control: client 1 dropped") }
        #expect(dropped == ["control: client 1 dropped: write failed: errno 32 (Broken pipe)"])
        #expect(served.server.clientCount == 0)
        // The descriptor number is free again; a new client gets it and is served.
        let next = try Peer(served.server.path)
        served.turn()
        next.send("state\n")
        served.turn()
        #expect(next.received() == "{\"ok\":true,\"state\":1}\n")
        #expect(served.server.clientCount == 1)
    }

    @Test func somethingElseAtThePathIsNotReplaced() throws {
        let directory = NSTemporaryDirectory() + "touchpanel-control-file-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "keep me".write(toFile: directory + "/control.sock", atomically: false, encoding: .utf8)
        do {
            _ = try ControlServer(config: ControlConfig(socketPath: directory + "/control.sock"), log: RecordingLog())
            Issue.record("a regular file was replaced by the socket")
        } catch {
            #expect(error.message == "[control] socket \(directory)/control.sock: something other than a socket is there")
        }
        #expect(try String(contentsOfFile: directory + "/control.sock", encoding: .utf8) == "keep me")
    }

    @Test func theClientCommandRoundTrips() throws {
        let served = try ServedSocket()
        let path = served.server.path
        // The server turns until the client has its answer, however late either thread runs
        // on a loaded machine (a fixed number of turns once ran out first).
        let handshake = ServingHandshake()
        let thread = Thread {
            while !handshake.clientIsDone { served.turn(ms: 25) }
            handshake.serverStopped()
        }
        thread.start()
        #expect(ControlClient.send("state", to: path) == .success(#"{"ok":true,"state":1}"#))
        handshake.clientFinished()
        #expect(ControlClient.send("state", to: served.directory + "/none.sock")
            == .failure(ControlError("cannot connect to \(served.directory)/none.sock: ENOENT (No such file or directory); is the panel running with [control]?")))
        handshake.waitForServer()
    }
}

/// Between a test and the thread that serves its socket: the client is done, the server
/// thread has stopped.
private final class ServingHandshake: @unchecked Sendable {
    private let condition = NSCondition()
    private var clientDone = false
    private var serverDone = false

    var clientIsDone: Bool { condition.withLock { clientDone } }

    func clientFinished() { condition.withLock { clientDone = true } }

    func serverStopped() {
        condition.withLock {
            serverDone = true
            condition.broadcast()
        }
    }

    func waitForServer() {
        condition.withLock { while !serverDone { condition.wait() } }
    }
}

/// `ctl` at a socket it may not use is told so, and which group to join (issue 28).
@Suite("ctl's connect failures")
struct ControlConnectFailureTests {
    @Test func aPermissionErrorSaysWhoMayConnect() {
        #expect(ControlClient.connectFailure(path: "/run/touchpanel/control.sock", error: Errno(EACCES), group: "touchpanel")
            == "cannot connect to /run/touchpanel/control.sock: EACCES (Permission denied): this user is not allowed to use the "
            + "panel's control socket; join the touchpanel group (sudo usermod -aG touchpanel $USER, then log in again)")
        #expect(ControlClient.connectFailure(path: "/run/p.sock", error: Errno(EACCES), group: nil)
            == "cannot connect to /run/p.sock: EACCES (Permission denied): this user is not allowed to use the "
            + "panel's control socket; join the group that owns it (sudo usermod -aG GROUP $USER, then log in again)")
    }

    @Test func aMissingSocketStillAsksWhetherThePanelRuns() {
        #expect(ControlClient.connectFailure(path: "/run/p.sock", error: Errno(ENOENT), group: nil)
            == "cannot connect to /run/p.sock: ENOENT (No such file or directory); is the panel running with [control]?")
    }

    @Test func theOwningGroupIsRead() throws {
        let path = NSTemporaryDirectory() + "ctl-group-\(getpid())"
        FileManager.default.createFile(atPath: path, contents: Data())
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(ControlClient.owningGroup(of: path) == "root")
    }
}
