import LinuxSystem

/// Why the panel could not start with a config: a device that cannot be opened stops the
/// start with its reason, before anything is drawn.
public struct StartError: Error {
    public var message: String

    public init(message: String) {
        self.message = message
    }
}
