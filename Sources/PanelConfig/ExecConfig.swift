/// `[exec]`: how `exec` actions run. Without the section (configs written before it), as
/// they always have: children of the panel with the service's groups.
public struct ExecConfig: Equatable, Sendable {
    /// `groups`: which supplementary groups the commands get.
    public enum Groups: String, Equatable, Sendable {
        /// The panel's own (under systemd: gpio, i2c, input, video): a command may drive a
        /// GPIO line or read the touchscreen itself (gpioset, evtest).
        case service
        /// None: the commands run through the exec runner (touchpanel-exec.socket), as the
        /// user touchpanel-exec in the group touchpanel only.
        case none
    }

    public var groups: Groups
    /// `runner`: the exec runner's socket, for `groups = none`.
    public var runnerSocket: String

    public init(groups: Groups = .service, runnerSocket: String = ExecConfig.defaultRunnerSocket) {
        self.groups = groups
        self.runnerSocket = runnerSocket
    }

    /// Where touchpanel-exec.socket listens.
    public static let defaultRunnerSocket = "/run/touchpanel-exec.sock"
    /// A config without `[exec]`.
    public static let defaults = ExecConfig()
}

/// The keys of `[exec]`.
enum ExecKey: String, SectionKey {
    case groups
    case runner

    var doc: KeyDoc {
        switch self {
        case .groups:
            .words("`service` (without [exec])",
                   "`none`: commands run through the exec runner (touchpanel-exec.socket) without the panel's device groups; "
                   + "`service`: as the panel's children, with its groups (gpio, i2c, input, video)")
        case .runner: .value(ExecConfig.defaultRunnerSocket, "the exec runner's socket, for `groups = none`: an absolute path of at most 107 bytes")
        }
    }
}

/// `[exec]` while it is read. Every key is optional.
struct ExecDraft: SectionDraft {
    let title = "exec"
    let header: SourceLine
    var given = GivenKeys()
    var config = ExecConfig.defaults

    init(header: SourceLine) {
        self.header = header
    }

    mutating func set(_ key: ExecKey, from value: String) throws(ValueProblem) {
        switch key {
        case .groups:
            guard let groups = ExecConfig.Groups(rawValue: value) else {
                throw .expected("none or service", found: value)
            }
            config.groups = groups
        case .runner:
            config.runnerSocket = try ValueSyntax.socketPath(value, example: ExecConfig.defaultRunnerSocket)
        }
    }
}
