

/// Setting up the signal channel failed (only when the system is out of descriptors).
public struct SignalChannelError: Error, Equatable, Sendable {
    public var operation: String
    public var errno: Errno

    public var message: String {
        "\(operation): \(errno.message)"
    }
}
