import Testing
import TouchCore

/// A framebuffer in plain memory, pre-filled with a sentinel so that tests see every byte a
/// paint call wrote, and every byte it must not have written (padding, neighbours).
struct TestFramebuffer {
    static let sentinel: UInt8 = 0xEE
    let layout: FramebufferLayout
    var bytes: [UInt8]

    init(width: Int32, height: Int32, format: PixelFormat, rotation: DisplayRotation = .degrees0, padding: Int = 0) {
        layout = FramebufferLayout(
            physicalWidth: width, physicalHeight: height,
            strideBytes: Int(width) * format.bytesPerPixel + padding, format: format, rotation: rotation)!
        bytes = Array(repeating: Self.sentinel, count: layout.bufferSize)
    }

    var painter: FramebufferPainter { FramebufferPainter(layout: layout) }

    @discardableResult
    mutating func paint(_ body: (FramebufferPainter, UnsafeMutableRawBufferPointer) -> Bool) -> Bool {
        let painter = self.painter
        return bytes.withUnsafeMutableBytes { body(painter, $0) }
    }

    /// The bytes of the physical pixel (x, y), found from the stride by hand (not through the
    /// layout under test).
    func pixelBytes(physicalX x: Int, y: Int) -> [UInt8] {
        let bpp = layout.format.bytesPerPixel
        let start = y * layout.strideBytes + x * bpp
        return Array(bytes[start..<start + bpp])
    }

    /// Byte offsets of every physical pixel in `points`, for "everything else untouched".
    func offsets(ofPhysical points: [(Int, Int)]) -> Set<Int> {
        let bpp = layout.format.bytesPerPixel
        var result = Set<Int>()
        for (x, y) in points {
            for i in 0..<bpp {
                result.insert(y * layout.strideBytes + x * bpp + i)
            }
        }
        return result
    }

    /// Offsets outside `written` that no longer hold the sentinel.
    func strayWrites(outside written: Set<Int>) -> [Int] {
        bytes.indices.filter { !written.contains($0) && bytes[$0] != Self.sentinel }
    }
}

/// A vfb-style 32 bpp format with red in the low byte (bytes R, G, B, X in memory).
let vfbRGBX = PixelFormat(
    bytesPerPixel: 4, red: .init(offset: 0, length: 8), green: .init(offset: 8, length: 8),
    blue: .init(offset: 16, length: 8))!

/// A named format with the in-memory bytes of RGBColor(0x12, 0x34, 0x56).
struct FormatCase: CustomTestStringConvertible, Sendable {
    let name: String
    let format: PixelFormat
    let sampleBytes: [UInt8]
    var testDescription: String { name }

    static let all: [FormatCase] = [
        FormatCase(name: "RGB565", format: .rgb565, sampleBytes: [0xAA, 0x11]),
        FormatCase(name: "XRGB8888", format: .xrgb8888, sampleBytes: [0x56, 0x34, 0x12, 0x00]),
        FormatCase(name: "RGB888", format: .rgb888, sampleBytes: [0x56, 0x34, 0x12]),
        FormatCase(name: "vfb RGBX", format: vfbRGBX, sampleBytes: [0x12, 0x34, 0x56, 0x00]),
    ]
}

let sample = RGBColor(r: 0x12, g: 0x34, b: 0x56)
