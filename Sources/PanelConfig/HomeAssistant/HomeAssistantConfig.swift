/// `[homeassistant]`: the panel's own link to Home Assistant's websocket API, so that items
/// show and drive Home Assistant entities (`entity = light.hall`) with nothing written in
/// Home Assistant. A panel without the section opens no connection.
public struct HomeAssistantConfig: Equatable, Sendable {
    public var url: HomeAssistantURL
    /// A file whose first line is a long-lived access token: the config itself holds no secret.
    public var tokenFile: String
    /// https: the CAs that sign Home Assistant's certificate, instead of the system's store.
    public var caFile: String?
    /// `max_message_kb`: a longer message is skipped unread and logged; the link stays up.
    public var maxMessageKB: Int

    public static let defaultMaxMessageKB = 256

    public init(url: HomeAssistantURL, tokenFile: String, caFile: String? = nil, maxMessageKB: Int = HomeAssistantConfig.defaultMaxMessageKB) {
        self.url = url
        self.tokenFile = tokenFile
        self.caFile = caFile
        self.maxMessageKB = maxMessageKB
    }
}

/// `http://HOST:PORT` or `https://HOST:PORT`, with an optional path before `/api/websocket`
/// (Home Assistant behind a proxy that serves it under a prefix).
public struct HomeAssistantURL: Equatable, Sendable {
    public var tls: Bool
    public var host: String
    public var port: Int
    /// Everything before `/api/websocket`: empty, or `/ha` for a prefix.
    public var prefix: String

    public init(tls: Bool, host: String, port: Int, prefix: String = "") {
        self.tls = tls
        self.host = host
        self.port = port
        self.prefix = prefix
    }

    /// Home Assistant's own port when the URL names none.
    public static let defaultPort = 8123

    /// The path the websocket client asks for.
    public var websocketPath: String { prefix + "/api/websocket" }

    /// As written back by `check --effective`.
    public var text: String {
        let scheme = tls ? "https" : "http"
        let shownHost = host.utf8.contains(UInt8(ascii: ":")) ? "[\(host)]" : host
        return "\(scheme)://\(shownHost):\(port)\(prefix)"
    }

    /// Parses `http://HOST[:PORT][/PREFIX]` or `https://...`; nil with what was wrong.
    public static func parse(_ text: String) -> Result<HomeAssistantURL, URLProblem> {
        let bytes = Array(text.utf8)
        let tls: Bool
        var rest: ArraySlice<UInt8>
        if bytes.starts(with: Array("http://".utf8)) {
            tls = false
            rest = bytes[7...]
        } else if bytes.starts(with: Array("https://".utf8)) {
            tls = true
            rest = bytes[8...]
        } else {
            return .failure(URLProblem(message: "starts with http:// or https://"))
        }
        guard rest.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            return .failure(URLProblem(message: "has no spaces or control characters"))
        }
        // The authority ends at the first slash; what follows is the prefix.
        let slash = rest.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
        var prefix = Array(rest[slash...])
        while prefix.last == UInt8(ascii: "/") { prefix.removeLast() }
        let authority = rest[rest.startIndex..<slash]
        if prefix.contains(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
            return .failure(URLProblem(message: "has no query or fragment"))
        }
        if authority.contains(UInt8(ascii: "@")) {
            return .failure(URLProblem(message: "holds no user or password (the token goes in token_file)"))
        }
        var host: ArraySlice<UInt8>
        var portText: ArraySlice<UInt8>?
        if authority.first == UInt8(ascii: "[") {
            // An IPv6 literal: [::1]:8123.
            guard let close = authority.firstIndex(of: UInt8(ascii: "]")) else {
                return .failure(URLProblem(message: "closes its [IPv6 address]"))
            }
            host = authority[(authority.startIndex + 1)..<close]
            let after = authority[(close + 1)...]
            if !after.isEmpty {
                guard after.first == UInt8(ascii: ":") else { return .failure(URLProblem(message: "has :PORT after the ]")) }
                portText = after.dropFirst()
            }
        } else if let colon = authority.firstIndex(of: UInt8(ascii: ":")) {
            host = authority[authority.startIndex..<colon]
            portText = authority[(colon + 1)...]
        } else {
            host = authority
        }
        guard !host.isEmpty, host.count <= 253 else { return .failure(URLProblem(message: "names a host, such as http://192.168.1.10:8123")) }
        var port = defaultPort
        if let portText {
            guard let value = ValueSyntax.integer(portText), (1...65_535).contains(value) else {
                return .failure(URLProblem(message: "has a port of 1 to 65535 after the host"))
            }
            port = value
        }
        return .success(HomeAssistantURL(
            tls: tls, host: String(decoding: host, as: UTF8.self), port: port, prefix: String(decoding: prefix, as: UTF8.self)))
    }

    /// What a URL that does not parse lacks, as "a URL that ..." finishes it.
    public struct URLProblem: Error, Equatable, Sendable {
        public var message: String
    }
}
