import CLinux

/// The signals the panel handles through its `SignalChannel`.
public enum Signal: Equatable, Hashable, Sendable {
    /// SIGTERM: stop (systemd, kill).
    case terminate
    /// SIGINT: stop (Ctrl-C).
    case interrupt
    /// SIGHUP: reload the configuration.
    case hangup
    /// SIGCHLD: an `exec` action finished; reap it.
    case child
    /// SIGUSR1: dump statistics to the log.
    case user1

    public static let all: [Signal] = [.terminate, .interrupt, .hangup, .child, .user1]

    public init?(number: Int32) {
        switch number {
        case SIGTERM: self = .terminate
        case SIGINT: self = .interrupt
        case SIGHUP: self = .hangup
        case SIGCHLD: self = .child
        case SIGUSR1: self = .user1
        default: return nil
        }
    }

    public var number: Int32 {
        switch self {
        case .terminate: SIGTERM
        case .interrupt: SIGINT
        case .hangup: SIGHUP
        case .child: SIGCHLD
        case .user1: SIGUSR1
        }
    }

    public var name: StaticString {
        switch self {
        case .terminate: "SIGTERM"
        case .interrupt: "SIGINT"
        case .hangup: "SIGHUP"
        case .child: "SIGCHLD"
        case .user1: "SIGUSR1"
        }
    }

    /// Its bit in a `SignalSet`.
    var bit: UInt8 {
        switch self {
        case .terminate: 1 << 0
        case .interrupt: 1 << 1
        case .hangup: 1 << 2
        case .child: 1 << 3
        case .user1: 1 << 4
        }
    }
}
