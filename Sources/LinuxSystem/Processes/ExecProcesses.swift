/// Where `exec` commands start: here as children of the panel (`[exec] groups = service`,
/// and configs without `[exec]`), or through the exec runner (`groups = none`). A reload may
/// switch between the two, or to another runner socket, while commands of the old setting
/// still run: every link is reaped and signalled until its commands end. Runner ids start at
/// `ExecRunnerLink.firstID`, above any pid, and go on from link to link, so no id is two
/// commands'.
public final class ExecProcesses: ChildProcessControl {
    public let local: ChildProcesses
    /// The runner links that new commands go to (the last) or that still hold commands.
    public private(set) var runners: [ExecRunnerLink] = []
    /// Whether new commands go to the runner.
    public private(set) var throughRunner = false

    public init(local: ChildProcesses = ChildProcesses()) {
        self.local = local
    }

    /// New commands start here, as the panel's children.
    public func startLocally() {
        throughRunner = false
        dropIdleLinks(keepingCurrent: false)
    }

    /// New commands go to the runner at `socketPath`, connected now so that a runner that
    /// cannot be reached refuses the start (or the reload) rather than the first tap.
    public func startThroughRunner(at socketPath: String) throws(Errno) {
        let link: ExecRunnerLink
        if let current = runners.last, current.socketPath == socketPath {
            link = current
        } else {
            link = ExecRunnerLink(socketPath: socketPath, firstID: runners.last?.nextID ?? ExecRunnerLink.firstID)
        }
        try link.connect()
        if link !== runners.last { runners.append(link) }
        throughRunner = true
        dropIdleLinks(keepingCurrent: true)
    }

    /// The descriptors of the runner links still connected: the loop watches them for
    /// commands that ended.
    public var runnerDescriptors: [FileDescriptor] {
        runners.compactMap { $0.descriptor }
    }

    public func spawnShell(command: String, environment: [(String, String)]) throws(SpawnError) -> Int32 {
        if throughRunner, let runner = runners.last {
            return try runner.spawnShell(command: command, environment: environment)
        }
        return try local.spawnShell(command: command, environment: environment)
    }

    public func signalGroup(of id: Int32, _ signal: Int32) {
        if let runner = runners.first(where: { $0.running.contains(id) }) {
            runner.signalGroup(of: id, signal)
        } else {
            local.signalGroup(of: id, signal)
        }
    }

    public func reap() -> [ReapedChild] {
        var reaped = local.reap()
        for runner in runners { reaped += runner.reap() }
        return reaped
    }

    /// What went wrong on the runner links since the last call, for the log.
    public func takeProblems() -> [String] {
        runners.flatMap { $0.takeProblems() }
    }

    /// Links that no new command goes to and that hold none any more are closed.
    private func dropIdleLinks(keepingCurrent: Bool) {
        let current = keepingCurrent ? runners.last : nil
        runners.removeAll { $0 !== current && $0.running.isEmpty }
    }
}
