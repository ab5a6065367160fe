/// What `touchpanel fleet status` heard on the broker: the retained messages under
/// `FLEET/+/config`, `FLEET/+/health`, `FLEET/+/availability`, `FLEET/config/#` and
/// `FLEET/latest`, sorted by panel. Pushed configs are kept as their sequence and hash only
/// (the hash is the caller's: SHA-256 lives with libcrypto, outside this module).
public struct FleetObservations: Equatable, Sendable {
    /// A config pushed on a `FLEET/config/...` topic.
    public struct Pushed: Equatable, Sendable {
        public var sequence: UInt64
        public var hash: String

        public init(sequence: UInt64, hash: String) {
            self.sequence = sequence
            self.hash = hash
        }
    }

    public let prefix: String
    public var configs: [String: ConfigReport] = [:]
    public var health: [String: PanelHealthReport] = [:]
    /// `online` or `offline`, by node.
    public var availability: [String: String] = [:]
    /// By topic: `FLEET/config/NODE` and `FLEET/config/group/GROUP`.
    public var pushed: [String: Pushed] = [:]
    /// What `FLEET/latest` announces.
    public var latest: String?

    public init(prefix: String) {
        self.prefix = prefix
    }

    /// The subscriptions that hear all of it.
    public static func patterns(prefix: String) -> [String] {
        ["\(prefix)/+/config", "\(prefix)/+/health", "\(prefix)/+/availability", "\(prefix)/config/#", "\(prefix)/latest"]
    }

    /// Takes one message; `pushed` is the parsed message and the hash of its config when the
    /// topic is a pushed config's. An empty payload removes what the topic said.
    public mutating func take(topic: String, payload: [UInt8], pushed message: Pushed?) {
        guard topic.hasPrefix(prefix + "/") else { return }
        let levels = topic.dropFirst(prefix.count + 1).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if levels.count == 1, levels[0] == "latest" {
            latest = payload.isEmpty ? nil : String(decoding: payload, as: UTF8.self)
            return
        }
        if levels.first == "config", levels.count >= 2, !(levels.count == 2 && levels[1] == "config") {
            pushed[topic] = message
            return
        }
        guard levels.count == 2, !levels[0].isEmpty else { return }
        let node = levels[0]
        switch levels[1] {
        case "config": configs[node] = ConfigReport.parse(payload)
        case "health": health[node] = PanelHealthReport.parse(payload)
        case "availability": availability[node] = payload.isEmpty ? nil : String(decoding: payload, as: UTF8.self)
        default: return
        }
    }

    /// Every node heard of, in order.
    public var nodes: [String] {
        var all = Set(configs.keys)
        all.formUnion(health.keys)
        all.formUnion(availability.keys)
        return all.sorted()
    }
}
