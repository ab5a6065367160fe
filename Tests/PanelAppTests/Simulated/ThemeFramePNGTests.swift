import Foundation
@testable import PanelApp
import PanelConfig
import PanelDrivers
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

private let examples = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("examples").path

/// Issue 47, item 5: a frame of the panel as PNG is deflated by libpng, small enough to send
/// (at most 64 KiB for examples/theme.ini, 800x480), and loses no pixel.
@Suite("PNG: frames of the examples, deflated")
struct ThemeFramePNGTests {
    static func frame(_ name: String, looks: [String: ButtonVisualState]) throws -> (rgb: [UInt8], png: [UInt8]) {
        let config = try PanelConfigLoader.load(path: "\(examples)/\(name)")
        let preview = try PagePreview(config: config, pages: [0], format: .xrgb8888, log: nil)
        let memory = preview.frame(page: 0, looks: looks)
        let rgb = try #require(memory.withUnsafeBytes { FramebufferSnapshot.rgbRows(of: $0, layout: preview.layout) })
        let png = try memory.withUnsafeBytes { try FramebufferSnapshot.png(of: $0, layout: preview.layout) }
        return (rgb, png)
    }

    @Test func theThemeFrameIsAtMost64KiBAndDecodesToItsPixels() throws {
        let (rgb, png) = try Self.frame("theme.ini", looks: ["lamp": .on])
        #expect(png.count <= 65_536)
        let decoded = try DecodedPNG(png)
        #expect(decoded.width == 800 && decoded.height == 480)
        #expect(decoded.pixels == rgb)
        // Not a blank frame: the theme's background and the lamp's amber are both in it.
        #expect(Array(rgb[0..<3]) == [0x0B, 0x0E, 0x13])
        #expect(stride(from: 0, to: rgb.count, by: 3).contains { rgb[$0..<$0 + 3] == [0xE0, 0xA5, 0x26] })
    }

    @Test func theDemoFrameDecodesToItsPixels() throws {
        let (rgb, png) = try Self.frame("demo.ini", looks: [:])
        #expect(png.count <= 65_536)
        #expect(try DecodedPNG(png).pixels == rgb)
    }
}
