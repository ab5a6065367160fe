/// `[fleet]`: the panel as one of many that share a broker (issue 48). Its group topics reach
/// every panel of a group; with `accept_config` it runs configs pushed to it, signed by the
/// holder of the key it trusts; it says what it runs on `P/config` and how it is on `P/health`.
public struct FleetConfig: Equatable, Sendable {
    /// What a pushed config may change beyond items, pages, looks, themes, texts and bindings:
    /// the sections that reach the machine stay the local file's unless `allow` names them.
    public enum Allowance: String, CaseIterable, Equatable, Sendable {
        case controller
        case display
        case outputs
        /// The `[exec]` section and buttons' exec actions.
        case exec
        /// Buttons' and sliders' gpio actions.
        case gpio
        case mqtt
        case homeassistant
        /// `[control]`: the socket's path and who may write to it.
        case control
    }

    /// The first levels of every fleet topic: `PREFIX/config/NODE`, `PREFIX/group/G/...`,
    /// `PREFIX/latest`.
    public var prefix: String
    /// The groups this panel is in, in the order written.
    public var groups: [String]
    /// Whether configs pushed over the broker are taken at all.
    public var acceptConfig: Bool
    /// The PEM file of the Ed25519 public key whose signatures are trusted (resolved against
    /// the config's folder); nil without `accept_config`.
    public var trustKeyFile: String?
    public var allow: [Allowance]
    /// The section's header line, for messages.
    public var line: Int

    public static let defaultPrefix = "touchpanel"

    public init(
        prefix: String = FleetConfig.defaultPrefix, groups: [String] = [], acceptConfig: Bool = false, trustKeyFile: String? = nil,
        allow: [Allowance] = [], line: Int = 0
    ) {
        self.prefix = prefix
        self.groups = groups
        self.acceptConfig = acceptConfig
        self.trustKeyFile = trustKeyFile
        self.allow = allow
        self.line = line
    }

    /// `a, b` as written back by `check`.
    public static func listText(_ words: [String]) -> String {
        words.joined(separator: ", ")
    }
}
