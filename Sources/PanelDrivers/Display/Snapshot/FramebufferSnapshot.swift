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
    /// checked that the buffer holds `layout.bufferSize` bytes. Through raw pointers, once per
    /// row: the mirror reads a whole screen every picture, and an array's checks on every byte
    /// were half of a picture's cost.
    static func readRow(_ y: Int32, of framebuffer: UnsafeRawBufferPointer, layout: FramebufferLayout, into row: inout [UInt8]) {
        let base = framebuffer.baseAddress!
        let bytesPerPixel = layout.format.bytesPerPixel
        let format = layout.format
        let step = layout.logicalSteps.x
        let width = Int(layout.logicalWidth)
        var offset = layout.byteOffset(x: 0, y: y)!   // (0, y) is on the screen
        row.withUnsafeMutableBufferPointer { rgb in
            guard let out = rgb.baseAddress, rgb.count >= width * 3 else { return }
            // A panel is runs of one colour: a pixel like the one before is not decoded again.
            var lastValue: UInt32 = 0
            var lastColor = format.decode(0)
            var at = 0
            for _ in 0..<width {
                let value: UInt32
                switch bytesPerPixel {
                case 4: value = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
                case 2: value = UInt32(UInt16(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
                default:
                    value = UInt32(base.load(fromByteOffset: offset, as: UInt8.self))
                        | UInt32(base.load(fromByteOffset: offset + 1, as: UInt8.self)) &<< 8
                        | UInt32(base.load(fromByteOffset: offset + 2, as: UInt8.self)) &<< 16
                }
                if value != lastValue {
                    lastValue = value
                    lastColor = format.decode(value)
                }
                out[at] = lastColor.r
                out[at + 1] = lastColor.g
                out[at + 2] = lastColor.b
                at += 3
                offset += step
            }
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
