import LinuxSystem
import TouchCore

/// The broker connection's life as one state machine: when to connect, how long to wait for
/// the broker's answer, when to retry, when keep-alive is due. Every transition is in `next`,
/// so the bridge only does what the effect says, and the rules are tested with virtual time.
///
///                  due at retryAt / connect
///     waiting --------------------------------> connecting
///        ^  ^                                     |    |
///        |  +-- answer timeout, connect failed, --+    | accepted / came online
///        |      refused, lost / retry with back-off    v
///        +------------- lost, refused / retry ------ online --+ due at keepAliveAt /
///                                                      ^------+ keep alive
///     any state --- stop / disconnect ---> stopped (final)
///
/// Any change to `next` must be represented in this diagram.
public enum MQTTLink: Equatable, Sendable {
    /// No connection; the next attempt is at `retryAt`. `failures`: attempts in a row that
    /// failed, for the back-off.
    case waiting(retryAt: MonotonicInstant, failures: Int)
    /// A connection was started at `since`; no CONNACK yet.
    case connecting(since: MonotonicInstant, failures: Int)
    /// The broker accepted us; keep-alive is next looked at `keepAliveAt`.
    case online(keepAliveAt: MonotonicInstant)
    /// Stopped for good (the panel stops, or the config changed).
    case stopped

    public enum Input: Equatable, Sendable {
        /// The link's deadline came.
        case due
        /// The connect call itself failed (an address that cannot be resolved, a refused port).
        case connectFailed
        case accepted
        /// The broker said no in its CONNACK (a wrong password), or the connection ended
        /// before the CONNACK.
        case refused
        /// An online connection ended.
        case lost
        case stop
    }

    public enum Effect: Equatable, Sendable {
        case none
        /// Start a connection now.
        case connect
        /// No CONNACK within `answerTimeout`: drop the connection, retry after `retryIn`.
        case giveUp(retryIn: MonotonicDuration)
        /// A failed attempt or a lost connection: retry after `retryIn`.
        case retry(in: MonotonicDuration)
        /// Online: publish what a fresh connection needs.
        case cameOnline
        /// Let the library send a PINGREQ (or drop a broker that stopped answering).
        case keepAlive
        case disconnect
    }

    /// How long a broker may take to answer a CONNECT.
    public static let answerTimeout: MonotonicDuration = .milliseconds(10_000)
    public static let firstRetry: MonotonicDuration = .milliseconds(1_000)
    public static let longestRetry: MonotonicDuration = .milliseconds(60_000)

    /// The deadline the loop must wake for.
    public var deadline: MonotonicInstant? {
        switch self {
        case .waiting(let retryAt, _): retryAt
        case .connecting(let since, _): since + MQTTLink.answerTimeout
        case .online(let keepAliveAt): keepAliveAt
        case .stopped: nil
        }
    }

    /// The wait before attempt `failures + 1`: 1 s doubling up to 60 s, scaled by
    /// `jitter` in 0.75 ..< 1.25.
    public static func backoff(failures: Int, jitter: Double) -> MonotonicDuration {
        var milliseconds = firstRetry.nanoseconds / 1_000_000
        for _ in 0..<min(failures, 16) { milliseconds *= 2 }
        milliseconds = min(milliseconds, longestRetry.nanoseconds / 1_000_000)
        return .milliseconds(Int64(Double(milliseconds) * jitter))
    }

    /// The one transition function. `keepaliveS`: the connection's keep-alive, looked at
    /// twice per period. `jitter` in 0.75 ..< 1.25 spreads the retries of a fleet of panels.
    public static func next(
        _ state: MQTTLink, _ input: Input, now: MonotonicInstant, keepaliveS: Int, jitter: Double
    ) -> (MQTTLink, Effect) {
        let keepAliveStep = MonotonicDuration.milliseconds(Int64(keepaliveS) * 500)
        switch (state, input) {
        case (.stopped, _):
            return (.stopped, .none)
        case (_, .stop):
            return (.stopped, .disconnect)

        case (.waiting(let retryAt, let failures), .due):
            guard now >= retryAt else { return (state, .none) }
            return (.connecting(since: now, failures: failures), .connect)
        case (.waiting, .connectFailed), (.waiting, .accepted), (.waiting, .refused), (.waiting, .lost):
            return (state, .none)

        case (.connecting(let since, let failures), .due):
            guard now >= since + answerTimeout else { return (state, .none) }
            let wait = backoff(failures: failures, jitter: jitter)
            return (.waiting(retryAt: now + wait, failures: failures + 1), .giveUp(retryIn: wait))
        case (.connecting(_, let failures), .connectFailed), (.connecting(_, let failures), .refused),
             (.connecting(_, let failures), .lost):
            let wait = backoff(failures: failures, jitter: jitter)
            return (.waiting(retryAt: now + wait, failures: failures + 1), .retry(in: wait))
        case (.connecting, .accepted):
            return (.online(keepAliveAt: now + keepAliveStep), .cameOnline)

        case (.online(let keepAliveAt), .due):
            guard now >= keepAliveAt else { return (state, .none) }
            return (.online(keepAliveAt: now + keepAliveStep), .keepAlive)
        case (.online, .lost), (.online, .refused), (.online, .connectFailed):
            let wait = backoff(failures: 0, jitter: jitter)
            return (.waiting(retryAt: now + wait, failures: 1), .retry(in: wait))
        case (.online, .accepted):
            return (state, .none)
        }
    }
}
