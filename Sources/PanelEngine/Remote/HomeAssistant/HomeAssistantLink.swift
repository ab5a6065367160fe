import LinuxSystem
import TouchCore

/// The websocket link to Home Assistant as one state machine: when to connect, how long each
/// step of the opening may take (the websocket, the login, the subscription), when to ping and
/// how long a pong may take, when to retry. Every transition is in `next`, so the bridge only
/// does what the effect says, and the rules are tested with virtual time.
///
///              due at retryAt / connect
///     waiting ------------------------> connecting --- upgraded ---> authenticating
///      ^  ^  ^                              |                         |   |   ^  |
///      |  |  +-- no answer in time, --------+-------------------------+   |   +--+ auth required /
///      |  |      connect failed, lost / giveUp or retry (back-off)        |        send auth
///      |  +----- token refused / tokenRefused (slow retry) ---------------+
///      |                                                                  | auth ok / subscribe
///      |                                                                  v
///      +------ lost, no pong, subscribe failed / giveUp or retry --- subscribing
///      |                                                                  | subscribed / cameOnline
///      |                                                                  v
///      +------------------- lost, no pong in time / retry ---------- online --+ due at pingAt / ping
///                                                                       ^-----+ pong
///     any state --- stop / disconnect ---> stopped (final)
///
/// Any change to `next` must be represented in this diagram.
public enum HomeAssistantLink: Equatable, Sendable {
    /// No connection; the next attempt is at `retryAt`. `failures`: attempts in a row that
    /// failed, for the back-off.
    case waiting(retryAt: MonotonicInstant, failures: Int)
    /// A connection was started at `since`; the websocket is not open yet.
    case connecting(since: MonotonicInstant, failures: Int)
    /// The websocket opened at `since`; Home Assistant has not said `auth_ok` yet.
    case authenticating(since: MonotonicInstant, failures: Int)
    /// Logged in; the entity subscription was asked for at `since`.
    case subscribing(since: MonotonicInstant, failures: Int)
    /// Subscribed: a ping goes out at `pingAt`; `pongBy`, while one is out, is when its pong
    /// is late.
    case online(pingAt: MonotonicInstant, pongBy: MonotonicInstant?)
    /// Stopped for good (the panel stops, or the config changed).
    case stopped

    public enum Input: Equatable, Sendable {
        /// The link's deadline came.
        case due
        /// The connect call itself failed (an address that cannot be resolved).
        case connectFailed
        case upgraded
        case authRequired
        case authOK
        /// Home Assistant said `auth_invalid`: the token is wrong, expired or revoked.
        case authInvalid
        case subscribed
        case subscribeFailed
        case pong
        /// The connection ended.
        case lost
        case stop
    }

    public enum Effect: Equatable, Sendable {
        case none
        /// Start a connection now.
        case connect
        /// Send the token.
        case sendAuth
        /// Subscribe to the panel's entities.
        case subscribe
        /// Subscribed: the panel's entities are current from here.
        case cameOnline
        case ping
        /// A step took too long (or its answer was a refusal): drop the connection, retry
        /// after `retryIn`.
        case giveUp(retryIn: MonotonicDuration)
        /// The connection failed or ended: retry after `retryIn`.
        case retry(in: MonotonicDuration)
        /// The token was refused: drop the connection, try again only after `retryIn`, for
        /// Home Assistant may ban an address after failed logins.
        case tokenRefused(retryIn: MonotonicDuration)
        case disconnect
    }

    /// How long each step of the opening may take. Home Assistant itself drops a client that
    /// sends no token within 10 s of `auth_required`.
    public static let answerTimeout: MonotonicDuration = .milliseconds(10_000)
    /// A ping every this long while online, and how long its pong may take.
    public static let pingInterval: MonotonicDuration = .milliseconds(30_000)
    public static let pongTimeout: MonotonicDuration = .milliseconds(10_000)
    /// After a refused token, the next try.
    public static let tokenRetry: MonotonicDuration = .milliseconds(300_000)

    /// The deadline the loop must wake for.
    public var deadline: MonotonicInstant? {
        switch self {
        case .waiting(let retryAt, _): retryAt
        case .connecting(let since, _), .authenticating(let since, _), .subscribing(let since, _): since + HomeAssistantLink.answerTimeout
        case .online(let pingAt, let pongBy): MonotonicInstant.earliest(pingAt, pongBy)
        case .stopped: nil
        }
    }

    /// Whether the panel's entities are current (subscribed).
    public var isOnline: Bool {
        if case .online = self { return true }
        return false
    }

    /// The one transition function. `jitter` in 0.75 ..< 1.25 spreads the retries of a fleet
    /// of panels; the back-off is the MQTT link's (1 s doubling up to 60 s).
    public static func next(_ state: HomeAssistantLink, _ input: Input, now: MonotonicInstant, jitter: Double) -> (HomeAssistantLink, Effect) {
        switch (state, input) {
        case (.stopped, _):
            return (.stopped, .none)
        case (_, .stop):
            return (.stopped, .disconnect)

        case (.waiting(let retryAt, let failures), .due):
            guard now >= retryAt else { return (state, .none) }
            return (.connecting(since: now, failures: failures), .connect)
        case (.waiting, _):
            return (state, .none)

        case (.connecting(let since, let failures), .due), (.authenticating(let since, let failures), .due),
             (.subscribing(let since, let failures), .due):
            guard now >= since + answerTimeout else { return (state, .none) }
            return giveUp(failures: failures, now: now, jitter: jitter)
        case (.connecting(_, let failures), .connectFailed), (.connecting(_, let failures), .lost),
             (.authenticating(_, let failures), .connectFailed), (.authenticating(_, let failures), .lost),
             (.subscribing(_, let failures), .connectFailed), (.subscribing(_, let failures), .lost):
            let wait = MQTTLink.backoff(failures: failures, jitter: jitter)
            return (.waiting(retryAt: now + wait, failures: failures + 1), .retry(in: wait))
        case (.connecting(_, let failures), .upgraded):
            return (.authenticating(since: now, failures: failures), .none)
        case (.connecting, _):
            return (state, .none)

        case (.authenticating, .authRequired):
            return (state, .sendAuth)
        case (.authenticating(_, let failures), .authOK):
            return (.subscribing(since: now, failures: failures), .subscribe)
        case (.authenticating(_, let failures), .authInvalid):
            return (.waiting(retryAt: now + tokenRetry, failures: failures + 1), .tokenRefused(retryIn: tokenRetry))
        case (.authenticating, _):
            return (state, .none)

        case (.subscribing, .subscribed):
            return (.online(pingAt: now + pingInterval, pongBy: nil), .cameOnline)
        case (.subscribing(_, let failures), .subscribeFailed):
            return giveUp(failures: failures, now: now, jitter: jitter)
        case (.subscribing, _):
            return (state, .none)

        case (.online(let pingAt, let pongBy), .due):
            if let pongBy, now >= pongBy { return giveUp(failures: 0, now: now, jitter: jitter) }
            guard pongBy == nil, now >= pingAt else { return (state, .none) }
            return (.online(pingAt: now + pingInterval, pongBy: now + pongTimeout), .ping)
        case (.online(let pingAt, _), .pong):
            return (.online(pingAt: pingAt, pongBy: nil), .none)
        case (.online, .lost), (.online, .connectFailed):
            let wait = MQTTLink.backoff(failures: 0, jitter: jitter)
            return (.waiting(retryAt: now + wait, failures: 1), .retry(in: wait))
        case (.online, .upgraded), (.online, .authRequired), (.online, .authOK), (.online, .authInvalid), (.online, .subscribed),
             (.online, .subscribeFailed):
            return (state, .none)
        }
    }

    private static func giveUp(failures: Int, now: MonotonicInstant, jitter: Double) -> (HomeAssistantLink, Effect) {
        let wait = MQTTLink.backoff(failures: failures, jitter: jitter)
        return (.waiting(retryAt: now + wait, failures: failures + 1), .giveUp(retryIn: wait))
    }
}
