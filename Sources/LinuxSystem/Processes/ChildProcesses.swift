import CLinux

/// Starts `exec` actions as `/bin/sh -c COMMAND` children and reaps them, never waiting for
/// one: the loop calls `reap()` when the signal channel reports SIGCHLD.
public final class ChildProcesses: ChildProcessControl {
    /// Children started and not yet reaped.
    public private(set) var running: [Int32] = []
    /// Where children's stdout and stderr go: the panel's own stderr (the log, the journal
    /// under systemd). stdout carries event lines and nothing else.
    private let outputDescriptor: FileDescriptor

    public init(outputDescriptor: FileDescriptor = .standardError) {
        self.outputDescriptor = outputDescriptor
    }

    public var runningCount: Int { running.count }

    /// Starts `/bin/sh -c command` with this process's environment (without any TOUCHPANEL_
    /// variable of its own) plus `environment`, e.g. TOUCHPANEL_BUTTON=play: a child gets
    /// exactly the TOUCHPANEL_ variables of its event. Its stdout and stderr go to
    /// `outputDescriptor`.
    ///
    /// The child starts with an empty signal mask and default dispositions for the signals
    /// `SignalChannel` handles and for SIGPIPE: otherwise it would inherit our blocked SIGTERM
    /// and ignore `kill`, a SIGHUP ignored by nohup would stay ignored, and a pipeline in the
    /// command would not end on a closed pipe (the panel ignores SIGPIPE).
    ///
    /// It leads a process group of its own, so that a time-out stops the whole command
    /// (`a | b`, `sleep 1; b`), not only the shell.
    ///
    /// It starts with descriptors 0, 1 and 2 only. The panel's own are close-on-exec, but
    /// libmosquitto's internal socket pair is not and cannot be reached, and a library may
    /// add more: a child that outlives a killed panel must not keep its broker connection
    /// (the last will would wait for the child), its control socket or its devices open.
    /// glibc (2.34+) closes them in the child with close_range(2), or by walking
    /// /proc/self/fd on a kernel without it.
    public func spawnShell(command: String, environment: [(String, String)] = []) throws(SpawnError) -> Int32 {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setpgroup(&attributes, 0)
        setChildSignalDefaults(&attributes, flags: Int32(POSIX_SPAWN_SETPGROUP))

        let arguments = CStringList(["/bin/sh", "-c", command])
        let variables = CStringList(ChildProcesses.environment(adding: environment))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, outputDescriptor.rawValue, 1)
        if outputDescriptor != .standardError { posix_spawn_file_actions_adddup2(&actions, outputDescriptor.rawValue, 2) }
        // After the dup2s: `outputDescriptor` itself goes too when it is above 2.
        let closing = posix_spawn_file_actions_addclosefrom_np(&actions, 3)
        guard closing == 0 else { throw SpawnError(command: command, errno: Errno(closing)) }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, arguments.pointers[0]!, &actions, &attributes, arguments.pointers, variables.pointers)
        guard result == 0 else { throw SpawnError(command: command, errno: Errno(result)) }
        running.append(pid)
        return pid
    }

    public func signalGroup(of pid: Int32, _ signal: Int32) {
        // The child is not reaped yet, so its pid (and so its group's id) is not reused.
        _ = kill(-pid, signal)
    }

    /// Collects every child of its own that has finished, without blocking. Only its own:
    /// a `waitpid(-1)` would also take the picture worker's child (or, in the tests, any other
    /// test's), whose owner then never learns how it ended. A child someone else reaped anyway
    /// (ECHILD) counts as ended, its status unknown (`.other(status: -1)`).
    public func reap() -> [ReapedChild] {
        var reaped: [ReapedChild] = []
        for pid in running {
            var status: Int32 = 0
            let result = (try? Errno.retryingInterrupts { waitpid(pid, &status, WNOHANG) }) ?? -1
            if result == pid {
                reaped.append(ReapedChild(pid: pid, termination: ChildTermination(waitStatus: status)))
            } else if result < 0 {
                reaped.append(ReapedChild(pid: pid, termination: .other(status: -1)))
            }
        }
        running.removeAll { pid in reaped.contains { $0.pid == pid } }
        return reaped
    }

    /// "NAME=value" entries: the current environment without TOUCHPANEL_ variables and the
    /// overridden names, then the additions (the last of two with one name wins).
    static func environment(adding additions: [(String, String)]) -> [String] {
        var entries: [String] = []
        if var cursor = clinux_environ() {
            while let entry = cursor.pointee {
                let text = String(cString: entry)
                var overridden = text.hasPrefix("TOUCHPANEL_")
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
