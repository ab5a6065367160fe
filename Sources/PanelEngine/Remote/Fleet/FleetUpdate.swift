import LinuxSystem

/// The newest version a fleet runs, announced retained on `FLEET/latest` by whoever releases,
/// and what the panel makes of it on `P/update` for Home Assistant's update entity:
/// `{"installed_version":"0.1.0","latest_version":"0.2.0"}`. While nothing was announced the
/// latest is the installed one, so the entity says the panel is up to date, not unknown.
public enum FleetUpdate {
    /// Longest version taken from `FLEET/latest`.
    public static let maxVersionBytes = 64

    /// The version in a `FLEET/latest` payload: nil for an empty one (the announcement
    /// cleared); why not for anything but 1 to 64 printable ASCII characters without spaces
    /// or quotes (`1.2.3`, `2026.11-rc1`).
    public static func announced(_ payload: [UInt8]) -> Result<String?, ControlError> {
        guard !payload.isEmpty else { return .success(nil) }
        guard payload.count <= maxVersionBytes else { return .failure(ControlError("a version is at most \(maxVersionBytes) characters")) }
        for byte in payload where byte <= 0x20 || byte >= 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            return .failure(ControlError("a version is printable ASCII without spaces or quotes, such as 1.2.3"))
        }
        return .success(String(decoding: payload, as: UTF8.self))
    }

    /// `P/update`'s payload.
    public static func state(installed: String, latest: String?) -> [UInt8] {
        Array("{\"installed_version\":\(JSONText.quoted(installed)),\"latest_version\":\(JSONText.quoted(latest ?? installed))}".utf8)
    }
}
