import Testing
import TouchCore

/// A QR code's modules as whole pixels: the largest size the rect's shorter side takes with
/// the 4-module quiet zone, centred; painted as the light rect with each row's dark runs over it.
@Suite("Render: QR codes")
struct RenderQRCodeTests {
    @Test func theLargestWholeModuleThatFitsCentred() throws {
        // 21 modules + 8 of quiet zone = 29: 300 / 29 = 10 pixels a module, 210 of code,
        // (300 - 210) / 2 = 45 from the rect's left; 200 / 29 = 6 down the other side.
        let wide = try #require(QRLayout(widthModules: 21, in: Rect(x: 10, y: 20, width: 300, height: 200)))
        #expect([wide.modulePx, wide.originX, wide.originY, wide.widthModules] == [6, 10 + 87, 20 + 37, 21])
        let square = try #require(QRLayout(widthModules: 21, in: Rect(x: 0, y: 0, width: 290, height: 290)))
        #expect([square.modulePx, square.originX, square.originY] == [10, 40, 40])
        // One pixel a module at the least: 29 fits, 28 does not.
        #expect(QRLayout(widthModules: 21, in: Rect(x: 0, y: 0, width: 29, height: 29))?.modulePx == 1)
        #expect(QRLayout(widthModules: 21, in: Rect(x: 0, y: 0, width: 28, height: 400)) == nil)
        #expect(QRLayout.smallestSidePx(widthModules: 177) == 185)
    }

    @Test(arguments: [DisplayRotation.degrees0, .degrees90, .degrees180, .degrees270])
    func modulesArePaintedWholeInsideTheRect(_ rotation: DisplayRotation) throws {
        // A 2x2 "code" (dark on the diagonal) in a 20x20 rect: 2 + 8 = 10, 2 pixels a module,
        // the code's 4x4 pixels at (8, 8) inside the rect at (1, 1).
        let rect = Rect(x: 1, y: 1, width: 20, height: 20)
        let layout = try #require(QRLayout(widthModules: 2, in: rect))
        #expect([layout.modulePx, layout.originX, layout.originY] == [2, 9, 9])
        var fb = TestFramebuffer(width: 24, height: 24, format: .xrgb8888, rotation: rotation)
        let modules: [UInt8] = [1, 0, 0, 1]
        let ok = fb.paint { painter, buffer in
            modules.withUnsafeBytes { painter.paintQRCode(rect: rect, layout: layout, modules: $0, dark: .black, light: .white, in: buffer) }
        }
        #expect(ok)
        let snapshot = fb
        func logical(_ x: Int, _ y: Int) -> [UInt8] {
            let p: (Int, Int)
            switch rotation {
            case .degrees0: p = (x, y)
            case .degrees90: p = (24 - 1 - y, x)
            case .degrees180: p = (24 - 1 - x, 24 - 1 - y)
            case .degrees270: p = (y, 24 - 1 - x)
            }
            return snapshot.pixelBytes(physicalX: p.0, y: p.1)
        }
        // XRGB8888 in memory: blue, green, red, unused.
        let black: [UInt8] = [0, 0, 0, 0], white: [UInt8] = [255, 255, 255, 0]
        for y in 0..<24 {
            for x in 0..<24 {
                let inRect = x >= 1 && x < 21 && y >= 1 && y < 21
                let column = (x - 9) / 2, row = (y - 9) / 2
                let dark = x >= 9 && x < 13 && y >= 9 && y < 13 && column == row
                let expected = !inRect ? [UInt8](repeating: TestFramebuffer.sentinel, count: 4) : dark ? black : white
                #expect(logical(x, y) == expected, "(\(x), \(y))")
            }
        }
    }

    @Test func tooFewModulesPaintsNothing() throws {
        let rect = Rect(x: 0, y: 0, width: 20, height: 20)
        let layout = try #require(QRLayout(widthModules: 2, in: rect))
        var fb = TestFramebuffer(width: 24, height: 24, format: .xrgb8888)
        let ok = fb.paint { painter, buffer in
            [UInt8](repeating: 1, count: 3).withUnsafeBytes {
                painter.paintQRCode(rect: rect, layout: layout, modules: $0, dark: .black, light: .white, in: buffer)
            }
        }
        #expect(!ok)
        #expect(fb.strayWrites(outside: []) == [])
    }
}
