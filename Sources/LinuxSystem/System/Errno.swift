import CLinux

/// A C error number, kept typed so that a failure's cause survives up to the log line
/// (swift-system's `Errno`, without Foundation).
public struct Errno: RawRepresentable, Hashable, Sendable, Error {
    public var rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    public init(_ rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// errno as the last failed call on this thread left it.
    public static var current: Errno {
        Errno(clinux_errno())
    }

    public static let interrupted = Errno(EINTR)
    public static let wouldBlock = Errno(EAGAIN)
    /// EACCES or EPERM: the caller may not do this, as opposed to its not being there.
    public var deniesAccess: Bool { rawValue == EACCES || rawValue == EPERM }

    /// Runs one system call again for as long as it fails with EINTR: the one place where an
    /// interrupted call is retried, so EINTR never surfaces as an error anywhere else.
    ///
    /// `call` returns a non-negative value on success and a negative one on failure with errno
    /// set: libc's `-1` convention, and libi2c's `-errno` (which leaves errno set as well).
    @inline(__always)
    public static func retryingInterrupts<Result: FixedWidthInteger & SignedInteger>(
        _ call: () -> Result
    ) throws(Errno) -> Result {
        while true {
            let result = call()
            if result >= 0 { return result }
            let error = Errno.current
            if error != .interrupted { throw error }
        }
    }

    /// The symbolic name, e.g. "ENXIO", for the errors devices report; "errno N" otherwise.
    public var name: String {
        switch rawValue {
        case EPERM: "EPERM"
        case ENOENT: "ENOENT"
        case EINTR: "EINTR"
        case EIO: "EIO"
        case ENXIO: "ENXIO"
        case EBADF: "EBADF"
        case ECHILD: "ECHILD"
        case EAGAIN: "EAGAIN"
        case ENOMEM: "ENOMEM"
        case EACCES: "EACCES"
        case EFAULT: "EFAULT"
        case EBUSY: "EBUSY"
        case ENODEV: "ENODEV"
        case ENOTDIR: "ENOTDIR"
        case EINVAL: "EINVAL"
        case ENOTTY: "ENOTTY"
        case ENOSYS: "ENOSYS"
        case EPROTO: "EPROTO"
        case EBADMSG: "EBADMSG"
        case EOVERFLOW: "EOVERFLOW"
        case EOPNOTSUPP: "EOPNOTSUPP"
        case ESHUTDOWN: "ESHUTDOWN"
        case ETIMEDOUT: "ETIMEDOUT"
        case EREMOTEIO: "EREMOTEIO"
        default: "errno \(rawValue)"
        }
    }

    /// The C library's text for it, e.g. "No such device or address".
    public var text: String {
        String(cString: strerror(rawValue))
    }

    /// "ENXIO (No such device or address)": both, for log lines.
    public var message: String {
        "\(name) (\(text))"
    }
}
