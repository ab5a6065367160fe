@testable import PanelDrivers
import Testing
import TouchCore

@Suite("The screensaver's drift: a whole frame moved in place, at every rotation")
struct FrameShiftTests {
    /// A logical pixel at (1, 1) on a 7x5 physical frame (a stride with room past the row),
    /// moved by each shift: it lands at (1 + dx, 1 + dy) and every other pixel, the edge left
    /// behind included, is the background.
    @Test(arguments: [DisplayRotation.degrees0, .degrees90, .degrees180, .degrees270])
    func aPixelMovesByTheLogicalOffset(rotation: DisplayRotation) throws {
        for format in [PixelFormat.rgb565, .xrgb8888] {
            let layout = try #require(FramebufferLayout(
                physicalWidth: 7, physicalHeight: 5, strideBytes: 8 * format.bytesPerPixel, format: format, rotation: rotation))
            let painter = FramebufferPainter(layout: layout)
            let pixels = UnsafeMutableRawBufferPointer.allocate(byteCount: layout.bufferSize, alignment: 16)
            let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 7 * format.bytesPerPixel, alignment: 16)
            defer { pixels.deallocate(); scratch.deallocate() }
            let background = RGBColor(r: 16, g: 18, b: 20), red = RGBColor(r: 255, g: 0, b: 0)
            func pixel(_ x: Int32, _ y: Int32) -> [UInt8] {
                let offset = layout.byteOffset(x: x, y: y)!
                return Array(pixels[offset..<(offset + format.bytesPerPixel)])
            }
            for shift in [SaverShift(dx: 2, dy: 1), SaverShift(dx: -1, dy: 2), SaverShift(dx: 1, dy: -1), SaverShift(dx: 0, dy: 0)] {
                _ = painter.fill(layout.logicalBounds, background, in: pixels)
                _ = painter.fill(Rect(x: 1, y: 1, width: 1, height: 1), red, in: pixels)
                let redBytes = pixel(1, 1), backgroundBytes = pixel(0, 0)
                FrameShift.apply(shift, layout: layout, painter: painter, background: background, scratch: scratch, in: pixels)
                for y in 0..<layout.logicalHeight {
                    for x in 0..<layout.logicalWidth {
                        let moved = x == 1 + shift.dx && y == 1 + shift.dy
                        #expect(pixel(x, y) == (moved ? redBytes : backgroundBytes), "\(rotation) \(shift) at \(x),\(y)")
                    }
                }
            }
        }
    }

    /// Every pixel of the edge a shift leaves is the background, though the frame before had
    /// colour there.
    @Test func theEdgeLeftIsTheBackground() throws {
        let layout = try #require(FramebufferLayout(physicalWidth: 6, physicalHeight: 4, format: .xrgb8888))
        let painter = FramebufferPainter(layout: layout)
        let pixels = UnsafeMutableRawBufferPointer.allocate(byteCount: layout.bufferSize, alignment: 16)
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 6 * 4, alignment: 16)
        defer { pixels.deallocate(); scratch.deallocate() }
        _ = painter.fill(layout.logicalBounds, .white, in: pixels)
        FrameShift.apply(SaverShift(dx: -2, dy: -1), layout: layout, painter: painter, background: .black, scratch: scratch, in: pixels)
        var black: [String] = []
        for y: Int32 in 0..<4 {
            for x: Int32 in 0..<6 where pixels[layout.byteOffset(x: x, y: y)!] == 0 { black.append("\(x),\(y)") }
        }
        #expect(black == ["4,0", "5,0", "4,1", "5,1", "4,2", "5,2", "0,3", "1,3", "2,3", "3,3", "4,3", "5,3"])
    }
}
