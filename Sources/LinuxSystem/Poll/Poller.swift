import CLinux

/// The loop's one blocking call: ppoll(2) on every descriptor a turn waits on, for at most
/// `timeoutNs` (negative: until a descriptor wakes it). The timeout is a parameter; the caller
/// owns the clock. An interrupted wait (EINTR) returns as a timeout: the caller reads the clock
/// again and turns.
public enum Poller {
    /// What each of `interests` showed, in its order; all empty on a timeout.
    public static func wait(_ interests: [PollInterest], timeoutNs: Int64) -> [PollEvents] {
        var descriptors = interests.map { pollfd(fd: $0.descriptor.rawValue, events: $0.events.rawValue, revents: 0) }
        let count = descriptors.withUnsafeMutableBufferPointer { buffer in
            clinux_ppoll_ns(buffer.baseAddress, nfds_t(buffer.count), timeoutNs)
        }
        guard count > 0 else { return [PollEvents](repeating: [], count: interests.count) }
        return descriptors.map { PollEvents(rawValue: $0.revents) }
    }
}
