import CLinux

/// The exec runner's side of the link (`touchpanel exec-runner`): starts what the panel hands
/// it as its own children, signals them when asked, and says when each ended. It never waits
/// either: the runner's loop polls the link for `pollEvents`, hands what it saw to
/// `linkReady`, and calls `reportEnded` on SIGCHLD.
///
/// No end is lost: an "ended" that finds the link full (the panel busy, not reading) waits in
/// `unsentEnds` and goes when the link is writable again; a command whose end never reached
/// the panel would hold its button's `exec_limit` for good. The wait is bounded: requests are
/// taken only while the runner holds fewer than `maxCommandsHeld` commands (running, or ended
/// and not yet told), and each request adds at most one, so `unsentEnds` never holds more.
/// Past that, requests wait in the socket, whose buffer then stops the panel's sends.
public final class ExecRunnerServer {
    public let descriptor: FileDescriptor
    private let processes: ChildProcesses
    /// Lines for the runner's log (its journal): what it started, what it could not.
    private let report: (String) -> Void
    /// The panel's id of each command running, by pid.
    public private(set) var idsByPid: [Int32: Int32] = [:]
    /// "ended" messages the link had no room for, oldest first.
    public private(set) var unsentEnds: [ExecRunnerMessage] = []
    /// The panel closed its end (it stopped or died): the runner stops its commands and ends.
    public private(set) var panelGone = false
    /// The most commands held at once: far above what a panel's `exec_limit`s let run, yet
    /// a bound on the runner's memory whatever the panel sends.
    public let maxCommandsHeld: Int
    public static let defaultMaxCommandsHeld = 1_024
    private var receiveBuffer = [UInt8](repeating: 0, count: ExecRunnerMessage.maxBytes)

    public init(
        descriptor: FileDescriptor, processes: ChildProcesses, maxCommandsHeld: Int = ExecRunnerServer.defaultMaxCommandsHeld,
        report: @escaping (String) -> Void
    ) {
        self.descriptor = descriptor
        self.processes = processes
        self.maxCommandsHeld = maxCommandsHeld
        self.report = report
    }

    public var runningCount: Int { idsByPid.count }

    /// Commands running, or ended and their end not yet sent.
    public var commandsHeld: Int { idsByPid.count + unsentEnds.count }

    /// What the loop polls the link for: requests while there is room for another command,
    /// room to send while ends wait. poll(2) reports the panel hanging up whatever is asked.
    public var pollEvents: PollEvents {
        var events: PollEvents = []
        if commandsHeld < maxCommandsHeld { events.insert(.readable) }
        if !unsentEnds.isEmpty { events.insert(.writable) }
        return events
    }

    /// After a wait, what poll(2) saw on the link: waiting ends go out, requests are served,
    /// and a hang-up is the panel leaving (when there was no room to read up to its end).
    public func linkReady(_ events: PollEvents) {
        if events.contains(.writable) { sendUnsentEnds() }
        if events.readableOrClosed { serveRequests() }
        if events.contains(.hangUp) || events.contains(.error) { panelGone = true }
    }

    /// Takes the requests waiting on the link while there is room for another command.
    public func serveRequests() {
        while !panelGone, commandsHeld < maxCommandsHeld {
            switch ExecRunnerMessage.receive(on: descriptor, into: &receiveBuffer) {
            case .message(let count, let truncated):
                // A zero-length message is a message (one that is not a request), not the end.
                guard !truncated, let message = ExecRunnerMessage(bytes: receiveBuffer[0..<count]) else {
                    report("a request that is not one (\(count) bytes\(truncated ? ", cut" : "")); ignored")
                    continue
                }
                serve(message)
            case .none:
                return
            case .gone(let error):
                panelGone = true
                if let error { report("the link to the panel failed: \(error.message)") }
            }
        }
    }

    private func serve(_ message: ExecRunnerMessage) {
        switch message {
        case .spawn(let id, let command, let environment):
            var pairs: [(String, String)] = []
            for entry in environment {
                guard let equals = entry.utf8.firstIndex(of: UInt8(ascii: "=")) else { continue }
                pairs.append((String(entry[..<equals]), String(entry[entry.index(after: equals)...])))
            }
            do throws(SpawnError) {
                let pid = try processes.spawnShell(command: command, environment: pairs)
                idsByPid[pid] = id
            } catch {
                report(error.message)
                // What a shell says of a command it cannot run; the panel logs the status.
                send(.ended(id: id, .exited(127)))
            }
        case .signal(let id, let signal):
            guard let pid = idsByPid.first(where: { $0.value == id })?.key else { return }
            // Not reaped yet, so the pid (and its group's id) is still this command's.
            processes.signalGroup(of: pid, signal)
        case .ended:
            report("an \"ended\" from the panel, which only the runner sends; ignored")
        }
    }

    /// Reaps the commands that ended and tells the panel.
    public func reportEnded() {
        for reaped in processes.reap() {
            guard let id = idsByPid.removeValue(forKey: reaped.pid) else { continue }
            send(.ended(id: id, reaped.termination))
        }
    }

    /// `signal` to every command still running (the panel is gone: SIGTERM, then SIGKILL).
    public func signalAll(_ signal: Int32) {
        for pid in idsByPid.keys { processes.signalGroup(of: pid, signal) }
    }

    /// Behind the ends already waiting, so that the panel hears them in the order they came.
    private func send(_ message: ExecRunnerMessage) {
        guard !panelGone else { return }
        unsentEnds.append(message)
        sendUnsentEnds()
    }

    /// Sends the waiting ends, oldest first, until the link is full again (EAGAIN: they wait
    /// for POLLOUT) or all are out. A link that fails otherwise is the panel gone.
    private func sendUnsentEnds() {
        var sentCount = 0
        defer { unsentEnds.removeFirst(sentCount) }
        while !panelGone, sentCount < unsentEnds.count {
            let bytes = unsentEnds[sentCount].bytes
            var error = Errno(EMSGSIZE)
            do throws(Errno) {
                let sent = try Errno.retryingInterrupts {
                    bytes.withUnsafeBytes { tp_runner_send(descriptor.rawValue, $0.baseAddress, $0.count) }
                }
                if sent == bytes.count {
                    sentCount += 1
                    continue
                }
            } catch let failure {
                error = failure
            }
            if error == .wouldBlock { return }
            panelGone = true
            report("could not tell the panel that a command ended: \(error.message)")
        }
    }
}
