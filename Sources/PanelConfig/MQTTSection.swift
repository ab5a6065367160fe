import LinuxSystem

/// The keys of `[mqtt]`.
enum MQTTKey: String, SectionKey {
    case host
    case port
    case clientID = "client_id"
    case topicPrefix = "topic_prefix"
    case username
    case passwordFile = "password_file"
    case caFile = "ca_file"
    case certFile = "cert_file"
    case keyFile = "key_file"
    case keepaliveS = "keepalive_s"
    case qos
    case queue
    case maxMessageKB = "max_message_kb"
    case commands
    case discovery
    case discoveryPrefix = "discovery_prefix"
    case name
    case mirror
    case mirrorMinS = "mirror_min_s"
    case mirrorTaps = "mirror_taps"

    var doc: KeyDoc {
        let defaults = MQTTConfig(host: "")
        return switch self {
        case .host: .required("the broker's host name or address; a name is looked up at each connect")
        case .port: .words("`1883`, or `8883` with `ca_file`", KeyDoc.span(MQTTDraft.portRange))
        case .clientID: .words("`touchpanel-HOSTNAME`", "1 to 64 printable characters without spaces")
        case .topicPrefix:
            .words("`touchpanel/NODE`, NODE the `client_id` made topic-safe", "a topic without wildcards or a leading or trailing /")
        case .username: .words("none", "the user name to log in with")
        case .passwordFile: .words("none", "a file whose first line is the password; needs `username`")
        case .caFile: .words("none: plain TCP", "TLS: verify the broker with the CAs in this file")
        case .certFile: .words("none", "TLS: a client certificate, with `key_file`")
        case .keyFile: .words("none", "TLS: the client certificate's key")
        case .keepaliveS: .value("\(defaults.keepaliveS)", "\(KeyDoc.span(MQTTDraft.keepaliveRange)) seconds")
        case .qos: .value("\(defaults.qos)", "\(KeyDoc.span(MQTTDraft.qosRange)): of events, state and availability")
        case .queue:
            .value("\(defaults.queueEvents)", "events kept while the broker is away (the newest), \(KeyDoc.span(MQTTDraft.queueRange))")
        case .maxMessageKB:
            .value("\(defaults.maxMessageKB)", "the longest message taken from the broker, in KiB: an MQTT 5 broker is asked to send none longer, one that comes anyway is dropped and logged, \(KeyDoc.span(MQTTDraft.maxMessageRange))")
        case .commands:
            .value(defaults.commands ? "yes" : "no",
                   "take commands from the broker (the `/set` topics and `P/command`); `no`: publish only, subscribe to no command topic")
        case .discovery: .value(defaults.discovery ? "yes" : "no", "Home Assistant MQTT discovery")
        case .discoveryPrefix: .value(defaults.discoveryPrefix, "where the discovery documents go")
        case .name: .words("the host name", "the device's name in Home Assistant, 1 to 64 bytes")
        case .mirror:
            .value(defaults.mirror ? "yes" : "no",
                   "publish the screen as a PNG on `P/screen` (retained; an image entity in Home Assistant) when it changed, encoded a share per turn")
        case .mirrorMinS:
            .value("\(defaults.mirrorMinS)", "the least seconds between two pictures of the screen, \(KeyDoc.span(MQTTDraft.mirrorMinRange))")
        case .mirrorTaps:
            .value(defaults.mirrorTaps ? "yes" : "no",
                   "`{\"x\":..,\"y\":..}` on `P/screen/tap` taps the panel there; never a button with `interlock` or hold-to-run; needs `mirror` and `commands`")
        }
    }
}

/// `[mqtt]` while it is read. `host` is required; everything else has a default.
struct MQTTDraft: SectionDraft {
    static let portRange: ClosedRange<Int> = 1...65_535
    static let keepaliveRange: ClosedRange<Int> = 5...3_600
    static let qosRange: ClosedRange<Int> = 0...2
    static let queueRange: ClosedRange<Int> = 1...10_000
    static let maxMessageRange: ClosedRange<Int> = 1...16_384
    static let mirrorMinRange: ClosedRange<Int> = 1...3_600

    let title = "mqtt"
    let header: SourceLine
    var given = GivenKeys()
    var config = MQTTConfig(host: "")

    init(header: SourceLine) {
        self.header = header
    }

    mutating func set(_ key: MQTTKey, from value: String) throws(ValueProblem) {
        switch key {
        case .host:
            guard !value.isEmpty, value.utf8.count <= 253, value.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
                throw .expected("a host name or address such as 192.168.1.10 or broker.local", found: value)
            }
            config.host = value
        case .port:
            config.port = try ValueSyntax.integer(value, in: MQTTDraft.portRange, unit: "")
        case .clientID:
            // MQTT 3.1.1 servers must take 1..23 bytes of [0-9a-zA-Z]; mosquitto takes more.
            guard !value.isEmpty, value.utf8.count <= 64, value.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
                throw .expected("1 to 64 printable characters without spaces, such as kitchen-panel", found: value)
            }
            config.clientID = value
        case .topicPrefix:
            guard MQTTDraft.isTopicPrefix(value) else {
                throw .expected("a topic without wildcards (+ #) or a leading or trailing /, such as touchpanel/kitchen", found: value)
            }
            config.topicPrefix = value
        case .username:
            guard !value.isEmpty else { throw .expected("a user name", found: value) }
            config.username = value
        case .passwordFile:
            config.passwordFile = try MQTTDraft.absolutePath(value)
        case .caFile:
            config.caFile = try MQTTDraft.absolutePath(value)
        case .certFile:
            config.certFile = try MQTTDraft.absolutePath(value)
        case .keyFile:
            config.keyFile = try MQTTDraft.absolutePath(value)
        case .keepaliveS:
            config.keepaliveS = try ValueSyntax.integer(value, in: MQTTDraft.keepaliveRange, unit: " (seconds)")
        case .qos:
            config.qos = try ValueSyntax.integer(value, in: MQTTDraft.qosRange, unit: "")
        case .queue:
            config.queueEvents = try ValueSyntax.integer(value, in: MQTTDraft.queueRange, unit: " (events)")
        case .maxMessageKB:
            config.maxMessageKB = try ValueSyntax.integer(value, in: MQTTDraft.maxMessageRange, unit: " (KiB)")
        case .commands:
            config.commands = try ValueSyntax.boolean(value)
        case .discovery:
            config.discovery = try ValueSyntax.boolean(value)
        case .discoveryPrefix:
            guard MQTTDraft.isTopicPrefix(value) else {
                throw .expected("a topic without wildcards (+ #) or a leading or trailing /, such as homeassistant", found: value)
            }
            config.discoveryPrefix = value
        case .name:
            guard !value.isEmpty, value.utf8.count <= 64 else { throw .expected("a name of 1 to 64 bytes", found: value) }
            config.deviceName = value
        case .mirror:
            config.mirror = try ValueSyntax.boolean(value)
        case .mirrorMinS:
            config.mirrorMinS = try ValueSyntax.integer(value, in: MQTTDraft.mirrorMinRange, unit: " (seconds)")
        case .mirrorTaps:
            config.mirrorTaps = try ValueSyntax.boolean(value)
        }
    }

    /// A topic that other topics are made under: no wildcards, no empty levels at its ends.
    static func isTopicPrefix(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return !bytes.isEmpty && bytes.count <= 128 && bytes.first != UInt8(ascii: "/") && bytes.last != UInt8(ascii: "/")
            && !bytes.contains { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "#") || $0 < 0x20 || $0 == 0x7F }
    }

    /// Valid but open to strangers: a password sent in clear text over the network, or a
    /// password file that others than its owner may read or change (looked at on disk now:
    /// `check` runs where the panel will).
    func warn(_ warnings: inout ErrorCollector) {
        guard let file = config.passwordFile, let place = place(.passwordFile) else { return }
        let key = MQTTKey.passwordFile.rawValue
        if config.caFile == nil, !MQTTDraft.isLoopback(config.host) {
            warnings.add(at: place, section: title, key: key,
                         "warning: without TLS the password goes to \(config.host) in clear text, readable by anyone on the "
                         + "network between; give ca_file (the broker then needs a TLS listener, usually on port 8883)")
        }
        if let bits = FilePermissions.bits(ofFile: file), bits & 0o077 != 0 {
            warnings.add(at: place, section: title, key: key,
                         "warning: \(file) has mode \(ValueSyntax.permissionText(bits)): users other than its owner can read "
                         + "or change the password; chmod 600 \(file), owned by the user the panel runs as (touchpanel under systemd)")
        }
    }

    /// A broker on this machine: its traffic never leaves it. `localhost`, `::1` and 127.x.x.x.
    static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" || host == "::1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127"
            && parts.allSatisfy { !$0.isEmpty && $0.utf8.count <= 3 && $0.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } }
    }

    static func absolutePath(_ text: String) throws(ValueProblem) -> String {
        guard text.utf8.first == UInt8(ascii: "/"), text.utf8.count <= 4_095 else {
            throw .expected("an absolute path", found: text)
        }
        return text
    }

    /// The section, or nil (and why in `errors`) when a required key is missing or keys
    /// contradict each other.
    func finish(errors: inout ErrorCollector) -> MQTTConfig? {
        var ok = true
        if place(.host) == nil {
            errors.add(at: header, section: title, key: MQTTKey.host.rawValue, "missing: the broker's host name or address (host = 192.168.1.10)")
            ok = false
        }
        if (config.certFile == nil) != (config.keyFile == nil) {
            let half: MQTTKey = config.certFile != nil ? .certFile : .keyFile
            errors.add(at: place(half) ?? header, section: title, key: half.rawValue,
                       "cert_file and key_file go together: the client certificate and its key")
            ok = false
        } else if config.certFile != nil, config.caFile == nil {
            errors.add(at: place(.certFile) ?? header, section: title, key: MQTTKey.certFile.rawValue,
                       "a client certificate needs TLS: give ca_file too")
            ok = false
        }
        if config.passwordFile != nil, config.username == nil {
            errors.add(at: place(.passwordFile) ?? header, section: title, key: MQTTKey.passwordFile.rawValue,
                       "a password needs a username")
            ok = false
        }
        if config.mirrorTaps, let place = place(.mirrorTaps) {
            if !config.mirror {
                errors.add(at: place, section: title, key: MQTTKey.mirrorTaps.rawValue,
                           "taps on the mirrored screen need the mirror: give mirror = yes")
                ok = false
            } else if !config.commands {
                errors.add(at: place, section: title, key: MQTTKey.mirrorTaps.rawValue,
                           "commands = no takes no command from the broker, and a tap is one: give commands = yes or mirror_taps = no")
                ok = false
            }
        }
        return ok ? config : nil
    }
}
