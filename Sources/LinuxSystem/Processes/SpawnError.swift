/// An `exec` action's shell could not be started, or could not be handed to the exec runner.
public struct SpawnError: Error, Equatable, Sendable {
    public var command: String
    public var errno: Errno
    /// The exec runner's socket, when the command was to run through it (`[exec] groups = none`).
    public var runner: String?

    public init(command: String, errno: Errno, runner: String? = nil) {
        self.command = command
        self.errno = errno
        self.runner = runner
    }

    public var message: String {
        guard let runner else { return "cannot start /bin/sh -c \"\(command)\": \(errno.message)" }
        return "cannot hand \"\(command)\" to the exec runner at \(runner): \(errno.message)"
    }
}
