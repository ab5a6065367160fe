import CLinux
import LinuxSystem
import PanelConfig
import PanelEngine
import TouchCore

/// Finds the configured input device: a path (`/dev/input/eventN` or a by-path/by-id link),
/// or the device whose name is exactly `name` (read from sysfs, which needs no permission
/// on the device itself). Asked again at every reopen, so an unplugged device may come back
/// under another eventN.
public struct EvdevDeviceLocator: Sendable {
    public enum Target: Equatable, Sendable {
        case path(String)
        case name(String)
    }

    public let target: Target
    public let grab: Bool
    /// Where input devices appear, for the inotify watch.
    public static let deviceDirectory = "/dev/input"

    public init(target: Target, grab: Bool) {
        self.target = target
        self.grab = grab
    }

    /// "device /dev/input/event0" or "device named \"...\"", for logs.
    public var description: String {
        switch target {
        case .path(let path): "input device \(path)"
        case .name(let name): "input device named \"\(name)\""
        }
    }

    public func open() throws(EvdevError) -> LinuxEvdevDevice {
        switch target {
        case .path(let path):
            return try LinuxEvdevDevice(path: path, grab: grab)
        case .name(let name):
            for entry in DirectoryListing.names(in: "/sys/class/input").sorted() where entry.hasPrefix("event") {
                guard let text = try? FileContents.bytes(ofFile: "/sys/class/input/\(entry)/device/name", maxBytes: 1024, what: "an input device's name") else {
                    continue
                }
                let found = String(decoding: text.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
                if found == name {
                    return try LinuxEvdevDevice(path: "\(EvdevDeviceLocator.deviceDirectory)/\(entry)", grab: grab)
                }
            }
            throw .noDeviceNamed(name)
        }
    }
}
