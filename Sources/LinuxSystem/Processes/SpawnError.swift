

/// An `exec` action's shell could not be started.
public struct SpawnError: Error, Equatable, Sendable {
    public var command: String
    public var errno: Errno

    public init(command: String, errno: Errno) {
        self.command = command
        self.errno = errno
    }

    public var message: String {
        "cannot start /bin/sh -c \"\(command)\": \(errno.message)"
    }
}
