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
        guard framebuffer.count >= layout.bufferSize else { return nil }
        var rows = [UInt8]()
        rows.reserveCapacity(Int(layout.logicalWidth) * Int(layout.logicalHeight) * 3)
        var row = [UInt8](repeating: 0, count: Int(layout.logicalWidth) * 3)
        for y in 0..<layout.logicalHeight {
            readRow(y, of: framebuffer, layout: layout, into: &row)
            rows.append(contentsOf: row)
        }
        return rows
    }

    /// The logical picture as a PNG file's bytes (PNGWriter), read and deflated a row at a
    /// time. Refused when the buffer is smaller than `layout.bufferSize`.
    public static func png(of framebuffer: UnsafeRawBufferPointer, layout: FramebufferLayout) throws(PNGWriteError) -> [UInt8] {
        guard framebuffer.count >= layout.bufferSize else {
            throw PNGWriteError("the framebuffer has \(framebuffer.count) bytes, its layout needs \(layout.bufferSize)")
        }
        var writer = try PNGWriter(widthPx: Int(layout.logicalWidth), heightPx: Int(layout.logicalHeight))
        var row = [UInt8](repeating: 0, count: writer.rowBytes)
        for y in 0..<layout.logicalHeight {
            readRow(y, of: framebuffer, layout: layout, into: &row)
            try writer.writeRows(row)
        }
        return try writer.finish()
    }

    /// The picture as a PNG file at `path` (the simulated board's frames, calibration's
    /// targets); a picture that cannot be written is one error line naming `path`, and the run
    /// goes on.
    public static func savePNG(of framebuffer: UnsafeRawBufferPointer, layout: FramebufferLayout, path: String, log: PanelLog) {
        let bytes: [UInt8]
        do throws(PNGWriteError) {
            bytes = try png(of: framebuffer, layout: layout)
        } catch {
            log.error("\(path): \(error.message)")
            return
        }
        do throws(FileWriteError) {
            try writeFile(path: path, bytes: bytes)
        } catch {
            log.error(error.message)
        }
    }

    /// Logical row `y` decoded to RGB888 into `row` (`logicalWidth * 3` bytes); the caller has
    /// checked that the buffer holds `layout.bufferSize` bytes.
    static func readRow(_ y: Int32, of framebuffer: UnsafeRawBufferPointer, layout: FramebufferLayout, into row: inout [UInt8]) {
        let base = framebuffer.baseAddress!
        let bpp = layout.format.bytesPerPixel
        let step = layout.logicalSteps.x
        var offset = layout.byteOffset(x: 0, y: y)!   // (0, y) is on the screen
        var at = 0
        // A panel is runs of one colour: a pixel like the one before is not decoded again
        // (decoding was a third of a frame's snapshot, libpng and zlib included).
        var last: (value: UInt32, color: RGBColor)? = nil
        for _ in 0..<Int(layout.logicalWidth) {
            var value: UInt32 = 0
            for i in 0..<bpp {
                value |= UInt32(base.load(fromByteOffset: offset + i, as: UInt8.self)) << UInt32(8 * i)
            }
            let color: RGBColor
            if let last, last.value == value {
                color = last.color
            } else {
                color = layout.format.decode(value)
                last = (value, color)
            }
            row[at] = color.r
            row[at + 1] = color.g
            row[at + 2] = color.b
            at += 3
            offset += step
        }
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
