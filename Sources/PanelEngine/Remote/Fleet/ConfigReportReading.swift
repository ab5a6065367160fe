/// `P/config` read back: what `touchpanel fleet status` and `fleet push` hear from each panel.
/// The panel writes it (`ConfigReport.json`); this reads the same document, so the two cannot
/// drift apart.
extension ConfigReport {
    /// The report in a `P/config` payload; nil for one that is not JSON, has no `hash`, or
    /// names a source or a push result this build does not know.
    public static func parse(_ payload: [UInt8]) -> ConfigReport? {
        guard let hash = JSONReading.text(["hash"], payload), !hash.isEmpty,
            let source = Source(rawValue: JSONReading.text(["source"], payload) ?? "")
        else { return nil }
        var groups: [String] = []
        while let group = JSONReading.text(["groups", "\(groups.count)"], payload) { groups.append(group) }
        var report = ConfigReport(
            hash: hash, source: source, sequence: JSONReading.number(["sequence"], payload) ?? 0, topic: JSONReading.text(["topic"], payload) ?? "",
            since: JSONReading.text(["since"], payload) ?? "", groups: groups, version: JSONReading.text(["version"], payload) ?? "")
        if let pushHash = JSONReading.text(["push", "hash"], payload) {
            guard let result = Push.Result(rawValue: JSONReading.text(["push", "result"], payload) ?? "") else { return nil }
            report.push = Push(
                topic: JSONReading.text(["push", "topic"], payload) ?? "", sequence: JSONReading.number(["push", "sequence"], payload) ?? 0,
                hash: pushHash, result: result, error: JSONReading.text(["push", "error"], payload) ?? "",
                at: JSONReading.text(["push", "at"], payload) ?? "")
        }
        return report
    }

    /// The newest time the report names: when it began running its config or when its last
    /// push was answered (UTC text in ISO 8601 sorts as text).
    public var lastSeen: String {
        guard let at = push?.at, at > since else { return since }
        return at
    }
}

/// Scalars out of the small JSON documents panels retain, by path (JSONField).
enum JSONReading {
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
