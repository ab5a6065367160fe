import CLinux
import LinuxSystem
import PanelConfig
import PanelEngine
import TouchCore

/// The control socket: a listening Unix socket and its clients, every one non-blocking and
/// polled by the loop with everything else, so that the touch path never waits for a
/// client. One command per line, one JSON line back. A client that sends garbage or a line
/// too long, that stops reading its replies, or that says nothing for `idleTimeout`, is
/// dropped with a log line; the others go on.
///
/// Each turn a client gets a bounded share: at most `readBytesPerTurn` read and
/// `commandsPerTurn` commands run; what is left waits for the next turn (`hasPendingCommands`
/// asks the loop to come back at once), after the touch path has had its turn again. So a
/// client that never stops sending costs each turn at most that much, never the whole loop.
public final class ControlServer {
    /// The `[control]` it was made for: a reload to the same keeps it (`ControlHandover`).
    public let config: ControlConfig
    public var path: String { config.socketPath }
    private let listener: FileDescriptor
    private let log: PanelLog
    private var clients: [Client] = []
    private var nextClientNumber = 1
    /// Refused connections since the last refusal logged, and when the next may be logged.
    private var refusedUnlogged = 0
    private var refusalLogAllowedAt: MonotonicInstant?

    public static let maxClients = 16
    public static let maxLineBytes = 1_024
    /// Replies a client has not read yet: beyond this it is not reading at all.
    public static let maxPendingReplyBytes = 65_536
    /// What one client may have read from its socket in one turn of the loop.
    public static let readBytesPerTurn = 4_096
    /// How many of one client's commands run in one turn of the loop.
    public static let commandsPerTurn = 8
    /// A client that sends nothing for this long is dropped: 16 idle clients would
    /// otherwise lock every other one out for good.
    public static let idleTimeout = MonotonicDuration.milliseconds(60_000)
    /// Refused connections are logged at most once in this long, with a count.
    public static let refusalLogInterval = MonotonicDuration.milliseconds(1_000)

    final class Client {
        let descriptor: FileDescriptor
        let number: Int
        var input: [UInt8] = []
        var output: [UInt8] = []
        /// The client closed its side: reply to what it sent, then close.
        var finishing = false
        /// Closed and forgotten: nothing may touch its descriptor again.
        var closed = false
        /// When it last sent something (or connected).
        var heardAt: MonotonicInstant

        init(descriptor: FileDescriptor, number: Int, at instant: MonotonicInstant) {
            self.descriptor = descriptor
            self.number = number
            heardAt = instant
        }
    }

    /// Makes the socket at the config's path with its mode.
    public init(config: ControlConfig, log: PanelLog) throws(StartError) {
        self.config = config
        self.log = log
        guard let descriptor = FileDescriptor(returnedBy: config.socketPath.withCString { tp_control_listen($0, UInt32(config.mode)) }) else {
            let error = Errno.current
            let why = error.rawValue == EEXIST ? "something other than a socket is there" : error.message
            throw StartError(.control, "[control] socket \(config.socketPath): \(why)")
        }
        listener = descriptor
    }

    deinit {
        for client in clients where !client.closed { try? client.descriptor.close() }
        try? listener.close()
        _ = path.withCString { unlink($0) }
    }

    public var clientCount: Int { clients.count }

    /// Complete command lines read but not yet run: the loop should turn again at once.
    /// Bytes read from the clients and not yet run: less than two turns' reads a client.
    public var bufferedInputBytes: Int {
        clients.reduce(0) { $0 + $1.input.count }
    }

    public var hasPendingCommands: Bool {
        clients.contains { !$0.closed && $0.input.contains(UInt8(ascii: "\n")) }
    }

    /// The earliest instant the server has something to do without a descriptor waking it:
    /// a client's idle time-out, or the count of refused connections to log.
    public var nextDeadline: MonotonicInstant? {
        var earliest: MonotonicInstant? = nil
        for client in clients {
            earliest = MonotonicInstant.earliest(earliest, client.heardAt + ControlServer.idleTimeout)
        }
        if refusedUnlogged > 0 { earliest = MonotonicInstant.earliest(earliest, refusalLogAllowedAt) }
        return earliest
    }

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

    /// After a wait, at `now`: what each of `pollInterests` showed, in its order (the same
    /// clients as when they were asked for). Each complete line becomes a command for
    /// `handle`, whose reply is queued for its client; a client with lines left over from the
    /// last turn runs its next share of them even without an event. Then idle clients go.
    public func service(_ revents: [PollEvents], now: MonotonicInstant, handle: (ControlCommand) -> String) {
        let polled = clients
        for (offset, client) in polled.enumerated() {
            let events = offset + 1 < revents.count ? revents[offset + 1] : []
            if events.contains(.writable), !flush(client) { continue }
            if client.closed { continue }
            // A client's unread input stays bounded: while what it sent before still holds a
            // turn's worth, the rest waits in its socket (whose buffer then stops the sender).
            if events.readableOrClosed, client.input.count < ControlServer.readBytesPerTurn {
                guard read(client, now: now) else { continue }
            }
            _ = takeLines(client, handle: handle)
        }
        if let first = revents.first, first.contains(.readable) { acceptWaiting(now: now) }
        expire(now: now)
    }

    /// Drops the clients idle for `idleTimeout`, and logs the refusals counted meanwhile.
    private func expire(now: MonotonicInstant) {
        for client in clients where client.heardAt + ControlServer.idleTimeout <= now {
            drop(client, "idle for \(ControlServer.idleTimeout.nanoseconds / 1_000_000_000) s")
        }
        if refusedUnlogged > 0, let allowedAt = refusalLogAllowedAt, allowedAt <= now {
            logRefusals(now: now)
        }
    }

    private func acceptWaiting(now: MonotonicInstant) {
        // At most as many as could be taken, plus one to find out the queue is not empty:
        // a flood of connections is refused a bounded number at a time.
        for _ in 0...ControlServer.maxClients {
            guard let descriptor = FileDescriptor(returnedBy: tp_control_accept(listener.rawValue)) else { return }
            guard clients.count < ControlServer.maxClients else {
                try? descriptor.close()
                refusedUnlogged += 1
                if refusalLogAllowedAt.map({ $0 <= now }) ?? true { logRefusals(now: now) }
                continue
            }
            clients.append(Client(descriptor: descriptor, number: nextClientNumber, at: now))
            nextClientNumber += 1
        }
    }

    private func logRefusals(now: MonotonicInstant) {
        let count = refusedUnlogged == 1 ? "a client" : "\(refusedUnlogged) clients"
        log.warning("control: \(count) refused: \(ControlServer.maxClients) already connected")
        refusedUnlogged = 0
        refusalLogAllowedAt = now + ControlServer.refusalLogInterval
    }

    /// One receive of at most `readBytesPerTurn`; false when the client was dropped.
    private func read(_ client: Client, now: MonotonicInstant) -> Bool {
        var chunk = [UInt8](repeating: 0, count: ControlServer.readBytesPerTurn)
        let count: Int
        do throws(Errno) {
            count = try Errno.retryingInterrupts {
                chunk.withUnsafeMutableBytes { tp_control_receive(client.descriptor.rawValue, $0.baseAddress, $0.count) }
            }
        } catch {
            if error != .wouldBlock {
                drop(client, "read failed: \(error.message)")
                return false
            }
            return true
        }
        if count > 0 {
            client.input.append(contentsOf: chunk[0..<count])
            client.heardAt = now
        } else {
            client.finishing = true
        }
        return true
    }

    /// Runs up to `commandsPerTurn` complete lines of the client's input; false when the
    /// client was dropped.
    private func takeLines(_ client: Client, handle: (ControlCommand) -> String) -> Bool {
        var run = 0
        // Lines are taken from `start` on, and the input shortened once at the end of the turn.
        var start = 0
        while run < ControlServer.commandsPerTurn {
            let input = client.input
            let endOfInput = client.finishing && start < input.count
            let end = input[start...].firstIndex(of: UInt8(ascii: "\n")) ?? (endOfInput ? input.count : nil)
            guard let end else { break }
            var line = Array(input[start..<end])
            start = min(end + 1, input.count)
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
            run += 1
            client.output.append(contentsOf: Array(reply.utf8))
            client.output.append(UInt8(ascii: "\n"))
            guard client.output.count <= ControlServer.maxPendingReplyBytes else {
                drop(client, "more than \(ControlServer.maxPendingReplyBytes) bytes of replies unread")
                return false
            }
        }
        client.input.removeFirst(start)
        if !client.input.contains(UInt8(ascii: "\n")), client.input.count > ControlServer.maxLineBytes {
            drop(client, "a line longer than \(ControlServer.maxLineBytes) bytes")
            return false
        }
        return flush(client)
    }

    /// Sends what the socket takes; false when the client is gone (dropped, or finished and
    /// closed). A finishing client is closed once its replies are out and its lines run.
    private func flush(_ client: Client) -> Bool {
        while !client.output.isEmpty {
            let sent: Int
            do throws(Errno) {
                sent = try Errno.retryingInterrupts {
                    client.output.withUnsafeBytes { tp_control_send(client.descriptor.rawValue, $0.baseAddress, $0.count) }
                }
            } catch {
                if error != .wouldBlock {
                    drop(client, "write failed: \(error.message)")
                    return false
                }
                return true
            }
            // send(2) on a stream socket takes at least a byte of what it is given.
            guard sent > 0 else { return true }
            client.output.removeFirst(sent)
        }
        if client.finishing && client.input.isEmpty {
            disconnect(client)
            return false
        }
        return true
    }

    private func drop(_ client: Client, _ why: String) {
        guard !client.closed else { return }
        log.warning("control: client \(client.number) dropped: \(why)")
        disconnect(client)
    }

    /// The one place a client's descriptor is closed: once, whatever path gets here first.
    private func disconnect(_ client: Client) {
        guard !client.closed else { return }
        client.closed = true
        try? client.descriptor.close()
        clients.removeAll { $0 === client }
    }
}
