import PanelConfig

/// The topics panels of one fleet share, under `[fleet] prefix` (`touchpanel` by default):
///
/// - `PREFIX/config/NODE` and `PREFIX/config/group/GROUP`: a pushed config, retained
///   (`PushedConfigMessage`);
/// - `PREFIX/group/GROUP/...`: a command every panel of the group takes as its own topic's;
/// - `PREFIX/latest`: the newest version the fleet runs, retained (Home Assistant's `update`).
///
/// A panel's own topics (`P/config`, `P/health`) stay under its `[mqtt] prefix`.
public struct FleetTopics: Equatable, Sendable {
    public let prefix: String
    public let nodeID: String
    public let groups: [String]

    public init(prefix: String, nodeID: String, groups: [String]) {
        self.prefix = prefix
        self.nodeID = nodeID
        self.groups = groups
    }

    public init(_ fleet: FleetConfig, nodeID: String) {
        self.init(prefix: fleet.prefix, nodeID: nodeID, groups: fleet.groups)
    }

    /// Where this panel's own pushed config is kept.
    public var nodeConfig: String { FleetTopics.nodeConfig(prefix: prefix, node: nodeID) }
    public static func nodeConfig(prefix: String, node: String) -> String { "\(prefix)/config/\(node)" }
    /// Where a group's pushed config is kept.
    public func groupConfig(_ group: String) -> String { FleetTopics.groupConfig(prefix: prefix, group: group) }
    public static func groupConfig(prefix: String, group: String) -> String { "\(prefix)/config/group/\(group)" }
    /// The first levels of a group's commands.
    public func groupPrefix(_ group: String) -> String { "\(prefix)/group/\(group)" }
    public var latest: String { "\(prefix)/latest" }
    /// Every group's commands, one subscription a group (`PREFIX/group/G/#`): what is not a
    /// command topic of the table is ignored on arrival.
    public var groupPatterns: [String] { groups.map { groupPrefix($0) + "/#" } }

    /// The config topics this panel takes pushed configs from: its own, then its groups'.
    public var configTopics: [String] { [nodeConfig] + groups.map(groupConfig) }
}
