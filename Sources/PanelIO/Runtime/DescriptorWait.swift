import CLinux
import TouchCore

/// The loop's only blocking call: ppoll(2) on the signal descriptor and, in interrupt mode,
/// the INT line's, until the engine's next deadline (to the nanosecond, so a tap after the
/// multi-tap window fires on time). With no deadline it sleeps until a descriptor wakes it:
/// an idle panel in interrupt mode makes no wake-ups at all.
public enum DescriptorWait {
    public struct Ready: Equatable, Sendable {
        public var signals = false
        public var interrupt = false
        /// The INT line's descriptor reported an error or hang-up (its chip went away):
        /// reading it again would fail at once, so the loop must not wait on it any more.
        public var interruptFailed = false
    }

    public static func wait(signalDescriptor: Int32, interruptDescriptor: Int32?, until deadline: MonotonicInstant?) -> Ready {
        var descriptors = [pollfd(fd: signalDescriptor, events: Int16(POLLIN), revents: 0)]
        if let interruptDescriptor, interruptDescriptor >= 0 {
            descriptors.append(pollfd(fd: interruptDescriptor, events: Int16(POLLIN), revents: 0))
        }
        var timeout: Int64 = -1
        if let deadline {
            let remaining = deadline - MonotonicClock.now()
            timeout = remaining.nanoseconds > 0 ? remaining.nanoseconds : 0
        }
        let count = descriptors.withUnsafeMutableBufferPointer { buffer in
            clinux_ppoll_ns(buffer.baseAddress, nfds_t(buffer.count), timeout)
        }
        var ready = Ready()
        guard count > 0 else { return ready }  // timeout, or EINTR: the caller re-reads the clock
        ready.signals = descriptors[0].revents != 0
        if descriptors.count > 1 {
            let events = descriptors[1].revents
            ready.interrupt = events & Int16(POLLIN) != 0
            ready.interruptFailed = events & Int16(POLLERR | POLLHUP | POLLNVAL) != 0
        }
        return ready
    }
}
