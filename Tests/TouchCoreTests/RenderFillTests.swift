import Testing
import TouchCore

/// A 4x3 physical framebuffer with 3 bytes of padding per row, in every format and rotation:
/// the exact bytes at the exact physical offsets, and nothing else touched.
@Suite("Render: fills in every format and rotation")
struct RenderFillTests {
    /// Where the logical 2x1 rect at (1, 2) lands on a 4x3 (xres x yres) framebuffer, worked
    /// out by hand from the table in DisplayRotation's documentation.
    static let rotations: [(DisplayRotation, [(Int, Int)])] = [
        (.degrees0, [(1, 2), (2, 2)]),   // (x, y)
        (.degrees90, [(1, 1), (1, 2)]),   // (xres-1-y, x) = (4-1-2, 1), (1, 2)
        (.degrees180, [(2, 0), (1, 0)]),   // (xres-1-x, yres-1-y) = (2, 0), (1, 0)
        (.degrees270, [(2, 1), (2, 0)]),   // (y, yres-1-x) = (2, 3-1-1), (2, 0)
    ]

    @Test(arguments: FormatCase.all, [0, 1, 2, 3])
    func twoPixelRect(_ format: FormatCase, _ rotationIndex: Int) {
        let (rotation, physical) = Self.rotations[rotationIndex]
        var fb = TestFramebuffer(width: 4, height: 3, format: format.format, rotation: rotation, padding: 3)
        let ok = fb.paint { painter, buffer in
            painter.fill(Rect(x: 1, y: 2, width: 2, height: 1), sample, in: buffer)
        }
        #expect(ok)
        for (x, y) in physical {
            #expect(fb.pixelBytes(physicalX: x, y: y) == format.sampleBytes, "pixel (\(x), \(y))")
        }
        #expect(fb.strayWrites(outside: fb.offsets(ofPhysical: physical)) == [])
    }

    @Test(arguments: FormatCase.all, [DisplayRotation.degrees0, .degrees90, .degrees180, .degrees270])
    func clearWritesEveryPixelButNoPadding(_ format: FormatCase, _ rotation: DisplayRotation) {
        var fb = TestFramebuffer(width: 4, height: 3, format: format.format, rotation: rotation, padding: 3)
        fb.paint { painter, buffer in painter.clear(to: sample, in: buffer) }
        var all: [(Int, Int)] = []
        for y in 0..<3 {
            for x in 0..<4 {
                #expect(fb.pixelBytes(physicalX: x, y: y) == format.sampleBytes)
                all.append((x, y))
            }
            let padding = fb.bytes[(y * fb.layout.strideBytes + 4 * format.format.bytesPerPixel)...].prefix(3)
            #expect(Array(padding) == [0xEE, 0xEE, 0xEE])
        }
        #expect(fb.strayWrites(outside: fb.offsets(ofPhysical: all)) == [])
    }

    @Test func clippedAtTheEdges() {
        var fb = TestFramebuffer(width: 4, height: 3, format: .xrgb8888, padding: 4)
        fb.paint { painter, buffer in
            painter.fill(Rect(x: -5, y: -5, width: 7, height: 6), sample, in: buffer)   // covers x 0...1, y 0
        }
        let written = [(0, 0), (1, 0)]
        for (x, y) in written {
            #expect(fb.pixelBytes(physicalX: x, y: y) == [0x56, 0x34, 0x12, 0x00])
        }
        #expect(fb.strayWrites(outside: fb.offsets(ofPhysical: written)) == [])

        var right = TestFramebuffer(width: 4, height: 3, format: .rgb565, padding: 2)
        right.paint { painter, buffer in
            painter.fill(Rect(x: 3, y: 2, width: 100, height: 100), sample, in: buffer)
        }
        #expect(right.pixelBytes(physicalX: 3, y: 2) == [0xAA, 0x11])
        #expect(right.strayWrites(outside: right.offsets(ofPhysical: [(3, 2)])) == [])
    }

    @Test func clippedAtTheEdgesWhenRotated() {
        // Logical 3x4 at 90: the logical bottom-right corner (2, 3) is physical (0, 2).
        var fb = TestFramebuffer(width: 4, height: 3, format: .rgb888, rotation: .degrees90, padding: 1)
        fb.paint { painter, buffer in
            painter.fill(Rect(x: 2, y: 3, width: 50, height: 50), sample, in: buffer)
        }
        #expect(fb.pixelBytes(physicalX: 0, y: 2) == [0x56, 0x34, 0x12])
        #expect(fb.strayWrites(outside: fb.offsets(ofPhysical: [(0, 2)])) == [])
    }

    @Test func offScreenAndEmptyRectsWriteNothing() {
        var fb = TestFramebuffer(width: 4, height: 3, format: .xrgb8888, rotation: .degrees270)
        fb.paint { painter, buffer in
            painter.fill(Rect(x: 3, y: 0, width: 5, height: 5), sample, in: buffer)   // logical width is 3
            painter.fill(Rect(x: -5, y: 0, width: 5, height: 5), sample, in: buffer)
            painter.fill(Rect(x: 0, y: 0, width: 0, height: 5), sample, in: buffer)
            return painter.fill(Rect(x: 0, y: 0, width: 2, height: -1), sample, in: buffer)
        }
        #expect(fb.strayWrites(outside: []) == [])
    }

    @Test func extremeRectsAreClippedWithoutOverflow() {
        var fb = TestFramebuffer(width: 4, height: 3, format: .rgb565)
        fb.paint { painter, buffer in
            painter.fill(Rect(x: Int32.min, y: Int32.min, width: Int32.max, height: Int32.max), sample, in: buffer)
            return painter.fill(Rect(x: Int32.max, y: 0, width: Int32.max, height: 1), sample, in: buffer)
        }
        #expect(fb.strayWrites(outside: []) == [])
        fb.paint { painter, buffer in
            painter.fill(Rect(x: -1, y: -1, width: Int32.max, height: Int32.max), sample, in: buffer)
        }
        #expect(fb.bytes == Array(repeating: [0xAA, 0x11], count: 12).flatMap { $0 })
    }

    @Test func aBufferSmallerThanStrideTimesHeightIsRefused() {
        let layout = FramebufferLayout(physicalWidth: 4, physicalHeight: 3, strideBytes: 10, format: .rgb565)!
        var bytes = [UInt8](repeating: 0xEE, count: 29)   // one byte short of 30
        let painter = FramebufferPainter(layout: layout)
        let results = bytes.withUnsafeMutableBytes { buffer in
            [
                painter.clear(to: sample, in: buffer),
                painter.fill(Rect(x: 0, y: 0, width: 1, height: 1), sample, in: buffer),
                painter.paintButton(
                    rect: Rect(x: 0, y: 0, width: 4, height: 3), style: .standard, state: .normal, label: nil,
                    in: buffer),
            ]
        }
        #expect(results == [false, false, false])
        #expect(bytes.allSatisfy { $0 == 0xEE })
        #expect(bytes.withUnsafeMutableBytes { painter.clear(to: sample, in: UnsafeMutableRawBufferPointer(rebasing: $0[0..<0])) } == false)
    }
}
