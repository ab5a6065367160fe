import CLinux
import LinuxSystem
import PanelEngine
import TouchCore

/// Turns framebuffer memory into a picture of the panel as its user sees it: pixels are read
/// in logical order (rotation undone) and decoded from the framebuffer's format to RGB888.
public enum FramebufferSnapshot {
    /// The logical picture as RGB888 rows, `logicalWidth * 3` bytes each, top row first; nil
    /// when the buffer is smaller than `layout.bufferSize`.
    public static func rgbRows(of framebuffer: UnsafeRawBufferPointer, layout: FramebufferLayout) -> [UInt8]? {
        guard framebuffer.count >= layout.bufferSize, let base = framebuffer.baseAddress else { return nil }
        let width = Int(layout.logicalWidth)
        let height = Int(layout.logicalHeight)
        let bpp = layout.format.bytesPerPixel
        let step = layout.logicalSteps.x
        var rows = [UInt8]()
        rows.reserveCapacity(width * height * 3)
        for y in 0..<layout.logicalHeight {
            var offset = layout.byteOffset(x: 0, y: y)!   // (0, y) is on the screen
            for _ in 0..<width {
                var value: UInt32 = 0
                for i in 0..<bpp {
                    value |= UInt32(base.load(fromByteOffset: offset + i, as: UInt8.self)) << UInt32(8 * i)
                }
                let color = layout.format.decode(value)
                rows.append(color.r)
                rows.append(color.g)
                rows.append(color.b)
                offset += step
            }
        }
        return rows
    }

    /// The logical picture as a PNG file's bytes; nil when the buffer is too small.
    public static func png(of framebuffer: UnsafeRawBufferPointer, layout: FramebufferLayout) -> [UInt8]? {
        guard let rows = rgbRows(of: framebuffer, layout: layout) else { return nil }
        return PNGEncoder.encodeRGB(width: Int(layout.logicalWidth), height: Int(layout.logicalHeight), pixels: rows)
    }

    /// Writes `bytes` to `path` through a temporary file (`path` + ".tmp") renamed over it,
    /// so that a reader polling the path never sees half a picture. Errors name `path`.
    public static func writeFile(path: String, bytes: [UInt8]) throws(FileWriteError) {
        let temporary = path + ".tmp"
        // Close-on-exec like every descriptor the panel opens (creat(2) is not).
        guard let file = FileDescriptor(returnedBy: temporary.withCString { clinux_create_file($0) }) else {
            throw FileWriteError(path: path, errno: clinux_errno())
        }
        do throws(Errno) {
            try file.writeAll(bytes)
        } catch {
            try? file.close()
            unlink(temporary)
            throw FileWriteError(path: path, errno: error.rawValue)
        }
        do throws(Errno) {
            try file.close()
        } catch {
            unlink(temporary)
            throw FileWriteError(path: path, errno: error.rawValue)
        }
        guard rename(temporary, path) == 0 else {
            let code = clinux_errno()
            unlink(temporary)
            throw FileWriteError(path: path, errno: code)
        }
    }
}
