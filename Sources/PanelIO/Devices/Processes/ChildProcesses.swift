import CLinux

/// Starts `exec` actions as `/bin/sh -c COMMAND` children and reaps them, never waiting for
/// one: the loop calls `reap()` when the signal channel reports SIGCHLD.
public final class ChildProcesses {
    /// Children started and not yet reaped.
    public private(set) var running: [Int32] = []

    public init() {}

    public var runningCount: Int { running.count }

    /// Starts `/bin/sh -c command` with this process's environment plus `environment`
    /// (replacing variables of the same name), e.g. TOUCHPANEL_BUTTON=play.
    ///
    /// The child starts with an empty signal mask and default dispositions for the signals
    /// `SignalChannel` handles: otherwise it would inherit our blocked SIGTERM and ignore
    /// `kill`, and a SIGHUP ignored by nohup would stay ignored.
    public func spawnShell(command: String, environment: [(String, String)] = []) throws(SpawnError) -> Int32 {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in Signal.all { sigaddset(&defaults, signal.number) }
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let arguments = CStringList(["/bin/sh", "-c", command])
        let variables = CStringList(ChildProcesses.environment(adding: environment))
        var pid: pid_t = 0
        let result = posix_spawn(&pid, arguments.pointers[0]!, nil, &attributes, arguments.pointers, variables.pointers)
        guard result == 0 else { throw SpawnError(command: command, errno: Errno(result)) }
        running.append(pid)
        return pid
    }

    /// Collects every child that has finished, without blocking.
    public func reap() -> [ReapedChild] {
        var reaped: [ReapedChild] = []
        while true {
            var status: Int32 = 0
            let pid = waitpid(-1, &status, WNOHANG)
            if pid > 0 {
                reaped.append(ReapedChild(pid: pid, termination: ChildTermination(waitStatus: status)))
                running.removeAll { $0 == pid }
            } else if pid < 0, Errno.current == .interrupted {
                continue
            } else {
                return reaped  // 0: children still running; -1 ECHILD: none left
            }
        }
    }

    /// "NAME=value" entries: the current environment without the overridden names, then the
    /// additions (the last of two with one name wins).
    static func environment(adding additions: [(String, String)]) -> [String] {
        var entries: [String] = []
        if var cursor = clinux_environ() {
            while let entry = cursor.pointee {
                let text = String(cString: entry)
                var overridden = false
                for (name, _) in additions where text.hasPrefix(name + "=") {
                    overridden = true
                }
                if !overridden { entries.append(text) }
                cursor += 1
            }
        }
        for (index, (name, value)) in additions.enumerated() {
            var overriddenLater = false
            for (later, _) in additions[(index + 1)...] where later == name {
                overriddenLater = true
            }
            if !overriddenLater { entries.append(name + "=" + value) }
        }
        return entries
    }
}

/// A NULL-terminated `char *[]` built from Swift strings (argv, envp), freed with it.
private final class CStringList {
    let pointers: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    private let count: Int

    init(_ strings: [String]) {
        count = strings.count
        pointers = .allocate(capacity: strings.count + 1)
        for (index, string) in strings.enumerated() {
            pointers[index] = string.withCString { strdup($0) }
        }
        pointers[strings.count] = nil
    }

    deinit {
        for index in 0..<count { free(pointers[index]) }
        pointers.deallocate()
    }
}
