import CLinux

/// Signals as readable events for the poll loop: the handled signals are blocked and arrive
/// through a signalfd, so no handler runs at a random point and the loop sees them in order
/// with everything else.
///
/// Create it before any thread starts: the mask is per thread and threads inherit it.
/// Children get an empty mask from `ChildProcesses`, so they do not inherit the blocking.
public final class SignalChannel {
    public let pollDescriptor: FileDescriptor
    private var previousMask = sigset_t()
    private var isOpen = true

    /// Blocks SIGTERM, SIGINT, SIGHUP, SIGCHLD and SIGUSR1 and opens the signalfd.
    public init() throws(SignalChannelError) {
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in Signal.all { sigaddset(&mask, signal.number) }
        var previous = sigset_t()
        guard sigprocmask(SIG_BLOCK, &mask, &previous) == 0 else {
            throw SignalChannelError(operation: "blocking signals", errno: Errno.current)
        }
        guard let descriptor = FileDescriptor(returnedBy: signalfd(-1, &mask, Int32(SFD_NONBLOCK | SFD_CLOEXEC))) else {
            let errno = Errno.current
            sigprocmask(SIG_SETMASK, &previous, nil)
            throw SignalChannelError(operation: "creating the signalfd", errno: errno)
        }
        pollDescriptor = descriptor
        previousMask = previous
    }

    /// Reads every pending signal without blocking; empty when none was pending.
    public func readSignals() -> SignalSet {
        var received = SignalSet()
        guard isOpen else { return received }
        var info = signalfd_siginfo()
        let size = MemoryLayout<signalfd_siginfo>.size
        while true {
            let count: Int
            do throws(Errno) {
                count = try withUnsafeMutableBytes(of: &info) { buffer in
                    Result { () throws(Errno) -> Int in try pollDescriptor.read(into: buffer) }
                }.get()
            } catch {
                return received  // EAGAIN: drained (nothing else can fail on a signalfd)
            }
            guard count == size else { return received }
            if let signal = Signal(number: Int32(bitPattern: info.ssi_signo)) {
                received.insert(signal)
            }
        }
    }

    /// Closes the signalfd and restores the signal mask the thread had. Signals still pending
    /// then take their default action (a pending SIGTERM ends the process), so drain first.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        try? pollDescriptor.close()
        sigprocmask(SIG_SETMASK, &previousMask, nil)
    }

    deinit {
        close()
    }
}
