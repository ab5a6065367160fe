/// `[control]`: the local control socket that `touchpanel ctl` (and any program) talks to:
/// set labels, latches, enabled states and brightness, wake, blank, read the state. A panel
/// without the section opens no socket.
public struct ControlConfig: Equatable, Sendable {
    /// Where the socket is made; the service's runtime directory by default.
    public var socketPath: String
    /// Its permission bits: who may connect (0660: the touchpanel user and its group).
    public var mode: Int

    public init(socketPath: String = ControlConfig.defaultSocketPath, mode: Int = 0o660) {
        self.socketPath = socketPath
        self.mode = mode
    }

    public static let defaultSocketPath = "/run/touchpanel/control.sock"
    public static let defaults = ControlConfig()
}

/// The keys of `[control]`.
enum ControlKey: String, SectionKey {
    case socket
    case mode

    var doc: KeyDoc {
        switch self {
        case .socket: .value(ControlConfig.defaultSocketPath, "where the socket is made: an absolute path of at most 107 bytes")
        case .mode:
            .value("0" + String(ControlConfig.defaults.mode, radix: 8),
                   "who may connect: octal permission bits that let the owner read and write")
        }
    }
}

/// `[control]` while it is read.
struct ControlDraft: SectionDraft {
    let title = "control"
    let header: SourceLine
    var given = GivenKeys()
    var config = ControlConfig.defaults

    init(header: SourceLine) {
        self.header = header
    }

    mutating func set(_ key: ControlKey, from value: String) throws(ValueProblem) {
        switch key {
        case .socket:
            config.socketPath = try ValueSyntax.socketPath(value, example: ControlConfig.defaultSocketPath)
        case .mode:
            guard let mode = ControlDraft.octal(value), mode <= 0o777, mode & 0o600 == 0o600 else {
                throw .expected("permission bits in octal that let the owner read and write, such as 0660 or 0600", found: value)
            }
            config.mode = mode
        }
    }

    /// Valid but open to strangers: any bit for others lets every account on the machine
    /// at the socket, and the socket can disable buttons and blank the panel.
    func warn(_ warnings: inout ErrorCollector) {
        guard config.mode & 0o007 != 0, let place = place(.mode) else { return }
        warnings.add(at: place, section: title, key: ControlKey.mode.rawValue,
                     "warning: \(ValueSyntax.permissionText(config.mode)) opens the control socket to every user on this machine: "
                     + "anyone who connects can change labels and latches, disable buttons and blank the panel; "
                     + "use 0660 and add who needs it to the panel's group (touchpanel under systemd)")
    }

    static func octal(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= 4 else { return nil }
        var value = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "7") else { return nil }
            value = value * 8 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
