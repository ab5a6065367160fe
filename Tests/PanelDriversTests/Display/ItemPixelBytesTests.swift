import Foundation
import PanelConfig
@testable import PanelDrivers
import Testing
import TouchCore

/// What dials and charts hold to be drawn fast (issue 46's memory): a dial's band pixels, 6
/// bytes each, and the value's glyph strip as pixels; a chart's text strip as pixels.
@Suite("Item pixels: what dials and charts hold")
struct ItemPixelBytesTests {
    @Test func aDialOf240PixelsHoldsItsBandAndItsGlyphs() throws {
        let text = try String(contentsOfFile: "Benchmarks/dials.ini", encoding: .utf8)
        let config = try PanelConfigLoader.parse(text: text, file: "dials.ini")
        let labels = try FramebufferSurface.rasterizeLabels(for: config)
        let layout = try #require(FramebufferLayout(physicalWidth: 800, physicalHeight: 480, format: .xrgb8888))
        var memory = [UInt8](repeating: 0, count: layout.bufferSize)
        let slider = config.sliders[0]
        let strip = try #require(PreparedSliderText(slider, font: labels.font, format: .xrgb8888)?.look.glyphs)
        memory.withUnsafeMutableBytes { pixels in
            let surface = FramebufferSurface(layout: layout, pixels: pixels, config: config, labels: labels)
            // The band between radii 96 and 120 within 135 degrees of the top: 12,224 pixels
            // (counted pixel by pixel with a floating-point atan2), 6 bytes each; at 48 px the
            // value strip of this dial is 342x37 pixels, 50,616 bytes.
            #expect(surface.itemPixelBytes - Int(strip.width) * Int(strip.height) * 4 == 12_224 * 6)
        }
    }
}
