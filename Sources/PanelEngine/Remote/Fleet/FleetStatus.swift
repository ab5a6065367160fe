/// The table `touchpanel fleet status` prints, made from what it heard: one row per panel,
/// then the summary. A panel drifts when the config it runs is not the one pushed to it (the
/// newest sequence among its node's topic and its groups', the node's on a tie), or, for a
/// panel nothing was pushed to, when it differs from what most such panels of one of its
/// groups run (a plurality of two or more that no other hash ties).
public struct FleetStatus: Equatable, Sendable {
    public enum Drift: Equatable, Sendable {
        /// Runs something else than the config pushed on `topic`, whose hash is given.
        case pushed(topic: String, hash: String)
        /// Runs something else than most panels of `group`, which run `hash`.
        case group(String, hash: String)
    }

    public struct Row: Equatable, Sendable {
        public var node: String
        public var online: Bool
        public var version: String
        /// Empty when the panel said nothing of its config.
        public var hash: String
        /// `local`, `pushed` or empty.
        public var source: String
        public var sequence: UInt64
        public var lastSeen: String
        public var groups: [String]
        public var drift: Drift?
        public var old: Bool
    }

    public var rows: [Row]
    /// The newest version the fleet runs or `FLEET/latest` announces.
    public var newestVersion: String?

    /// The table for every panel heard of, or only those whose groups contain `group`.
    public init(_ heard: FleetObservations, group: String? = nil) {
        var rows: [Row] = []
        for node in heard.nodes {
            let config = heard.configs[node]
            let health = heard.health[node]
            let version = config.map { $0.version }.flatMap { $0.isEmpty ? nil : $0 } ?? health?.version ?? ""
            let hash = config?.hash ?? health?.configHash ?? ""
            rows.append(Row(
                node: node, online: heard.availability[node] == "online", version: version, hash: hash,
                source: config?.source.rawValue ?? "", sequence: config?.sequence ?? 0, lastSeen: config?.lastSeen ?? "",
                groups: config?.groups ?? [], drift: nil, old: false))
        }
        // Drift against what was pushed.
        var unpushed: [Int] = []
        for index in rows.indices {
            guard !rows[index].hash.isEmpty else { continue }
            if let (topic, pushed) = FleetStatus.pushedConfig(for: rows[index], heard) {
                if pushed.hash != rows[index].hash { rows[index].drift = .pushed(topic: topic, hash: pushed.hash) }
            } else {
                unpushed.append(index)
            }
        }
        // Drift against the group's majority, among panels nothing was pushed to.
        for index in unpushed {
            for name in rows[index].groups {
                let members = unpushed.filter { rows[$0].groups.contains(name) }
                guard let majority = FleetStatus.majority(members.map { rows[$0].hash }), majority != rows[index].hash else { continue }
                rows[index].drift = .group(name, hash: majority)
                break
            }
        }
        let newest = VersionOrder.newest(rows.map { $0.version } + (heard.latest.map { [$0] } ?? []))
        for index in rows.indices {
            if let newest, !rows[index].version.isEmpty { rows[index].old = VersionOrder.isOlder(rows[index].version, than: newest) }
        }
        if let group { rows = rows.filter { $0.groups.contains(group) } }
        self.rows = rows
        self.newestVersion = newest
    }

    /// The config pushed to the panel: the newest sequence among its node's topic and its
    /// groups' topics, its node's on a tie.
    static func pushedConfig(for row: Row, _ heard: FleetObservations) -> (String, FleetObservations.Pushed)? {
        let topics = [FleetTopics.nodeConfig(prefix: heard.prefix, node: row.node)]
            + row.groups.map { FleetTopics.groupConfig(prefix: heard.prefix, group: $0) }
        var best: (String, FleetObservations.Pushed)?
        for topic in topics {
            guard let pushed = heard.pushed[topic] else { continue }
            if let current = best, current.1.sequence >= pushed.sequence { continue }
            best = (topic, pushed)
        }
        return best
    }

    /// The hash most of `hashes` are, when at least two are and no other is as many.
    static func majority(_ hashes: [String]) -> String? {
        var counts: [String: Int] = [:]
        for hash in hashes { counts[hash, default: 0] += 1 }
        guard let top = counts.values.max(), top >= 2, counts.values.filter({ $0 == top }).count == 1 else { return nil }
        return counts.first { $0.value == top }?.key
    }

    public var summary: String {
        let online = rows.filter { $0.online }.count
        let drifting = rows.filter { $0.drift != nil }.count
        let old = rows.filter { $0.old }.count
        return "\(rows.count) panel\(rows.count == 1 ? "" : "s"), \(online) online, \(drifting) drifting, \(old) on an old version"
    }

    /// The table as printed: a header, one line per panel, the summary.
    public var text: String {
        var lines: [[String]] = [["NODE", "STATE", "VERSION", "CONFIG", "SOURCE", "LAST SEEN", "DRIFT"]]
        for row in rows {
            let source: String
            switch row.source {
            case "": source = "-"
            case "pushed": source = "pushed \(row.sequence)"
            default: source = row.source
            }
            var version = row.version.isEmpty ? "-" : row.version
            if row.old { version += " (old)" }
            let drift: String
            switch row.drift {
            case nil: drift = "-"
            case .pushed(let topic, let hash): drift = "drift: \(topic) has \(FleetStatus.short(hash))"
            case .group(let group, let hash): drift = "drift: group \(group) runs \(FleetStatus.short(hash))"
            }
            lines.append([
                row.node, row.online ? "online" : "offline", version, row.hash.isEmpty ? "-" : FleetStatus.short(row.hash), source,
                row.lastSeen.isEmpty ? "-" : row.lastSeen, drift,
            ])
        }
        var widths = [Int](repeating: 0, count: 7)
        for line in lines {
            for (column, cell) in line.enumerated() { widths[column] = max(widths[column], cell.count) }
        }
        var out = ""
        for line in lines {
            var text = ""
            for (column, cell) in line.enumerated() {
                text += cell
                if column < line.count - 1 { text += String(repeating: " ", count: widths[column] - cell.count + 2) }
            }
            out += text + "\n"
        }
        return out + summary + "\n"
    }

    /// A hash as the table shows it: its first 12 hex digits.
    public static func short(_ hash: String) -> String { String(hash.prefix(12)) }
}
