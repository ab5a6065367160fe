import CLinux

/// What poll(2) is asked to watch a descriptor for, and what it saw there: the bits of
/// `pollfd.events` and `revents`, so code above the OS names no C constant.
public struct PollEvents: OptionSet, Equatable, Sendable {
    public let rawValue: Int16

    public init(rawValue: Int16) {
        self.rawValue = rawValue
    }

    public static let readable = PollEvents(rawValue: Int16(POLLIN))
    public static let writable = PollEvents(rawValue: Int16(POLLOUT))
    public static let error = PollEvents(rawValue: Int16(POLLERR))
    public static let hangUp = PollEvents(rawValue: Int16(POLLHUP))
    public static let invalid = PollEvents(rawValue: Int16(POLLNVAL))

    /// Something to read, or the peer gone (a read then says which).
    public var readableOrClosed: Bool { !intersection([.readable, .hangUp, .error]).isEmpty }
    /// The descriptor failed under the poll: POLLERR, POLLHUP or POLLNVAL.
    public var failed: Bool { !intersection([.error, .hangUp, .invalid]).isEmpty }
}

/// One descriptor and what the loop waits on it for.
public struct PollInterest: Equatable, Sendable {
    public var descriptor: FileDescriptor
    public var events: PollEvents

    public init(descriptor: FileDescriptor, events: PollEvents) {
        self.descriptor = descriptor
        self.events = events
    }
}
