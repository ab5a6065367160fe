import CLinux
import LinuxSystem
import PanelEngine

/// Keeps the kernel's text console from drawing over the panel: switches the active virtual
/// console to KD_GRAPHICS (no text, no cursor blink) and puts the previous mode back.
///
/// Best effort by design: a panel without a console (containers, serial-only images) still
/// runs, and the reason lands in `warning` for the log.
public final class ConsoleGraphicsMode {
    /// /dev/tty0 is the active console; /dev/tty1 the one a Pi boots to.
    public static let defaultConsoles = ["/dev/tty0", "/dev/tty1"]

    /// Why the console was not switched; nil when it was.
    public private(set) var warning: String?
    /// Every console refused this user (EACCES or EPERM): only root (or the console's own
    /// session) may switch one, and touchpanel.service runs as the touchpanel user, so this is
    /// how the service always finds it, not a fault.
    public private(set) var refusedPermission = false
    private var permissionLine = ""
    /// The console that was switched, while it is.
    public private(set) var switchedConsole: String?
    private var descriptor: FileDescriptor?
    private var previousMode: Int32 = 0

    /// Switches the first of `consoles` that opens and answers KDGETMODE.
    public init(consoles: [String] = ConsoleGraphicsMode.defaultConsoles) {
        var failures: [(path: String, error: Errno)] = []
        for path in consoles {
            let descriptor: FileDescriptor
            do throws(Errno) {
                descriptor = try FileDescriptor.opened { path.withCString { clinux_open_console($0) } }
            } catch {
                failures.append((path, error))
                continue
            }
            var mode: Int32 = 0
            guard clinux_kd_get_mode(descriptor.rawValue, &mode) == 0 else {
                failures.append((path, Errno.current))
                try? descriptor.close()
                continue
            }
            guard clinux_kd_set_mode(descriptor.rawValue, Int32(KD_GRAPHICS)) == 0 else {
                failures.append((path, Errno.current))
                try? descriptor.close()
                continue
            }
            self.descriptor = descriptor
            previousMode = mode
            switchedConsole = path
            return
        }
        let reasons = ConsoleGraphicsMode.reasons(failures)
        warning = "the console stays in text mode and may draw over the panel" + reasons
        refusedPermission = !failures.isEmpty && failures.allSatisfy { $0.error.deniesAccess }
        permissionLine = "console: left in text mode, as this user may not switch it\(reasons), as expected "
            + "under touchpanel.service; through DRM/KMS the console does not draw on the panel, through fbdev its text may"
    }

    /// ` (/dev/tty0: EACCES (Permission denied); /dev/tty1: ...)`, or nothing without a console to try.
    static func reasons(_ failures: [(path: String, error: Errno)]) -> String {
        var text = ""
        for (index, failure) in failures.enumerated() {
            text += index == 0 ? " (" : "; "
            text += "\(failure.path): \(failure.error.message)"
        }
        if !failures.isEmpty { text += ")" }
        return text
    }

    /// The log's line on the console, nil when it was switched. Where only permissions stood
    /// in the way it is information, with what it means for the picture (DRM/KMS keeps the
    /// console off a card the panel holds); anything else stays a warning.
    public var notice: (line: String, priority: LogPriority)? {
        guard let warning else { return nil }
        return refusedPermission ? (permissionLine, .info) : (warning, .warning)
    }

    /// Logs `notice` unless it is `previous`, the line the session before a reload logged:
    /// the journal gets it at start, and again only if it changed. Returns the line (nil when
    /// the console was switched), for the next session.
    @discardableResult
    public func logNotice(to log: PanelLog, unlessSaid previous: String?) -> String? {
        guard let notice else { return nil }
        if notice.line != previous { log.log(notice.line, priority: notice.priority) }
        return notice.line
    }

    /// Puts the console back in the mode it had. Safe to call more than once.
    public func restore() {
        guard let descriptor else { return }
        _ = clinux_kd_set_mode(descriptor.rawValue, previousMode)
        try? descriptor.close()
        self.descriptor = nil
        switchedConsole = nil
    }

    deinit {
        restore()
    }
}
