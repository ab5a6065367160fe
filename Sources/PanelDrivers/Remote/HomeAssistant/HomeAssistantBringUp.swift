import CLinux
import LinuxSystem
import PanelConfig
import PanelEngine
import TouchCore

/// Makes the `[homeassistant]` link at start: the token read from its file, the websocket
/// client made (its CA file read). A file that cannot be read stops the start; a Home
/// Assistant that cannot be reached does not (the bridge keeps trying while the panel runs).
public enum HomeAssistantBringUp {
    /// Nil without `[homeassistant]`.
    public static func open(_ config: PanelConfiguration, log: PanelLog, now: MonotonicInstant) throws(StartError) -> HomeAssistantBridge? {
        guard let homeAssistant = config.homeAssistant else { return nil }
        let token = try readToken(homeAssistant.tokenFile)
        let url = homeAssistant.url
        let connection = try WebsocketConnection(
            tls: url.tls, caFile: homeAssistant.caFile, host: url.host, port: url.port, path: url.websocketPath,
            maxMessageBytes: homeAssistant.maxMessageKB * 1_024)
        let seed = UInt64(bitPattern: now.nanoseconds) ^ (UInt64(UInt32(bitPattern: getpid())) << 32) ^ 0x5A5A
        return HomeAssistantBridge(config: homeAssistant, token: token, connection: connection, log: log, now: now, jitterSeed: seed)
    }

    /// The first line of `path`, without its line end; the reason it cannot be had names the
    /// key and the path, never the token.
    public static func readToken(_ path: String) throws(StartError) -> String {
        let line = try SecretFile.firstLine(of: path, what: "[homeassistant] token_file", part: .homeAssistant)
        // A token is printable ASCII (a JWT); anything else would break the login message.
        guard line.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw StartError(.homeAssistant, "[homeassistant] token_file \(path): its first line holds spaces or other bytes no token has")
        }
        return String(decoding: line, as: UTF8.self)
    }

    /// What would stop the start at the files `[homeassistant]` names, read as the start reads
    /// them, one line each with the config's file:line. For `check`: it needs no Home Assistant.
    public static func fileProblems(_ files: NamedFiles) -> [String] {
        SecretFile.problems(files, section: "homeassistant", secretKey: "token_file") { (path) throws(StartError) in _ = try readToken(path) }
    }
}
