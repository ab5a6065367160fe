/// The broker a `touchpanel fleet` command talks to: `mqtt://HOST[:PORT]` (1883 by default)
/// or `mqtts://HOST[:PORT]` (TLS, 8883), as `[mqtt] host` and `port` would say it.
public struct BrokerURL: Equatable, Sendable {
    public var host: String
    public var port: Int
    public var tls: Bool

    public init(host: String, port: Int, tls: Bool) {
        self.host = host
        self.port = port
        self.tls = tls
    }

    /// The URL in `text`, or why it is none.
    public static func parse(_ text: String) -> Result<BrokerURL, FleetCommandProblem> {
        let tls: Bool
        var rest: Substring
        if text.hasPrefix("mqtt://") {
            tls = false
            rest = text.dropFirst("mqtt://".count)
        } else if text.hasPrefix("mqtts://") {
            tls = true
            rest = text.dropFirst("mqtts://".count)
        } else {
            return .failure(FleetCommandProblem("--broker \(text): expected mqtt://HOST[:PORT] or mqtts://HOST[:PORT]"))
        }
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        var host = rest
        var port = tls ? 8883 : 1883
        // [::1]:1883: an IPv6 address in brackets.
        if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":"), let number = Int(after.dropFirst()), (1...65_535).contains(number) else {
                    return .failure(FleetCommandProblem("--broker \(text): the port is not a number from 1 to 65535"))
                }
                port = number
            }
        } else if let colon = rest.lastIndex(of: ":") {
            host = rest[..<colon]
            guard let number = Int(rest[rest.index(after: colon)...]), (1...65_535).contains(number) else {
                return .failure(FleetCommandProblem("--broker \(text): the port is not a number from 1 to 65535"))
            }
            port = number
        }
        guard !host.isEmpty, !host.contains("/") else {
            return .failure(FleetCommandProblem("--broker \(text): expected mqtt://HOST[:PORT] or mqtts://HOST[:PORT]"))
        }
        return .success(BrokerURL(host: String(host), port: port, tls: tls))
    }

    public var text: String { "\(tls ? "mqtts" : "mqtt")://\(host.contains(":") ? "[\(host)]" : host):\(port)" }
}

/// Why a `touchpanel fleet` command cannot go on: one line for the user.
public struct FleetCommandProblem: Error, Equatable, Sendable {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }
}
