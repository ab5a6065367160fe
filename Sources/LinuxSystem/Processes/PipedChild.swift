import CLinux

/// A helper child whose standard input and output are pipes the caller holds, non-blocking on
/// its side: the caller feeds and drains it a bounded share at a time and polls the pipes, so
/// a child that works for seconds (or never answers) holds up nothing. Its standard error is
/// ours (the log). It starts with an empty signal mask and default dispositions (as
/// `ChildProcesses` starts commands), and with descriptors 0, 1 and 2 only.
///
/// Stopped with SIGKILL and reaped (without waiting) when released before it ended; a child
/// another reaper collected first is simply gone (`ChildProcesses.reap` waits only for its own).
public final class PipedChild {
    public let pid: Int32
    /// Our end of its standard input; nil once closed.
    public private(set) var input: FileDescriptor?
    /// Our end of its standard output; nil once closed.
    public private(set) var output: FileDescriptor?
    private var reaped = false

    /// What one read or write did.
    public enum Transfer: Equatable {
        /// This many bytes (at least 1).
        case moved(Int)
        /// The pipe is full (write) or empty (read) now: poll it.
        case wouldBlock
        /// Read: the child closed its output (end of file). Write: it closed its input.
        case closed
        case failed(Errno)
    }

    /// Starts `executable` with `arguments` (the first is its argv[0]).
    public init(executable: String, arguments: [String]) throws(SpawnError) {
        func fail(_ errno: Errno) -> SpawnError { SpawnError(command: ([executable] + arguments.dropFirst()).joined(separator: " "), errno: errno) }
        guard let toChild = PipedChild.makePipe() else { throw fail(.current) }
        guard let fromChild = PipedChild.makePipe() else {
            let error = Errno.current
            try? toChild.0.close()
            try? toChild.1.close()
            throw fail(error)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        setChildSignalDefaults(&attributes)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild.0.rawValue, 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild.1.rawValue, 1)
        _ = posix_spawn_file_actions_addclosefrom_np(&actions, 3)

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { $0.withCString { strdup($0) } } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var environment: [UnsafeMutablePointer<CChar>?] = []
        if var cursor = clinux_environ() {
            while let entry = cursor.pointee {
                environment.append(entry)
                cursor += 1
            }
        }
        environment.append(nil)
        var pid: pid_t = 0
        let result = executable.withCString { path in posix_spawn(&pid, path, &actions, &attributes, &argv, &environment) }
        try? toChild.0.close()
        try? fromChild.1.close()
        guard result == 0 else {
            try? toChild.1.close()
            try? fromChild.0.close()
            throw fail(Errno(result))
        }
        self.pid = pid
        input = toChild.1
        output = fromChild.0
        try? toChild.1.setNonBlocking()
        try? fromChild.0.setNonBlocking()
    }

    /// A pipe's read and write ends; nil and errno when none could be made.
    private static func makePipe() -> (FileDescriptor, FileDescriptor)? {
        var pair: [Int32] = [-1, -1]
        guard clinux_pipe_cloexec(&pair) == 0 else { return nil }
        return (FileDescriptor(rawValue: pair[0]), FileDescriptor(rawValue: pair[1]))
    }

    deinit {
        closeInput()
        try? output?.close()
        stop()
    }

    /// Writes up to `bytes.count` bytes to its standard input.
    public func write(_ bytes: UnsafeRawBufferPointer) -> Transfer {
        guard let input else { return .closed }
        guard !bytes.isEmpty else { return .moved(0) }
        do throws(Errno) {
            return .moved(try input.write(bytes))
        } catch {
            if error == .wouldBlock { return .wouldBlock }
            if error == Errno(EPIPE) { return .closed }
            return .failed(error)
        }
    }

    /// Ends its standard input: the child reads end of file.
    public func closeInput() {
        guard let input else { return }
        try? input.close()
        self.input = nil
    }

    /// Reads up to `buffer.count` bytes of its standard output.
    public func read(into buffer: UnsafeMutableRawBufferPointer) -> Transfer {
        guard let output else { return .closed }
        do throws(Errno) {
            let count = try output.read(into: buffer)
            return count > 0 ? .moved(count) : .closed
        } catch {
            if error == .wouldBlock { return .wouldBlock }
            return .failed(error)
        }
    }

    /// How it ended, when it has (reaped without waiting); nil while it runs, or when another
    /// reaper took it.
    public func reapIfEnded() -> ChildTermination? {
        guard !reaped else { return nil }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == pid {
            reaped = true
            return ChildTermination(waitStatus: status)
        }
        if result < 0 && Errno.current == Errno(ECHILD) { reaped = true }
        return nil
    }

    /// SIGKILL, when it may still run, and a reap without waiting. Reaped first: a child that
    /// ended, and above all one another reaper took (whose pid may be another process's by
    /// now), is not signalled.
    public func stop() {
        guard !reaped, reapIfEnded() == nil, !reaped else { return }
        _ = kill(pid, SIGKILL)
        _ = reapIfEnded()
    }
}
