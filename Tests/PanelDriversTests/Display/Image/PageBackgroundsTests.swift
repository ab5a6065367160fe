import Foundation
import PanelConfig
@testable import PanelDrivers
import PanelEngine
import Testing
import TouchCore

private let fixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("PNGFixtures").path

/// `[page NAME] image` files: each bad one an error with the key's file:line, for `check` and
/// the start; good ones drawn under the page's items, zones showing them.
@Suite("Page images: bad PNGs named at their line, good ones under the page", .serialized)
struct PageBackgroundsTests {
    /// One page per image, `image` on lines 5, 7, 9, ...
    static func config(images: [String]) throws -> PanelConfiguration {
        var text = "[display]\nwidth = 8\nheight = 4\n"
        for (index, image) in images.enumerated() { text += "[page p\(index)]\nimage = \(image)\n" }
        return try PanelConfigLoader.parse(text: text, file: "panel.ini", presetSearchPath: [])
    }

    @Test func eachBadPNGIsAnErrorAtItsKeysLine() throws {
        let big = NSTemporaryDirectory() + "touchpanel-big-\(getpid()).png"
        FileManager.default.createFile(atPath: big, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: big))
        try handle.truncate(atOffset: UInt64(PNGDecoder.maxFileBytes + 1))
        try handle.close()
        defer { try? FileManager.default.removeItem(atPath: big) }
        let names = ["missing.png", "truncated-idat.png", "bad-crc-ihdr.png", "too-wide-5000x10.png", "not-png.png", "empty.png", "rgb8.png"]
        let paths = names.map { "\(fixtures)/\($0)" } + [big, fixtures]
        let problems = PageBackgrounds.problems(try Self.config(images: paths))
        func error(_ index: Int, _ reason: String) -> String { "panel.ini:\(5 + 2 * index): [page p\(index)] image: \(paths[index]): \(reason)" }
        #expect(problems == [
            error(0, "cannot open: No such file or directory"),
            error(1, PNGError(source: "", reason: .truncated).reasonText),
            error(2, PNGError(source: "", reason: .corrupt("IHDR: CRC error")).reasonText),
            error(3, PNGError(source: "", reason: .tooLarge(widthPx: 5000, heightPx: 10)).reasonText),
            error(4, PNGError(source: "", reason: .notPNG).reasonText),
            error(5, PNGError(source: "", reason: .empty).reasonText),
            error(7, PNGError(source: "", reason: .fileTooLarge(bytes: PNGDecoder.maxFileBytes + 1)).reasonText),
            error(8, "not a regular file (a FIFO, a device or a directory); give the path of a file"),
        ])
    }

    /// Two pages of one file map it once.
    @Test func pagesWithTheSameImageShareItsMapping() throws {
        let directory = NSTemporaryDirectory() + "touchpanel-share-\(getpid())"
        try? FileManager.default.removeItem(atPath: directory)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = "\(fixtures)/rgb8.png"
        let config = try Self.config(images: [path, path, "\(fixtures)/gray8.png"])
        let layout = FramebufferLayout(physicalWidth: 8, physicalHeight: 4, format: .rgb565)!
        let backgrounds = PageBackgrounds(config: config, layout: layout, cache: BackgroundCache(directory: directory), log: nil)
        let first = try #require(backgrounds.picture(page: 0)?.baseAddress)
        #expect(backgrounds.picture(page: 1)?.baseAddress == first)
        #expect(backgrounds.picture(page: 2)?.baseAddress != first)
        #expect(backgrounds.picture(page: 3) == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).count == 2)
    }

    /// A 4x2 RGBA page image on an 8x4 display (doubled), a zone over its left half, and the
    /// page drawn whole: at rest the frame is the converted picture byte for byte; pressed, the
    /// zone's pixels are its fill over the picture's.
    @Test func aZoneAtRestShowsThePictureAndPressedTintsIt() throws {
        let directory = NSTemporaryDirectory() + "touchpanel-pagebg-\(getpid())"
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.copyItem(atPath: "\(fixtures)/rgb8.png", toPath: directory + "/plan.png")
        let config = try PanelConfigLoader.parse(text: """
            [display]
            width = 6
            height = 2
            background = #000000
            [page plan]
            image = plan.png
            [button zone]
            page = plan
            rect = 0, 0, 3, 2
            fill = none
            border_px = 0
            pressed_fill = #0000FF80
            """, file: directory + "/panel.ini", presetSearchPath: [])
        let layout = FramebufferLayout(physicalWidth: 6, physicalHeight: 2, format: .xrgb8888)!
        let backgrounds = PageBackgrounds(config: config, layout: layout, cache: BackgroundCache(directory: directory + "/cache"), log: nil)
        #expect(backgrounds.allFileBacked)
        let picture = try #require(backgrounds.picture(page: 0).map { Array($0) })
        let image = try PNGDecoder.load(path: directory + "/plan.png")
        #expect(picture == FramebufferPicture.bytes(
            ofLogicalRGB: FittedPicture.rgb(of: image, width: 6, height: 2, background: .black), layout: layout))
        let labels = try FramebufferSurface.rasterizeLabels(for: config)
        var memory = [UInt8](repeating: 0xEE, count: layout.bufferSize)
        memory.withUnsafeMutableBytes { pixels in
            let surface = FramebufferSurface(layout: layout, pixels: pixels, config: config, labels: labels, backgrounds: backgrounds)
            surface.drawAll([.normal], page: 0)
            #expect(Array(pixels) == picture)
            surface.draw(button: 0, state: .pressed)
            for x in 0..<6 {
                let offset = 4 * x
                let under = RGBColor(r: picture[offset + 2], g: picture[offset + 1], b: picture[offset])
                let expected = x < 3 ? RGBColor(r: 0, g: 0, b: 255).blended(over: under, alpha: 0x80) : under
                #expect(Array(pixels[offset..<offset + 3]) == [expected.b, expected.g, expected.r], "x \(x)")
            }
            surface.draw(button: 0, state: .normal)
            #expect(Array(pixels) == picture)
        }
    }
}
