import LinuxSystem
import PanelConfig
import PanelDrivers
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

/// A QR code on a DRM card: painted whole in a whole frame, and again (after the copy forward)
/// in the frame after its text changed.
@Suite("DRM surface: QR codes")
struct DRMSurfaceQRCodeTests {
    static let config = """
        [display]
        width = 64
        height = 32
        background = #000000
        fill = #202020
        border_px = 0

        [mqtt]
        host = 127.0.0.1

        [button a]
        rect = 0, 0, 16, 16
        label = A
        on_tap = emit

        [qr code]
        rect = 32, 0, 30, 30
        topic = panel/code
        text = a
        """

    /// Whether buffer `buffer` shows `text`'s code: 21 modules of one pixel at (36, 4), in
    /// 30x30 (30 / 29 = 1 pixel a module, (30 - 21) / 2 = 4 pixels of extra margin).
    static func shows(_ text: String, in display: RecordingFlipDisplay, buffer: Int) throws -> Bool {
        let symbol = try QRSymbol.encode(text).get()
        #expect(symbol.widthModules == 21)
        for y in 0..<21 {
            for x in 0..<21 where display.pixel(buffer, 36 + x, 4 + y) != (symbol.isDark(x: x, y: y) ? 0 : 0xFF_FFFF) {
                return false
            }
        }
        return display.pixel(buffer, 32, 0) == 0xFF_FFFF && display.pixel(buffer, 61, 29) == 0xFF_FFFF
    }

    @Test func paintedInTheWholeFrameAndAgainAfterItsTextChanged() throws {
        let config = try PanelConfigLoader.parse(text: Self.config, file: "drm.ini")
        let layout = try #require(FramebufferLayout(physicalWidth: 64, physicalHeight: 32, format: .xrgb8888))
        let display = RecordingFlipDisplay(layout: layout)
        let painter = FramebufferSurface(
            layout: layout, pixels: display.buffers[0], config: config, labels: try FramebufferSurface.rasterizeLabels(for: config))
        let log = RecordingLog()
        let surface = DRMSurface(card: display, painter: painter, buttonCount: 1, rects: config.buttons.map { $0.rect }, log: log)
        surface.drawAll([.button(.normal), .qrCode], page: 0)
        surface.frameDone(at: at(0))
        #expect(display.flips == [1])
        #expect(try Self.shows("a", in: display, buffer: 1))
        #expect(try !Self.shows("b", in: display, buffer: 1))
        display.complete(at: 16)
        surface.cardReadable()
        #expect(surface.setLabel(button: 1, text: "b") == nil)
        surface.draw(item: 1, look: .qrCode)
        surface.frameDone(at: at(20))
        #expect(display.flips == [1, 0])
        #expect(try Self.shows("b", in: display, buffer: 0))
        #expect(log.lines == [])
    }
}
