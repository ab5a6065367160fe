import CLinux

/// `exec` commands handed to the exec runner (`touchpanel exec-runner`, started by systemd's
/// touchpanel-exec.socket as a user without the panel's device groups) instead of started
/// here: the panel cannot drop its supplementary groups for a child (setgroups needs
/// CAP_SETGID, which the unit does not have), so a process that never had them starts them.
/// It never waits: requests go out with a non-blocking send, and what ended comes back on
/// `pollDescriptor`, which the loop watches and then calls `reap()`.
///
/// Commands are named by ids from `firstID` up, above any pid Linux hands out (at most
/// 2^22), so that a supervisor holding local children and these at once never mixes them.
public final class ExecRunnerLink: ChildProcessControl {
    public static let firstID: Int32 = 1 << 30

    public let socketPath: String
    /// nil while not connected.
    public private(set) var descriptor: FileDescriptor?
    /// Ids handed over and not yet reported ended.
    public private(set) var running: [Int32] = []
    /// The id the next command gets.
    public private(set) var nextID: Int32
    private var receiveBuffer = [UInt8](repeating: 0, count: ExecRunnerMessage.maxBytes)
    /// What the runner said that was not a message, for the log; taken by `takeProblems`.
    private var problems: [String] = []

    /// `firstID`: where this link's ids start (a link that follows another goes on from its
    /// `nextID`, so no two commands share an id).
    public init(socketPath: String, firstID: Int32 = ExecRunnerLink.firstID) {
        self.socketPath = socketPath
        nextID = firstID
    }

    /// An already connected seqpacket descriptor (tests); the link owns it.
    public init(descriptor: FileDescriptor, socketPath: String) {
        self.socketPath = socketPath
        self.descriptor = descriptor
        nextID = ExecRunnerLink.firstID
    }

    deinit { disconnect() }

    public var isConnected: Bool { descriptor != nil }

    /// Connects when not connected; the error is connect(2)'s (ENOENT: no socket there, the
    /// socket unit is not running; EACCES: not the panel's user; ECONNREFUSED: nothing listens).
    public func connect() throws(Errno) {
        guard descriptor == nil else { return }
        guard let connected = FileDescriptor(returnedBy: tp_runner_connect(socketPath)) else { throw Errno.current }
        descriptor = connected
    }

    public func disconnect() {
        guard let descriptor else { return }
        try? descriptor.close()
        self.descriptor = nil
    }

    /// Hands `command` to the runner. A runner that went away since the last command (its
    /// unit was restarted) is connected to again once.
    public func spawnShell(command: String, environment: [(String, String)]) throws(SpawnError) -> Int32 {
        let id = nextID
        let message = ExecRunnerMessage.spawn(id: id, command: command, environment: environment.map { $0.0 + "=" + $0.1 })
        let bytes = message.bytes
        guard bytes.count <= ExecRunnerMessage.maxBytes else {
            throw SpawnError(command: command, errno: Errno(E2BIG), runner: socketPath)
        }
        do throws(Errno) {
            try connect()
            try send(bytes)
        } catch {
            throw SpawnError(command: command, errno: error, runner: socketPath)
        }
        nextID = nextID == Int32.max ? ExecRunnerLink.firstID : nextID + 1
        running.append(id)
        return id
    }

    public func signalGroup(of id: Int32, _ signal: Int32) {
        guard running.contains(id) else { return }
        // A full socket or a runner gone: the runner's end of the link closing ends its
        // commands too (it stops them when the panel goes), so nothing is left running.
        try? send(ExecRunnerMessage.signal(id: id, signal: signal).bytes)
    }

    /// Every `ended` the runner has sent, without waiting. A runner that went away ends every
    /// command it held (it stops them as it goes): each is reported killed by SIGKILL.
    public func reap() -> [ReapedChild] {
        var reaped: [ReapedChild] = []
        guard let descriptor else { return reaped }
        while true {
            switch ExecRunnerMessage.receive(on: descriptor, into: &receiveBuffer) {
            case .message(let count, let truncated):
                let message = ExecRunnerMessage(bytes: receiveBuffer[0..<count])
                guard !truncated, case .ended(let id, let termination)? = message, let index = running.firstIndex(of: id) else {
                    problems.append("the exec runner at \(socketPath) sent what is not an end of a command it runs; ignored")
                    continue
                }
                running.remove(at: index)
                reaped.append(ReapedChild(pid: id, termination: termination))
            case .none:
                return reaped
            case .gone(let error):
                // The runner closed its end, or the link broke: the same to its commands.
                let reason = error?.message ?? "closed the connection"
                problems.append("the exec runner at \(socketPath) went away (\(reason)); its \(running.count) command(s) counted as ended")
                for id in running { reaped.append(ReapedChild(pid: id, termination: .signaled(SIGKILL))) }
                running = []
                disconnect()
                return reaped
            }
        }
    }

    /// What went wrong on the link since the last call, for the log.
    public func takeProblems() -> [String] {
        defer { problems = [] }
        return problems
    }

    private func send(_ bytes: [UInt8]) throws(Errno) {
        guard let descriptor else { throw Errno(EBADF) }
        let sent = try Errno.retryingInterrupts {
            bytes.withUnsafeBytes { tp_runner_send(descriptor.rawValue, $0.baseAddress, $0.count) }
        }
        if sent != bytes.count { throw Errno(EMSGSIZE) }
    }
}
