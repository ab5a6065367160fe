import LinuxSystem

/// The pushed config a panel runs, kept in `$STATE_DIRECTORY/pushed-config` so that it runs
/// again after a reboot without the broker: the topic it came on, a line end, and the
/// message's payload as it came (envelope and all), so that it is checked again as it was.
struct KeptPushedConfig: Equatable {
    var topic: String
    var payload: [UInt8]

    static let fileName = "pushed-config"

    /// The file in `$STATE_DIRECTORY` (the first, with several); nil outside systemd and
    /// without the variable.
    static func path(stateDirectory: String?) -> String? {
        guard let first = stateDirectory?.split(separator: ":").first, !first.isEmpty else { return nil }
        return first == "/" ? "/\(fileName)" : "\(first)/\(fileName)"
    }

    var bytes: [UInt8] { Array(topic.utf8) + [UInt8(ascii: "\n")] + payload }

    /// The kept config in `bytes`, or nil for a file that is not one.
    init?(bytes: [UInt8]) {
        guard let end = bytes.prefix(1_024).firstIndex(of: UInt8(ascii: "\n")), end > 0 else { return nil }
        topic = String(decoding: bytes[..<end], as: UTF8.self)
        payload = Array(bytes[(end + 1)...])
    }

    init(topic: String, payload: [UInt8]) {
        self.topic = topic
        self.payload = payload
    }

    /// The kept config at `path`; nil when there is none. A file that cannot be read or is not
    /// one is `.failure` with why.
    static func read(_ path: String) -> Result<KeptPushedConfig, KeptConfigError>? {
        let bytes: [UInt8]
        do {
            bytes = try FileContents.bytes(ofFile: path)
        } catch {
            if error.missing { return nil }
            return .failure(KeptConfigError(message: "\(path): \(error.message)"))
        }
        guard let kept = KeptPushedConfig(bytes: bytes) else {
            return .failure(KeptConfigError(message: "\(path): not a kept pushed config"))
        }
        return .success(kept)
    }

    /// Writes it whole or not at all; nil, or why not.
    func write(to path: String) -> String? {
        ReplacedFile.write(bytes, to: path)
    }
}

struct KeptConfigError: Error {
    let message: String
}
