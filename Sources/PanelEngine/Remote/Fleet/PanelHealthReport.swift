/// What a panel says on its retained `P/health`, read back: only what `fleet status` shows
/// (the version and config of a panel that has not said `P/config`).
public struct PanelHealthReport: Equatable, Sendable {
    public var version: String
    public var configHash: String

    public init(version: String, configHash: String) {
        self.version = version
        self.configHash = configHash
    }

    /// Nil for a payload that is not a JSON object with `version` or `config_hash`.
    public static func parse(_ payload: [UInt8]) -> PanelHealthReport? {
        let version = JSONReading.text(["version"], payload)
        let hash = JSONReading.text(["config_hash"], payload)
        guard version != nil || hash != nil else { return nil }
        return PanelHealthReport(version: version ?? "", configHash: hash ?? "")
    }
}
