import LinuxSystem
import PanelEngine

/// Why the framebuffer could not be used, with what to do about it.
public enum FramebufferError: Error, Equatable, Sendable {
    /// ENOENT/ENODEV/ENXIO opening it.
    case notFound(path: String)
    /// EACCES/EPERM opening it.
    case permissionDenied(path: String)
    /// FBIOGET_*SCREENINFO failed: the file is no framebuffer.
    case notAFramebuffer(path: String, Errno)
    /// A pixel size the renderer does not draw.
    case unsupportedBitsPerPixel(path: String, bitsPerPixel: Int)
    /// mmap(2) failed.
    case mapFailed(path: String, Errno)
    /// Anything else opening it.
    case other(path: String, Errno)

    public var message: String {
        switch self {
        case .notFound(let path):
            "no \(path): no framebuffer with that number (is the display's driver loaded, e.g. "
                + "dtoverlay=vc4-kms-v3d? ls /dev/fb* lists them)"
        case .permissionDenied(let path):
            "permission denied opening \(path): add the user to the video group"
        case .notAFramebuffer(let path, let errno):
            "\(path) is not a framebuffer: \(errno.message)"
        case .unsupportedBitsPerPixel(let path, let bits):
            "\(path) uses \(bits) bits per pixel; TouchPanel draws 16, 24 or 32 "
                + "(set the mode with fbset -depth 32, or framebuffer_depth=32 in config.txt)"
        case .mapFailed(let path, let errno):
            "cannot map \(path) into memory: \(errno.message)"
        case .other(let path, let errno):
            "cannot open \(path): \(errno.message)"
        }
    }
}
