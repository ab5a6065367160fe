/// What a panel says on its retained `P/config` (issue 48): the config it runs and how the last
/// config pushed to it went. Read by `touchpanel fleet status` and `fleet push`; only the fields
/// they use are taken, and a document without `hash` is no report.
public struct PanelConfigReport: Equatable, Sendable {
    /// How the last pushed config went, as the panel says it under `push`.
    public struct PushOutcome: Equatable, Sendable {
        public var topic: String
        public var sequence: UInt64
        public var hash: String
        /// `applied` or `refused` (kept as written: a newer panel may say more).
        public var result: String
        public var error: String
        public var at: String

        public init(topic: String, sequence: UInt64, hash: String, result: String, error: String = "", at: String = "") {
            self.topic = topic
            self.sequence = sequence
            self.hash = hash
            self.result = result
            self.error = error
            self.at = at
        }

        public var applied: Bool { result == "applied" }
        public var refused: Bool { result == "refused" }
    }

    /// SHA-256 hex of the config it runs.
    public var hash: String
    /// `local` or `pushed`.
    public var source: String
    public var sequence: UInt64
    public var topic: String
    /// When it began running this config (UTC, ISO 8601).
    public var since: String
    public var groups: [String]
    public var version: String
    public var push: PushOutcome?

    public init(
        hash: String, source: String = "local", sequence: UInt64 = 0, topic: String = "", since: String = "", groups: [String] = [],
        version: String = "", push: PushOutcome? = nil
    ) {
        self.hash = hash
        self.source = source
        self.sequence = sequence
        self.topic = topic
        self.since = since
        self.groups = groups
        self.version = version
        self.push = push
    }

    /// The report in a `P/config` payload; nil for one that is not JSON or has no `hash`.
    public static func parse(_ payload: [UInt8]) -> PanelConfigReport? {
        guard let hash = text(["hash"], payload), !hash.isEmpty else { return nil }
        var report = PanelConfigReport(hash: hash)
        report.source = text(["source"], payload) ?? ""
        report.sequence = number(["sequence"], payload) ?? 0
        report.topic = text(["topic"], payload) ?? ""
        report.since = text(["since"], payload) ?? ""
        report.version = text(["version"], payload) ?? ""
        var index = 0
        while let group = text(["groups", "\(index)"], payload) {
            report.groups.append(group)
            index += 1
        }
        if let pushHash = text(["push", "hash"], payload) {
            report.push = PushOutcome(
                topic: text(["push", "topic"], payload) ?? "", sequence: number(["push", "sequence"], payload) ?? 0, hash: pushHash,
                result: text(["push", "result"], payload) ?? "", error: text(["push", "error"], payload) ?? "",
                at: text(["push", "at"], payload) ?? "")
        }
        return report
    }

    /// The newest time the report names: when it began running its config or when its last
    /// push was answered (ISO 8601 in UTC sorts as text).
    public var lastSeen: String {
        guard let at = push?.at, at > since else { return since }
        return at
    }

    static func text(_ path: [String], _ payload: [UInt8]) -> String? {
        guard case .success(let scalar) = JSONField.value(at: path, in: payload) else { return nil }
        switch scalar {
        case .text(let text): return text
        case .number(let text): return text
        case .boolean, .null: return nil
        }
    }

    static func number(_ path: [String], _ payload: [UInt8]) -> UInt64? {
        guard case .success(.number(let text)) = JSONField.value(at: path, in: payload) else { return nil }
        return UInt64(text)
    }
}

/// What a panel says on its retained `P/health`: only what `fleet status` shows.
public struct PanelHealthReport: Equatable, Sendable {
    public var version: String
    public var configHash: String

    public init(version: String, configHash: String) {
        self.version = version
        self.configHash = configHash
    }

    /// Nil for a payload that is not a JSON object with `version` or `config_hash`.
    public static func parse(_ payload: [UInt8]) -> PanelHealthReport? {
        let version = PanelConfigReport.text(["version"], payload)
        let hash = PanelConfigReport.text(["config_hash"], payload)
        guard version != nil || hash != nil else { return nil }
        return PanelHealthReport(version: version ?? "", configHash: hash ?? "")
    }
}
