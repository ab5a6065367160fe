import LinuxSystem

/// One message from Home Assistant's websocket API, parsed (by cJSON, in the driver) into the
/// few things the panel reads: its type and id, a result's outcome, and an entity
/// subscription's changes.
public struct HomeAssistantMessage: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case authRequired, authOK, authInvalid, result, event, pong, other
    }

    public var kind: Kind
    /// The message's `id`, nil when it has none.
    public var id: Int?
    /// A result's `success`.
    public var success: Bool
    /// A failed result's `error.code` and `error.message`; auth_invalid's `message`.
    public var errorCode: String?
    public var errorMessage: String?
    /// auth_required's and auth_ok's `ha_version`.
    public var version: String?
    /// A result whose `result` is a string.
    public var resultText: String?
    /// An event's entities (`a`, `c`, `r`), or a `get_states` result's.
    public var entities: [EntityUpdate]
    /// A `history/history_during_period` result's entities.
    public var histories: [EntityHistory]

    public init(
        kind: Kind, id: Int? = nil, success: Bool = false, errorCode: String? = nil, errorMessage: String? = nil,
        version: String? = nil, resultText: String? = nil, entities: [EntityUpdate] = [], histories: [EntityHistory] = []
    ) {
        self.kind = kind
        self.id = id
        self.success = success
        self.errorCode = errorCode
        self.errorMessage = errorMessage
        self.version = version
        self.resultText = resultText
        self.entities = entities
        self.histories = histories
    }
}

/// What one message says of one entity.
public struct EntityUpdate: Equatable, Sendable {
    public enum Change: Equatable, Sendable {
        /// New to the subscription (or its first dump): `state` and every attribute.
        case added
        /// `state` when it changed (nil: only attributes), the attributes added or changed,
        /// and those removed.
        case changed
        /// Gone from Home Assistant.
        case removed
    }

    public var change: Change
    public var entity: String
    public var state: String?
    public var attributes: [EntityAttribute]
    public var removedAttributes: [String]

    public init(change: Change, entity: String, state: String? = nil, attributes: [EntityAttribute] = [], removedAttributes: [String] = []) {
        self.change = change
        self.entity = entity
        self.state = state
        self.attributes = attributes
        self.removedAttributes = removedAttributes
    }
}

/// One attribute as text: a string as it is, a number as written (`23.5`), `true`, `false`,
/// `null`, an array or object as compact JSON.
public struct EntityAttribute: Equatable, Sendable {
    public var name: String
    public var text: String
    public var isNumber: Bool

    public init(name: String, text: String, isNumber: Bool = false) {
        self.name = name
        self.text = text
        self.isNumber = isNumber
    }
}

/// What the websocket client reported, in the order it happened.
public enum HomeAssistantClientEvent: Equatable, Sendable {
    /// The websocket is open: Home Assistant's `auth_required` comes next.
    case upgraded
    case message(HomeAssistantMessage)
    /// A message that is no JSON object, skipped.
    case unreadable(bytes: Int)
    /// A message over `max_message_kb`, skipped uncopied; `id`: the command it answers, when
    /// its first bytes name one (`{"id":N,...`).
    case oversized(bytes: Int, id: Int?)
    /// The connection ended or never came: the close code (0: none) and why.
    case closed(code: Int, reason: String)
}

/// One websocket connection to Home Assistant, never waiting: the seam between the bridge and
/// libwebsockets, so that the bridge's rules are tested against a fake that records each call.
public protocol HomeAssistantConnection: AnyObject {
    /// Starts connecting; nil, or why it could not start. `upgraded` or `closed` comes later.
    func connect() -> String?
    /// Queues one text message; false when there is no open websocket.
    func send(_ text: String) -> Bool
    /// Drops the connection (a `closed` event follows).
    func close()
    /// The descriptors to poll now.
    var pollInterests: [PollInterest] { get }
    /// Does what `events` (one per `pollInterests`, as polled) says is ready, and the
    /// library's own timers.
    func service(_ events: ArraySlice<PollEvents>)
    /// Everything reported since the last call, oldest first.
    func takeEvents() -> [HomeAssistantClientEvent]
}
