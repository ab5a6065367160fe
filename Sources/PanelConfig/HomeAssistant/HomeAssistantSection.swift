import LinuxSystem

/// The keys of `[homeassistant]`.
enum HomeAssistantKey: String, SectionKey {
    case url
    case tokenFile = "token_file"
    case caFile = "ca_file"
    case maxMessageKB = "max_message_kb"

    var doc: KeyDoc {
        switch self {
        case .url: .required("`http://HOST:8123` or `https://HOST:PORT`: Home Assistant, whose websocket API is at `/api/websocket`; a name is looked up at each connect")
        case .tokenFile: .required("a file whose first line is a long-lived access token (your profile in Home Assistant, Security); a relative path is taken from the config file's folder")
        case .caFile: .words("none: the system's CAs", "https: verify Home Assistant with the CAs in this file (a private CA); the host name is always verified")
        case .maxMessageKB:
            .value("\(HomeAssistantConfig.defaultMaxMessageKB)", "the longest message taken, in KiB: a longer one is skipped and logged, \(KeyDoc.span(HomeAssistantDraft.maxMessageRange))")
        }
    }
}

/// `[homeassistant]` while it is read: `url` and `token_file` are required.
struct HomeAssistantDraft: SectionDraft {
    static let maxMessageRange: ClosedRange<Int> = 16...16_384

    let title = "homeassistant"
    let header: SourceLine
    var given = GivenKeys()
    private var url: HomeAssistantURL?
    private var tokenFile: String?
    private var caFile: String?
    private var maxMessageKB = HomeAssistantConfig.defaultMaxMessageKB

    init(header: SourceLine) {
        self.header = header
    }

    mutating func set(_ key: HomeAssistantKey, from value: String) throws(ValueProblem) {
        switch key {
        case .url:
            switch HomeAssistantURL.parse(value) {
            case .success(let parsed): url = parsed
            case .failure(let problem):
                throw .expected("a URL that \(problem.message), such as http://192.168.1.10:8123", found: value)
            }
        case .tokenFile:
            tokenFile = try HomeAssistantDraft.path(value)
        case .caFile:
            caFile = try HomeAssistantDraft.path(value)
        case .maxMessageKB:
            maxMessageKB = try ValueSyntax.integer(value, in: HomeAssistantDraft.maxMessageRange, unit: " (KiB)")
        }
    }

    /// A file's path as written: absolute, or relative to the config file.
    static func path(_ text: String) throws(ValueProblem) -> String {
        guard !text.isEmpty, text.utf8.count <= 4_095, !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else {
            throw .expected("a file's path, such as /etc/touchpanel/ha-token", found: text)
        }
        return text
    }

    /// `key`'s file as the panel opens it (`SourceLine.resolving`).
    private func resolved(_ path: String?, _ key: HomeAssistantKey) -> String? {
        guard let path, let place = place(key) else { return path }
        return place.resolving(path)
    }

    /// The files it names, for the start's check that each is there.
    var files: [(HomeAssistantKey, String)] {
        var files: [(HomeAssistantKey, String)] = []
        if let tokenFile = resolved(tokenFile, .tokenFile) { files.append((.tokenFile, tokenFile)) }
        if let caFile = resolved(caFile, .caFile) { files.append((.caFile, caFile)) }
        return files
    }

    /// Valid but open to strangers: a token sent in clear text over the network, or a token
    /// file that others than its owner may read (looked at on disk now: `check` runs where
    /// the panel will). The token's text is never part of a message.
    func warn(_ warnings: inout ErrorCollector) {
        guard let tokenFile = resolved(tokenFile, .tokenFile), let place = place(.tokenFile) else { return }
        let key = HomeAssistantKey.tokenFile.rawValue
        if let url, !url.tls, !MQTTDraft.isLoopback(url.host) {
            warnings.add(at: place, section: title, key: key,
                         "warning: over http:// the token goes to \(url.host) in clear text, readable by anyone on the network "
                         + "between; an https:// url (with ca_file for a private CA) keeps it private")
        }
        if let bits = FilePermissions.bits(ofFile: tokenFile), bits & 0o077 != 0 {
            warnings.add(at: place, section: title, key: key,
                         "warning: \(tokenFile) has mode \(ValueSyntax.permissionText(bits)): users other than its owner can read "
                         + "or change the token; chmod 600 \(tokenFile), owned by the user the panel runs as (touchpanel under systemd)")
        }
    }

    func finish(errors: inout ErrorCollector) -> HomeAssistantConfig? {
        requireKey(.url, "Home Assistant's address (url = http://192.168.1.10:8123)", errors: &errors)
        requireKey(.tokenFile, "the file with a long-lived access token (token_file = /etc/touchpanel/ha-token)", errors: &errors)
        guard let url, let tokenFile = resolved(tokenFile, .tokenFile) else { return nil }
        if caFile != nil, !url.tls {
            errors.add(at: place(.caFile) ?? header, section: title, key: HomeAssistantKey.caFile.rawValue,
                       "ca_file verifies an https:// server; the url is http://")
            return nil
        }
        return HomeAssistantConfig(url: url, tokenFile: tokenFile, caFile: resolved(caFile, .caFile), maxMessageKB: maxMessageKB)
    }
}
