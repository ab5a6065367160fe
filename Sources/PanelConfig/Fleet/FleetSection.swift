/// The keys of `[fleet]`.
enum FleetKey: String, SectionKey {
    case prefix
    case groups
    case acceptConfig = "accept_config"
    case trustKey = "trust_key"
    case allow

    var doc: KeyDoc {
        switch self {
        case .prefix: .value(FleetConfig.defaultPrefix, "the first levels of the fleet's topics: `PREFIX/config/NODE`, `PREFIX/group/GROUP/...`, `PREFIX/latest`")
        case .groups: .words("none", "the groups this panel is in, comma-separated (`floor1, all`): it takes `PREFIX/group/GROUP/...` commands and configs pushed to `PREFIX/config/group/GROUP`")
        case .acceptConfig: .value("no", "`yes`: run configs pushed over the broker when `trust_key` signed them")
        case .trustKey: .words("none", "with `accept_config`: a PEM file with the Ed25519 public key whose signatures are trusted (`openssl pkey -pubout`); a relative path is taken from the config file's folder")
        case .allow:
            .words("none", "what a pushed config may change beyond items, pages, looks and bindings: any of \(FleetConfig.Allowance.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ")); without it those stay the local file's")
        }
    }
}

/// `[fleet]` while it is read.
struct FleetDraft: SectionDraft {
    let title = "fleet"
    let header: SourceLine
    var given = GivenKeys()
    var prefix = FleetConfig.defaultPrefix
    var groups: [String] = []
    var acceptConfig = false
    var trustKey: String?
    var allow: [FleetConfig.Allowance] = []

    init(header: SourceLine) {
        self.header = header
    }

    mutating func set(_ key: FleetKey, from value: String) throws(ValueProblem) {
        switch key {
        case .prefix: prefix = try ValueSyntax.topic(value)
        case .groups:
            var names: [String] = []
            for word in FleetDraft.listWords(value) {
                let name = try ValueSyntax.groupName(word)
                if !names.contains(name) { names.append(name) }
            }
            guard !names.isEmpty else { throw .expected("group names, comma-separated, such as floor1, all", found: value) }
            groups = names
        case .acceptConfig: acceptConfig = try ValueSyntax.boolean(value)
        case .trustKey: trustKey = try HomeAssistantDraft.path(value)
        case .allow:
            var allowances: [FleetConfig.Allowance] = []
            for word in FleetDraft.listWords(value) {
                guard let allowance = FleetConfig.Allowance(rawValue: word) else {
                    throw .expected(
                        "any of \(FleetConfig.Allowance.allCases.map { $0.rawValue }.joined(separator: ", ")), comma-separated", found: word)
                }
                if !allowances.contains(allowance) { allowances.append(allowance) }
            }
            allow = allowances
        }
    }

    /// `a, b c`: words split at commas and white space.
    static func listWords(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).map(String.init)
    }

    /// The section; nil (and why in `errors`) without `[mqtt]`, or with keys of
    /// `accept_config` but not it, or it without its key.
    func finish(hasMQTT: Bool, errors: inout ErrorCollector) -> FleetConfig? {
        var ok = true
        if !hasMQTT {
            errors.add(at: header, section: title, "[fleet] needs an [mqtt] section: the broker the fleet shares")
            ok = false
        }
        if acceptConfig, trustKey == nil, place(.acceptConfig) != nil {
            errors.add(at: place(.acceptConfig) ?? header, section: title, key: FleetKey.acceptConfig.rawValue,
                       "accept_config = yes needs trust_key = FILE: the public key pushed configs must be signed with")
            ok = false
        }
        for key in [FleetKey.trustKey, .allow] where !acceptConfig && given.text(of: key.rawValue) != nil {
            errors.add(at: place(key) ?? header, section: title, key: key.rawValue, "\(key.rawValue) belongs to accept_config = yes")
            ok = false
        }
        guard ok else { return nil }
        let keyFile = trustKey.map { path in place(.trustKey)?.resolving(path) ?? path }
        return FleetConfig(prefix: prefix, groups: groups, acceptConfig: acceptConfig, trustKeyFile: keyFile, allow: allow, line: header.line)
    }
}
