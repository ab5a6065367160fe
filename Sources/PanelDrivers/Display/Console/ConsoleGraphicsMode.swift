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
    /// The console that was switched, while it is.
    public private(set) var switchedConsole: String?
    private var descriptor: Int32 = -1
    private var previousMode: Int32 = 0

    /// Switches the first of `consoles` that opens and answers KDGETMODE.
    public init(consoles: [String] = ConsoleGraphicsMode.defaultConsoles) {
        var reasons: [String] = []
        for path in consoles {
            let descriptor: Int32
            do throws(Errno) {
                descriptor = try Errno.retryingInterrupts { path.withCString { clinux_open_console($0) } }
            } catch {
                reasons.append("\(path): \(error.message)")
                continue
            }
            var mode: Int32 = 0
            guard clinux_kd_get_mode(descriptor, &mode) == 0 else {
                reasons.append("\(path): \(Errno.current.message)")
                close(descriptor)
                continue
            }
            guard clinux_kd_set_mode(descriptor, Int32(KD_GRAPHICS)) == 0 else {
                reasons.append("\(path): \(Errno.current.message)")
                close(descriptor)
                continue
            }
            self.descriptor = descriptor
            previousMode = mode
            switchedConsole = path
            return
        }
        var text = "the console stays in text mode and may draw over the panel"
        for (index, reason) in reasons.enumerated() {
            text += index == 0 ? " (" : "; "
            text += reason
        }
        if !reasons.isEmpty { text += ")" }
        warning = text
    }

    /// Puts the console back in the mode it had. Safe to call more than once.
    public func restore() {
        guard descriptor >= 0 else { return }
        _ = clinux_kd_set_mode(descriptor, previousMode)
        close(descriptor)
        descriptor = -1
        switchedConsole = nil
    }

    deinit {
        restore()
    }
}
