import CLinux
import LinuxSystem
import PanelEngine

/// `touchpanel ctl`'s side of the control socket: one command, one reply line.
public enum ControlClient {
    /// How long to wait for the panel's reply: it answers within one turn of its loop.
    public static let replyTimeoutMs: Int32 = 5_000

    /// Why `ctl` could not connect, and what to do. A permission error means the panel runs
    /// and this user may not reach its socket: the group that owns it says who may (issue 28).
    public static func connectFailure(path: String, error: Errno, group: String?) -> String {
        guard error.deniesAccess else {
            return "cannot connect to \(path): \(error.message); is the panel running with [control]?"
        }
        let name = group ?? "GROUP"
        return "cannot connect to \(path): \(error.message): this user is not allowed to use the panel's control socket; "
            + "join \(group.map { "the \($0) group" } ?? "the group that owns it") (sudo usermod -aG \(name) $USER, then log in again)"
    }

    /// The name of the group that owns `path`, or nil when it cannot be told.
    public static func owningGroup(of path: String) -> String? {
        var status = stat()
        guard path.withCString({ stat($0, &status) }) == 0, let entry = getgrgid(status.st_gid), let name = entry.pointee.gr_name else {
            return nil
        }
        return String(cString: name)
    }

    /// The reply line (without its newline), or what went wrong.
    public static func send(_ line: String, to path: String) -> Result<String, ControlError> {
        guard let descriptor = FileDescriptor(returnedBy: path.withCString { tp_control_connect($0) }) else {
            let error = Errno.current
            return .failure(ControlError(connectFailure(path: path, error: error, group: error.deniesAccess ? owningGroup(of: path) : nil)))
        }
        defer { try? descriptor.close() }
        var bytes = Array(line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        var offset = 0
        while offset < bytes.count {
            do throws(Errno) {
                let sent = try Errno.retryingInterrupts {
                    bytes[offset...].withUnsafeBytes { tp_control_send(descriptor.rawValue, $0.baseAddress, $0.count) }
                }
                offset += sent
            } catch {
                return .failure(ControlError("cannot send to \(path): \(error.message)"))
            }
        }
        var reply: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while !reply.contains(UInt8(ascii: "\n")) {
            var request = pollfd(fd: descriptor.rawValue, events: Int16(POLLIN), revents: 0)
            let ready = try? Errno.retryingInterrupts { poll(&request, 1, replyTimeoutMs) }
            guard let ready, ready > 0 else { return .failure(ControlError("no reply from \(path) within \(replyTimeoutMs) ms")) }
            var count = 0
            do throws(Errno) {
                count = try Errno.retryingInterrupts {
                    chunk.withUnsafeMutableBytes { tp_control_receive(descriptor.rawValue, $0.baseAddress, $0.count) }
                }
            } catch {
                if error == .wouldBlock { continue }
            }
            guard count > 0 else { return .failure(ControlError("\(path) closed without a reply")) }
            reply.append(contentsOf: chunk[0..<count])
        }
        let end = reply.firstIndex(of: UInt8(ascii: "\n")) ?? reply.count
        return .success(String(decoding: reply[0..<end], as: UTF8.self))
    }
}
