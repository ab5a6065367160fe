import CLinux

/// The exec runner's side of the link (`touchpanel exec-runner`): starts what the panel hands
/// it as its own children, signals them when asked, and says when each ended. It never waits
/// either: the runner's loop calls `serveRequests` when the link is readable and
/// `reportEnded` on SIGCHLD.
public final class ExecRunnerServer {
    public let descriptor: Int32
    private let processes: ChildProcesses
    /// Lines for the runner's log (its journal): what it started, what it could not.
    private let report: (String) -> Void
    /// The panel's id of each command running, by pid.
    public private(set) var idsByPid: [Int32: Int32] = [:]
    /// The panel closed its end (it stopped or died): the runner stops its commands and ends.
    public private(set) var panelGone = false
    private var receiveBuffer = [UInt8](repeating: 0, count: ExecRunnerMessage.maxBytes)

    public init(descriptor: Int32, processes: ChildProcesses, report: @escaping (String) -> Void) {
        self.descriptor = descriptor
        self.processes = processes
        self.report = report
    }

    public var runningCount: Int { idsByPid.count }

    /// Takes every request waiting on the link.
    public func serveRequests() {
        while !panelGone {
            var truncated: Int32 = 0
            let count = receiveBuffer.withUnsafeMutableBytes {
                tp_runner_receive(descriptor, $0.baseAddress, $0.count, &truncated)
            }
            let error = count < 0 ? Errno.current : nil
            if count > 0 {
                guard truncated == 0, let message = ExecRunnerMessage(bytes: receiveBuffer[0..<count]) else {
                    report("a request that is not one (\(count) bytes\(truncated != 0 ? ", cut" : "")); ignored")
                    continue
                }
                serve(message)
            } else if error == .interrupted {
                continue
            } else if error == .wouldBlock {
                return
            } else {
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

    private func send(_ message: ExecRunnerMessage) {
        guard !panelGone else { return }
        let bytes = message.bytes
        let sent = bytes.withUnsafeBytes { tp_runner_send(descriptor, $0.baseAddress, $0.count) }
        if sent != bytes.count {
            report("could not tell the panel that a command ended: \(sent < 0 ? Errno.current.message : "cut short")")
        }
    }
}
