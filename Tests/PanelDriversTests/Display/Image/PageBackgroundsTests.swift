import Foundation
import LinuxSystem
import PanelConfig
@testable import PanelDrivers
import PanelEngine
@testable import PanelTestSupport
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
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
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

/// A cache file mapped at the start and cut or rewritten since (`truncate -s0`, a bad card):
/// reading its pages would kill the panel with SIGBUS (issue 43), so it is checked before each
/// use and its picture dropped with one log line.
@Suite("Page images: a cache file cut after the start is dropped, not read", .serialized)
struct PageBackgroundCacheChangeTests {
    @Test func aCacheFileCutToZeroLeavesItsPagesTheColourWithOneLine() throws {
        let directory = NSTemporaryDirectory() + "touchpanel-cut-\(getpid())"
        try? FileManager.default.removeItem(atPath: directory)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let plan = "\(fixtures)/rgb8.png", other = "\(fixtures)/gray8.png"
        let config = try PanelConfigLoader.parse(text: """
            [display]
            width = 8
            height = 4
            background = #102030
            [page one]
            image = \(plan)
            [page two]
            image = \(plan)
            [page three]
            image = \(other)
            """, file: "panel.ini", presetSearchPath: [])
        let layout = FramebufferLayout(physicalWidth: 8, physicalHeight: 4, format: .xrgb8888)!
        let log = RecordingLog()
        let backgrounds = PageBackgrounds(config: config, layout: layout, cache: BackgroundCache(directory: directory), log: log)
        let third = try #require(backgrounds.picture(page: 2).map { Array($0) })
        let labels = try FramebufferSurface.rasterizeLabels(for: config)
        let cacheFile = directory + "/" + BackgroundCache.fileName(
            png: try FileContents.bytes(ofFile: plan), layout: layout, background: RGBColor(r: 0x10, g: 0x20, b: 0x30))
        let colour = (0..<(8 * 4)).flatMap { _ in [0x30, 0x20, 0x10, 0x00] as [UInt8] }
        var memory = [UInt8](repeating: 0xEE, count: layout.bufferSize)
        memory.withUnsafeMutableBytes { pixels in
            let surface = FramebufferSurface(layout: layout, pixels: pixels, config: config, labels: labels, backgrounds: backgrounds)
            surface.drawAll([ItemLook?](), page: 0)
            #expect(Array(pixels) != colour)
            #expect(truncate(cacheFile, 0) == 0)
            // `ctl page two`: drawn in the colour; so is page one, which showed the same file.
            surface.drawAll([ItemLook?](), page: 1)
            #expect(Array(pixels) == colour)
            surface.drawAll([ItemLook?](), page: 0)
            #expect(Array(pixels) == colour)
            surface.drawAll([ItemLook?](), page: 2)
            #expect(Array(pixels) == third)
        }
        #expect(log.lines == [
            "panel.ini:8: [page two] image: the cache file \(cacheFile) is 0 bytes now, not 128; "
                + "the page shows its background colour until a reload"
        ])
    }

    /// Rewritten in place at its own size: its time says so.
    @Test func aCacheFileRewrittenInPlaceIsDroppedToo() throws {
        let directory = NSTemporaryDirectory() + "touchpanel-rewritten-\(getpid())"
        try? FileManager.default.removeItem(atPath: directory)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let config = try PageBackgroundsTests.config(images: ["\(fixtures)/rgb8.png"])
        let layout = FramebufferLayout(physicalWidth: 8, physicalHeight: 4, format: .rgb565)!
        let log = RecordingLog()
        let backgrounds = PageBackgrounds(config: config, layout: layout, cache: BackgroundCache(directory: directory), log: log)
        #expect(backgrounds.picture(page: 0) != nil)
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: directory).first)
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, directory + "/" + name, &times, 0) == 0)
        #expect(backgrounds.picture(page: 0) == nil)
        #expect(backgrounds.picture(page: 0) == nil)
        #expect(log.lines == [
            "panel.ini:5: [page p0] image: the cache file \(directory)/\(name) was written since it was mapped; "
                + "the page shows its background colour until a reload"
        ])
    }
}

/// A start whose page image has a current cache file maps it without decoding the PNG, in the
/// start's check (`problems`) and in bringing the pictures in; a PNG changed in its bytes is
/// decoded again, and one that became corrupt, cut short or unreadable is refused whatever the
/// cache holds. The decoder is a counting stand-in around `PNGDecoder.decode`.
@Suite("Page images: a current cache file spares the decoding, never the refusal", .serialized)
struct PageBackgroundsCacheTests {
    final class CountingDecoder {
        var calls = 0
        func decode(_ bytes: [UInt8], _ source: String) throws(PNGError) -> RGBAImage {
            calls += 1
            return try PNGDecoder.decode(bytes: bytes, source: source)
        }
    }

    /// A folder with plan.png (a copy of fixture `png`), panel.ini naming it on line 6, and an
    /// empty cache folder.
    struct Setup {
        let directory: String
        let config: PanelConfiguration
        let cache: BackgroundCache
        let layout = FramebufferLayout(physicalWidth: 6, physicalHeight: 2, format: .rgb565, rotation: .degrees180)!
        let decoder = CountingDecoder()
        var png: String { directory + "/plan.png" }

        init(_ name: String, png fixture: String = "rgb8.png") throws {
            directory = NSTemporaryDirectory() + "touchpanel-bgcache-\(name)-\(getpid())"
            try? FileManager.default.removeItem(atPath: directory)
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: "\(fixtures)/\(fixture)", toPath: directory + "/plan.png")
            config = try PanelConfigLoader.parse(
                text: "[display]\nwidth = 6\nheight = 2\nbackground = #102030\n[page plan]\nimage = plan.png\n",
                file: directory + "/panel.ini", presetSearchPath: [])
            cache = BackgroundCache(directory: directory + "/cache")
        }

        /// A start: the check, then the pictures; the check's problems and page 0's bytes.
        func start() -> (problems: [String], picture: [UInt8]?) {
            let problems = PageBackgrounds.problems(config, cache: cache, decode: decoder.decode)
            let backgrounds = PageBackgrounds(config: config, layout: layout, cache: cache, log: nil, decode: decoder.decode)
            return (problems, backgrounds.picture(page: 0).map { Array($0) })
        }

        func replacePNG(with bytes: [UInt8]) throws {
            try FileManager.default.removeItem(atPath: png)
            #expect(FileManager.default.createFile(atPath: png, contents: Data(bytes)))
        }

        func cacheFiles() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: directory + "/cache").sorted()
        }

        /// What the picture of fixture `name` is on this layout, converted here.
        func converted(_ name: String) throws -> [UInt8] {
            let image = try PNGDecoder.load(path: "\(fixtures)/\(name)")
            return FramebufferPicture.bytes(
                ofLogicalRGB: FittedPicture.rgb(of: image, width: 6, height: 2, background: RGBColor(r: 0x10, g: 0x20, b: 0x30)), layout: layout)
        }

        func error(_ reason: PNGError.Reason) -> String {
            "\(directory)/panel.ini:6: [page plan] image: " + PNGError(source: png, reason: reason).message
        }
    }

    @Test func aStartWithACurrentCacheFileDecodesNothing() throws {
        let setup = try Setup("current")
        defer { try? FileManager.default.removeItem(atPath: setup.directory) }
        // The first start: no cache file, so the check decodes and so does the conversion.
        let first = setup.start()
        #expect(first.problems == [])
        #expect(setup.decoder.calls == 2)
        #expect(first.picture == (try setup.converted("rgb8.png")))
        #expect(try setup.cacheFiles().count == 1)
        // The next start: the file is there; neither the check nor the pictures decode.
        let second = setup.start()
        #expect(second.problems == [])
        #expect(setup.decoder.calls == 2)
        #expect(second.picture == first.picture)
        // The same bytes written again (a new time, the same size): still no decoding.
        try setup.replacePNG(with: try FileContents.bytes(ofFile: setup.png))
        #expect(setup.start().problems == [])
        #expect(setup.decoder.calls == 2)
    }

    @Test func aChangedPNGIsConvertedAgain() throws {
        let setup = try Setup("changed")
        defer { try? FileManager.default.removeItem(atPath: setup.directory) }
        _ = setup.start()
        #expect(setup.decoder.calls == 2)
        try setup.replacePNG(with: try FileContents.bytes(ofFile: "\(fixtures)/gray8.png"))
        let changed = setup.start()
        #expect(changed.problems == [])
        #expect(setup.decoder.calls == 4)
        #expect(changed.picture == (try setup.converted("gray8.png")))
        #expect(changed.picture != (try setup.converted("rgb8.png")))
        #expect(try setup.cacheFiles().count == 2)
        // Another layout or colour has no file yet: the check is spared (these bytes decoded
        // before), the conversion is not.
        let rotated = FramebufferLayout(physicalWidth: 6, physicalHeight: 2, format: .rgb565, rotation: .degrees0)!
        #expect(PageBackgrounds.problems(setup.config, cache: setup.cache, decode: setup.decoder.decode) == [])
        _ = PageBackgrounds(config: setup.config, layout: rotated, cache: setup.cache, log: nil, decode: setup.decoder.decode)
        #expect(setup.decoder.calls == 5)
    }

    /// The cache file of the good PNG stays; the PNG beside it goes bad. Each is refused at the
    /// key's line, as with no cache.
    @Test func aBadPNGWithAStaleCacheFileIsStillRefused() throws {
        let setup = try Setup("stale")
        defer { try? FileManager.default.removeItem(atPath: setup.directory) }
        _ = setup.start()
        let good = try FileContents.bytes(ofFile: setup.png)
        let cached = try setup.cacheFiles()
        #expect(cached.count == 1)

        // Corrupt: one byte of IDAT's CRC flipped, the same size.
        try setup.replacePNG(with: try FileContents.bytes(ofFile: "\(fixtures)/bad-crc-idat.png"))
        #expect(PageBackgrounds.problems(setup.config, cache: setup.cache, decode: setup.decoder.decode)
            == [setup.error(.corrupt("IDAT: CRC error"))])
        // One bit of the good file's zlib checksum (IDAT's last data bytes), the same size:
        // zlib finds it before libpng reaches the chunk's CRC.
        var flipped = good
        flipped[flipped.count - 20] ^= 0x01
        try setup.replacePNG(with: flipped)
        #expect(PageBackgrounds.problems(setup.config, cache: setup.cache, decode: setup.decoder.decode)
            == [setup.error(.corrupt("IDAT: incorrect data check"))])
        // Truncated: the good file cut in half.
        try setup.replacePNG(with: Array(good.prefix(good.count / 2)))
        #expect(PageBackgrounds.problems(setup.config, cache: setup.cache, decode: setup.decoder.decode)
            == [setup.error(.truncated)])
        // Gone: the cache file is no excuse.
        try FileManager.default.removeItem(atPath: setup.png)
        #expect(PageBackgrounds.problems(setup.config, cache: setup.cache, decode: setup.decoder.decode)
            == [setup.error(.unreadable("cannot open: No such file or directory"))])
        // A directory in its place.
        try FileManager.default.createDirectory(atPath: setup.png, withIntermediateDirectories: false)
        #expect(PageBackgrounds.problems(setup.config, cache: setup.cache, decode: setup.decoder.decode)
            == [setup.error(.unreadable("not a regular file (a FIFO, a device or a directory); give the path of a file"))])
        // None of them touched the good picture's file.
        #expect(try setup.cacheFiles() == cached)
    }

    /// A file named by the PNG's hash that is not the size its name gives (cut short, or an
    /// empty one an older version left after a failed decoding) proves nothing: the PNG is
    /// decoded, and the file made again.
    @Test func aCacheFileOfAnotherSizeIsNoProof() throws {
        let setup = try Setup("size")
        defer { try? FileManager.default.removeItem(atPath: setup.directory) }
        let png = try FileContents.bytes(ofFile: setup.png)
        try FileManager.default.createDirectory(atPath: setup.directory + "/cache", withIntermediateDirectories: false)
        let name = BackgroundCache.fileName(png: png, layout: setup.layout, background: RGBColor(r: 0x10, g: 0x20, b: 0x30))
        #expect(FileManager.default.createFile(atPath: setup.directory + "/cache/" + name, contents: Data([1, 2, 3])))
        #expect(!setup.cache.holdsPicture(ofPNG: png))
        let started = setup.start()
        #expect(started.problems == [])
        #expect(setup.decoder.calls == 2)
        #expect(started.picture == (try setup.converted("rgb8.png")))
        #expect(setup.cache.holdsPicture(ofPNG: png))
    }

    /// A cache file does not excuse what the header check refuses: here a file the decoder now
    /// refuses (a chunk before IHDR) with a cache file of the right size named by its bytes, as
    /// a version before that rule could have left.
    @Test func theHeaderIsCheckedEvenWithACacheFile() throws {
        let setup = try Setup("header", png: "chunk-before-ihdr.png")
        defer { try? FileManager.default.removeItem(atPath: setup.directory) }
        let png = try FileContents.bytes(ofFile: setup.png)
        try FileManager.default.createDirectory(atPath: setup.directory + "/cache", withIntermediateDirectories: false)
        let name = BackgroundCache.fileName(png: png, layout: setup.layout, background: RGBColor(r: 0x10, g: 0x20, b: 0x30))
        #expect(FileManager.default.createFile(
            atPath: setup.directory + "/cache/" + name, contents: Data(count: setup.layout.bufferSize)))
        #expect(setup.cache.holdsPicture(ofPNG: png))
        #expect(PageBackgrounds.problems(setup.config, cache: setup.cache, decode: setup.decoder.decode)
            == [setup.error(.corrupt("the first chunk is tEXt, not IHDR"))])
        #expect(setup.decoder.calls == 0)
    }

    /// A PNG that does not decode when the pictures are brought in (changed after the check)
    /// leaves its page the colour, one error line, and no cache file behind.
    @Test func aPNGThatDoesNotDecodeLeavesNoCacheFile() throws {
        let setup = try Setup("nofile", png: "truncated-idat.png")
        defer { try? FileManager.default.removeItem(atPath: setup.directory) }
        let log = RecordingLog()
        let backgrounds = PageBackgrounds(config: setup.config, layout: setup.layout, cache: setup.cache, log: log, decode: setup.decoder.decode)
        #expect(backgrounds.picture(page: 0) == nil)
        #expect(log.lines == [setup.error(.truncated) + "; the page shows its background colour"])
        #expect((try? setup.cacheFiles()) ?? [] == [])
    }
}
