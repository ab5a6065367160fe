import CLinux
import LinuxSystem
import PanelDrivers
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

@Suite("PNG: framebuffer snapshots")
struct PNGSnapshotTests {
    static let red = RGBColor(r: 255, g: 0, b: 0)
    static let blue = RGBColor(r: 0, g: 0, b: 255)

    /// A physical 3x2 RGB565 framebuffer at 90 degrees (logical 2x3) with 2 bytes of padding:
    /// the snapshot shows the logical picture, upright.
    @Test func rowsAreInLogicalOrientation() throws {
        let layout = FramebufferLayout(
            physicalWidth: 3, physicalHeight: 2, strideBytes: 8, format: .rgb565, rotation: .degrees90)!
        var memory = [UInt8](repeating: 0xAB, count: layout.bufferSize)
        let painter = FramebufferPainter(layout: layout)
        memory.withUnsafeMutableBytes { buffer in
            painter.clear(to: .white, in: buffer)
            painter.fill(Rect(x: 0, y: 0, width: 1, height: 1), Self.red, in: buffer)
            painter.fill(Rect(x: 1, y: 2, width: 1, height: 1), Self.blue, in: buffer)
        }
        // Logical (0, 0) is physical (2, 0); logical (1, 2) is physical (0, 1).
        #expect(Array(memory[4..<6]) == [0x00, 0xF8])
        #expect(Array(memory[8..<10]) == [0x1F, 0x00])
        let rows = memory.withUnsafeBytes { FramebufferSnapshot.rgbRows(of: $0, layout: layout) }
        let w: [UInt8] = [255, 255, 255]
        #expect(rows == [255, 0, 0] + w + w + w + w + [0, 0, 255])

        let png = try memory.withUnsafeBytes { try FramebufferSnapshot.png(of: $0, layout: layout) }
        let decoded = try DecodedPNG(png)
        #expect(decoded.width == 2 && decoded.height == 3)
        #expect(decoded.pixels == rows)
    }

    @Test func aBufferTooSmallGivesNoSnapshot() {
        let layout = FramebufferLayout(physicalWidth: 4, physicalHeight: 4, format: .xrgb8888)!
        let memory = [UInt8](repeating: 0, count: 63)
        #expect(memory.withUnsafeBytes { FramebufferSnapshot.rgbRows(of: $0, layout: layout) } == nil)
        #expect(throws: PNGWriteError("the framebuffer has 63 bytes, its layout needs 64")) {
            try memory.withUnsafeBytes { try FramebufferSnapshot.png(of: $0, layout: layout) }
        }
    }

    @Test func writeFileAndReadItBack() throws {
        let path = "/tmp/touchpanel-png-test-\(getpid()).png"
        let bytes = try PNGWriter.encodeRGB(widthPx: 1, heightPx: 1, pixels: [1, 2, 3])
        try FramebufferSnapshot.writeFile(path: path, bytes: bytes)
        defer { unlink(path) }
        #expect(readAll(path) == bytes)
        #expect(access(path + ".tmp", F_OK) != 0)   // the temporary was renamed away
        // Overwriting replaces the file whole.
        try FramebufferSnapshot.writeFile(path: path, bytes: [9])
        #expect(readAll(path) == [9])
    }

    @Test func writeErrorsNameTheFile() {
        let path = "/nonexistent-touchpanel-dir/shot.png"
        #expect(throws: FileWriteError(path: path, errno: ENOENT)) {
            try FramebufferSnapshot.writeFile(path: path, bytes: [1])
        }
        #expect(
            FileWriteError(path: path, errno: ENOENT).message
                == "cannot write /nonexistent-touchpanel-dir/shot.png: No such file or directory")
    }

    func readAll(_ path: String) -> [UInt8]? {
        let fd = clinux_open_readonly(path)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            result += chunk[0..<n]
        }
        return result
    }
}
