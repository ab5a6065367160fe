import CLinux
import LinuxSystem
import PanelConfig
import PanelEngine
import TouchCore

/// Makes the `[mqtt]` client at start: the password read from its file, TLS files checked,
/// the last will set. A file that cannot be read stops the start; a broker that cannot be
/// reached does not (the bridge keeps trying while the panel runs).
public enum MQTTBringUp {
    /// Nil without `[mqtt]`.
    public static func open(_ config: PanelConfiguration, log: PanelLog, now: MonotonicInstant) throws(StartError) -> MQTTBridge? {
        guard let mqtt = config.mqtt else { return nil }
        guard MosquittoConnection.isAvailable else {
            throw StartError(.mqtt, "[mqtt]: this build of touchpanel has no MQTT (the static firmware: Debian ships no static libmosquitto); use the packaged touchpanel")
        }
        let settings = MQTTBridge.Settings(config: mqtt, hostName: hostName())
        var password: String?
        if let file = mqtt.passwordFile {
            password = try readPassword(file)
        }
        let connection = try MosquittoConnection(
            clientID: settings.clientID, host: mqtt.host, port: mqtt.effectivePort, keepaliveS: mqtt.keepaliveS,
            username: mqtt.username, password: password,
            will: MosquittoConnection.Will(
                topic: settings.topics.availability, payload: Array("offline".utf8), qos: mqtt.qos, retain: true),
            tls: mqtt.caFile.map { (caFile: $0, certFile: mqtt.certFile, keyFile: mqtt.keyFile) },
            maxMessageBytes: mqtt.maxMessageKB * 1_024)
        let seed = UInt64(bitPattern: now.nanoseconds) ^ (UInt64(UInt32(bitPattern: getpid())) << 32)
        return MQTTBridge(settings: settings, connection: connection, log: log, now: now, jitterSeed: seed)
    }

    /// The first line of `path`, without its line end. The reason it cannot be had names the
    /// key and the path: `[mqtt] password_file /etc/touchpanel/mqtt.pass: cannot open: No such
    /// file or directory`.
    static func readPassword(_ path: String) throws(StartError) -> String {
        String(decoding: try SecretFile.firstLine(of: path, what: "[mqtt] password_file", part: .mqtt), as: UTF8.self)
    }

    /// What would stop the start at the files `[mqtt]` names, read as the start reads them
    /// (the password's first line; the TLS files opened and read), one line each with the
    /// config's file:line: `panel.ini:12: [mqtt] password_file /etc/touchpanel/mqtt.pass:
    /// cannot open: No such file or directory`. For `check`: it needs no broker.
    public static func fileProblems(_ files: NamedFiles) -> [String] {
        SecretFile.problems(files, section: "mqtt", secretKey: "password_file") { (path) throws(StartError) in _ = try readPassword(path) }
    }

    /// The board's name (`gethostname`), or `touchpanel` when it has none.
    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        let name = buffer.withUnsafeMutableBufferPointer { pointer -> String in
            guard let base = pointer.baseAddress, gethostname(base, pointer.count - 1) == 0 else { return "" }
            return String(cString: base)
        }
        return name.isEmpty ? "touchpanel" : name
    }
}
