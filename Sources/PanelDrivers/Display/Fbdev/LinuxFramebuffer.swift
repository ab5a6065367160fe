import CLinux
import LinuxSystem
import PanelEngine

/// A Linux framebuffer device (/dev/fbN) mapped into memory. Exposes the kernel's raw
/// description; TouchCore's pixel formats are built from it by the caller.
public final class LinuxFramebuffer {
    /// The pixel sizes the renderer draws.
    public static let supportedBitsPerPixel = [16, 24, 32]

    public let path: String
    /// Visible resolution in pixels.
    public let xres: Int
    public let yres: Int
    public let bitsPerPixel: Int
    /// Bytes from one row to the next (may exceed xres * bytes per pixel).
    public let lineLength: Int
    public let red: ColorBitfield
    public let green: ColorBitfield
    public let blue: ColorBitfield
    /// Where the visible frame starts in `pixels` (the panning offset), in bytes.
    public let visibleOffset: Int
    /// The whole mapping: `smem_len` bytes (or line_length * yres_virtual when a driver
    /// reports no smem_len).
    public let pixels: UnsafeMutableRawBufferPointer
    private let descriptor: FileDescriptor

    /// Opens `path` read/write, reads its variable and fixed screen info, and maps it.
    public init(path: String) throws(FramebufferError) {
        let descriptor: FileDescriptor
        do throws(Errno) {
            descriptor = try FileDescriptor.opened { path.withCString { clinux_open_readwrite($0) } }
        } catch {
            switch error.rawValue {
            case ENOENT, ENODEV, ENXIO: throw .notFound(path: path)
            case EACCES, EPERM: throw .permissionDenied(path: path)
            default: throw .other(path: path, error)
            }
        }
        var variable = fb_var_screeninfo()
        var fixed = fb_fix_screeninfo()
        guard clinux_fb_get_variable_info(descriptor.rawValue, &variable) == 0,
              clinux_fb_get_fixed_info(descriptor.rawValue, &fixed) == 0
        else {
            let errno = Errno.current
            try? descriptor.close()
            throw .notAFramebuffer(path: path, errno)
        }
        let bits = Int(variable.bits_per_pixel)
        guard LinuxFramebuffer.supportedBitsPerPixel.contains(bits) else {
            try? descriptor.close()
            throw .unsupportedBitsPerPixel(path: path, bitsPerPixel: bits)
        }
        let lineLength = Int(fixed.line_length)
        let length = fixed.smem_len > 0 ? Int(fixed.smem_len) : lineLength * Int(variable.yres_virtual)
        guard length > 0, let base = clinux_mmap_shared(descriptor.rawValue, length) else {
            let errno = length > 0 ? Errno.current : Errno(EINVAL)
            try? descriptor.close()
            throw .mapFailed(path: path, errno)
        }
        self.path = path
        self.descriptor = descriptor
        xres = Int(variable.xres)
        yres = Int(variable.yres)
        bitsPerPixel = bits
        self.lineLength = lineLength
        red = ColorBitfield(offset: Int(variable.red.offset), length: Int(variable.red.length))
        green = ColorBitfield(offset: Int(variable.green.offset), length: Int(variable.green.length))
        blue = ColorBitfield(offset: Int(variable.blue.offset), length: Int(variable.blue.length))
        visibleOffset = Int(variable.yoffset) * lineLength + Int(variable.xoffset) * (bits / 8)
        pixels = UnsafeMutableRawBufferPointer(start: base, count: length)
    }

    deinit {
        munmap(pixels.baseAddress, pixels.count)
        try? descriptor.close()
    }
}
