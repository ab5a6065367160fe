import CLinux
import LinuxSystem
import PanelEngine

/// A file could not be written; the message names the file and the system's reason.
public struct FileWriteError: Error, Equatable, CustomStringConvertible {
    public let path: String
    public let errno: Int32

    public init(path: String, errno: Int32) {
        self.path = path
        self.errno = errno
    }

    public var message: String {
        "cannot write \(path): \(String(cString: strerror(errno)))"
    }

    public var description: String { message }
}
