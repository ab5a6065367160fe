import CLinux
import LinuxSystem
import PanelConfig
import PanelEngine

/// The control socket: a listening Unix socket and its clients, every one non-blocking and
/// polled by the loop with everything else, so that the touch path never waits for a
/// client. One command per line, one JSON line back. A client that sends garbage or a line
/// too long, or that stops reading its replies, is dropped with a log line; the others go on.
public final class ControlServer {
    public let path: String
    private let listener: Int32
    private let log: PanelLog
    private var clients: [Client] = []
    private var nextClientNumber = 1

    public static let maxClients = 16
    public static let maxLineBytes = 1_024
    /// Replies a client has not read yet: beyond this it is not reading at all.
    public static let maxPendingReplyBytes = 65_536

    final class Client {
        let descriptor: Int32
        let number: Int
        var input: [UInt8] = []
        var output: [UInt8] = []
        /// The client closed its side: reply to what it sent, then close.
        var finishing = false

        init(descriptor: Int32, number: Int) {
            self.descriptor = descriptor
            self.number = number
        }
    }

    /// Makes the socket at the config's path with its mode.
    public init(config: ControlConfig, log: PanelLog) throws(StartError) {
        path = config.socketPath
        self.log = log
        let descriptor = config.socketPath.withCString { tp_control_listen($0, UInt32(config.mode)) }
        guard descriptor >= 0 else {
            let error = Errno.current
            let why = error.rawValue == EEXIST ? "something other than a socket is there" : error.message
            throw StartError(.control, "[control] socket \(config.socketPath): \(why)")
        }
        listener = descriptor
    }

    deinit {
        for client in clients { _ = close(client.descriptor) }
        _ = close(listener)
        _ = path.withCString { unlink($0) }
    }

    public var clientCount: Int { clients.count }

    /// What the loop polls for the socket: the listener, and each client for input (and
    /// for output while replies wait).
    public var pollInterests: [PollInterest] {
        var interests = [PollInterest(descriptor: listener, events: .readable)]
        for client in clients {
            var events: PollEvents = client.finishing ? [] : .readable
            if !client.output.isEmpty { events.insert(.writable) }
            interests.append(PollInterest(descriptor: client.descriptor, events: events))
        }
        return interests
    }

    /// After a wait: what each of `pollInterests` showed, in its order. Each complete line
    /// becomes a command for `handle`, whose reply is queued for its client.
    public func service(_ revents: [PollEvents], handle: (ControlCommand) -> String) {
        let polled = clients
        for (offset, client) in polled.enumerated() where offset + 1 < revents.count {
            let events = revents[offset + 1]
            guard !events.isEmpty else { continue }
            if events.contains(.writable) { flush(client) }
            guard clients.contains(where: { $0 === client }) else { continue }
            if events.readableOrClosed { read(client, handle: handle) }
        }
        if let first = revents.first, first.contains(.readable) { acceptWaiting() }
    }

    private func acceptWaiting() {
        while true {
            let descriptor = tp_control_accept(listener)
            guard descriptor >= 0 else { return }
            guard clients.count < ControlServer.maxClients else {
                log.warning("control: a client refused: \(ControlServer.maxClients) already connected")
                _ = close(descriptor)
                continue
            }
            clients.append(Client(descriptor: descriptor, number: nextClientNumber))
            nextClientNumber += 1
        }
    }

    private func read(_ client: Client, handle: (ControlCommand) -> String) {
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = chunk.withUnsafeMutableBytes { tp_control_receive(client.descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                client.input.append(contentsOf: chunk[0..<count])
                guard takeLines(client, handle: handle) else { return }
                continue
            }
            if count == 0 {
                client.finishing = true
                if !client.input.isEmpty, takeLines(client, handle: handle, endOfInput: true) == false { return }
                flush(client)
                return
            }
            let error = Errno.current
            if error == .interrupted { continue }
            if error != .wouldBlock { drop(client, "read failed: \(error.message)") }
            return
        }
    }

    /// Runs the complete lines in the client's input; false when the client was dropped.
    private func takeLines(_ client: Client, handle: (ControlCommand) -> String, endOfInput: Bool = false) -> Bool {
        while true {
            let end = client.input.firstIndex(of: UInt8(ascii: "\n")) ?? (endOfInput && !client.input.isEmpty ? client.input.count : nil)
            guard let end else { break }
            var line = Array(client.input[0..<end])
            client.input.removeFirst(min(end + 1, client.input.count))
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            guard line.count <= ControlServer.maxLineBytes else {
                drop(client, "a line longer than \(ControlServer.maxLineBytes) bytes")
                return false
            }
            if let problem = ControlCommand.garbage(line) {
                drop(client, problem)
                return false
            }
            let reply: String
            switch ControlCommand.parse(String(decoding: line, as: UTF8.self)) {
            case .success(let command): reply = handle(command)
            case .failure(let error): reply = error.reply
            }
            client.output.append(contentsOf: Array(reply.utf8))
            client.output.append(UInt8(ascii: "\n"))
            guard client.output.count <= ControlServer.maxPendingReplyBytes else {
                drop(client, "more than \(ControlServer.maxPendingReplyBytes) bytes of replies unread")
                return false
            }
        }
        if client.input.count > ControlServer.maxLineBytes {
            drop(client, "a line longer than \(ControlServer.maxLineBytes) bytes")
            return false
        }
        flush(client)
        return true
    }

    private func flush(_ client: Client) {
        while !client.output.isEmpty {
            let sent = client.output.withUnsafeBytes { tp_control_send(client.descriptor, $0.baseAddress, $0.count) }
            if sent > 0 {
                client.output.removeFirst(sent)
                continue
            }
            let error = Errno.current
            if error == .interrupted { continue }
            if error != .wouldBlock { drop(client, "write failed: \(error.message)") }
            return
        }
        if client.finishing { disconnect(client) }
    }

    private func drop(_ client: Client, _ why: String) {
        log.warning("control: client \(client.number) dropped: \(why)")
        disconnect(client)
    }

    private func disconnect(_ client: Client) {
        _ = close(client.descriptor)
        clients.removeAll { $0 === client }
    }
}
