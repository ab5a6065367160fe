import CLinux
import LinuxSystem
import PanelDrivers
import PanelEngine
import TouchCore

/// The loop's only blocking call: ppoll(2) on the signal descriptor and the touch source's
/// (INT line, input device), until the engine's next deadline (to the nanosecond, so a tap
/// after the multi-tap window fires on time). With no deadline it sleeps until a descriptor
/// wakes it: an idle panel with an INT line or an input device makes no wake-ups at all.
public enum DescriptorWait {
    public struct Ready: Equatable, Sendable {
        public var signals = false
        /// What the source's descriptor showed: `failed` for an error or hang-up (an INT
        /// line's chip or an input device went away), which the source must handle.
        public var source = DescriptorReadiness.quiet
        /// The event lines' descriptor can take more (or its reader is gone).
        public var eventsWritable = false
        /// What each of `extra` showed, in its order (the control socket's descriptors).
        public var extra: [PollEvents] = []
    }

    /// `eventsDescriptor`: polled for POLLOUT while event lines wait for a slow reader.
    public static func wait(
        signalDescriptor: Int32, sourceDescriptor interruptDescriptor: Int32?, eventsDescriptor: Int32? = nil,
        extra: [PollInterest] = [], until deadline: MonotonicInstant?
    ) -> Ready {
        var descriptors = [pollfd(fd: signalDescriptor, events: Int16(POLLIN), revents: 0)]
        var sourceIndex: Int?
        var eventsIndex: Int?
        if let interruptDescriptor, interruptDescriptor >= 0 {
            sourceIndex = descriptors.count
            descriptors.append(pollfd(fd: interruptDescriptor, events: Int16(POLLIN), revents: 0))
        }
        if let eventsDescriptor, eventsDescriptor >= 0 {
            eventsIndex = descriptors.count
            descriptors.append(pollfd(fd: eventsDescriptor, events: Int16(POLLOUT), revents: 0))
        }
        let extraStart = descriptors.count
        descriptors.append(contentsOf: extra.map { pollfd(fd: $0.descriptor, events: $0.events.rawValue, revents: 0) })
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
        ready.extra = descriptors[extraStart...].map { PollEvents(rawValue: $0.revents) }
        ready.signals = descriptors[0].revents != 0
        if let eventsIndex {
            ready.eventsWritable = descriptors[eventsIndex].revents != 0
        }
        if let sourceIndex {
            let events = descriptors[sourceIndex].revents
            if events & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 {
                ready.source = .failed
            } else if events & Int16(POLLIN) != 0 {
                ready.source = .readable
            }
        }
        return ready
    }
}
