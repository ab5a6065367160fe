import Foundation
import LinuxSystem
import PanelConfig
@testable import PanelDrivers
import Testing
import TouchCore

/// A page's background: fitted to the display (`FittedPicture`), converted once to the
/// framebuffer's layout (`FramebufferPicture`), kept in the cache folder and mapped from there
/// (`BackgroundCache`). Exact bytes throughout.
@Suite("Page backgrounds: fitted, converted to the framebuffer's layout, cached and mapped")
struct BackgroundPictureTests {
    static let red = RGBColor(r: 255, g: 0, b: 0)
    static let odd = RGBColor(r: 0x12, g: 0x34, b: 0x56)
    static let gray = RGBColor(r: 0x80, g: 0x80, b: 0x80)

    /// A 3x2 logical picture: red at (0, 0), 0x123456 at (2, 1), gray elsewhere.
    static var picture: [UInt8] {
        var rgb: [UInt8] = []
        for y in 0..<2 {
            for x in 0..<3 {
                let color = x == 0 && y == 0 ? red : x == 2 && y == 1 ? odd : gray
                rgb += [color.r, color.g, color.b]
            }
        }
        return rgb
    }

    /// Where logical (x, y) of a 3x2 picture lands, by DisplayRotation's table, written out.
    static func physical(_ x: Int, _ y: Int, _ rotation: DisplayRotation) -> (Int, Int) {
        switch rotation {
        case .degrees0: (x, y)
        case .degrees90: (1 - y, x)
        case .degrees180: (2 - x, 1 - y)
        case .degrees270: (y, 2 - x)
        }
    }

    @Test(arguments: [DisplayRotation.degrees0, .degrees90, .degrees180, .degrees270])
    func exactPixelsInBothFormatsAtEveryRotation(rotation: DisplayRotation) {
        let cases: [(PixelFormat, red: [UInt8], odd: [UInt8], gray: [UInt8])] = [
            (.xrgb8888, [0x00, 0x00, 0xFF, 0x00], [0x56, 0x34, 0x12, 0x00], [0x80, 0x80, 0x80, 0x00]),
            // RGB565: red 0xF800; 0x123456 is r 2, g 13, b 10: 0x11AA; gray r 16 g 32 b 16: 0x8410.
            (.rgb565, [0x00, 0xF8], [0xAA, 0x11], [0x10, 0x84]),
        ]
        for (format, red, odd, gray) in cases {
            let width: Int32 = rotation.swapsAxes ? 2 : 3, height: Int32 = rotation.swapsAxes ? 3 : 2
            let padding = 4
            let layout = FramebufferLayout(
                physicalWidth: width, physicalHeight: height, strideBytes: Int(width) * format.bytesPerPixel + padding, format: format,
                rotation: rotation)!
            let bytes = FramebufferPicture.bytes(ofLogicalRGB: Self.picture, layout: layout)
            #expect(bytes.count == layout.strideBytes * Int(height))
            func at(_ point: (Int, Int)) -> [UInt8] {
                let start = point.1 * layout.strideBytes + point.0 * format.bytesPerPixel
                return Array(bytes[start..<start + format.bytesPerPixel])
            }
            #expect(at(Self.physical(0, 0, rotation)) == red, "\(format) \(rotation)")
            #expect(at(Self.physical(2, 1, rotation)) == odd, "\(format) \(rotation)")
            #expect(at(Self.physical(1, 0, rotation)) == gray, "\(format) \(rotation)")
            for row in 0..<Int(height) {
                let end = (row + 1) * layout.strideBytes
                #expect(Array(bytes[end - padding..<end]) == [0, 0, 0, 0], "padding of row \(row)")
            }
        }
    }

    @Test func placementFitsInsideKeepingTheShapeCentred() {
        #expect(FittedPicture.placement(widthPx: 800, heightPx: 480, displayWidth: 800, displayHeight: 480) == Rect(x: 0, y: 0, width: 800, height: 480))
        #expect(FittedPicture.placement(widthPx: 400, heightPx: 240, displayWidth: 800, displayHeight: 480) == Rect(x: 0, y: 0, width: 800, height: 480))
        // Square on a wide display: the height limits, bars left and right.
        #expect(FittedPicture.placement(widthPx: 100, heightPx: 100, displayWidth: 800, displayHeight: 480) == Rect(x: 160, y: 0, width: 480, height: 480))
        // Wider than the display's shape: bars above and below.
        #expect(FittedPicture.placement(widthPx: 1000, heightPx: 100, displayWidth: 800, displayHeight: 480) == Rect(x: 0, y: 200, width: 800, height: 80))
        // Portrait display, an odd spare pixel right.
        #expect(FittedPicture.placement(widthPx: 3, heightPx: 5, displayWidth: 480, displayHeight: 800) == Rect(x: 0, y: 0, width: 480, height: 800))
        #expect(FittedPicture.placement(widthPx: 1, heightPx: 2, displayWidth: 5, displayHeight: 4) == Rect(x: 1, y: 0, width: 2, height: 4))
    }

    @Test func anImageOfTheDisplaysSizeComesOutAsItIsOverTheBackground() {
        let image = RGBAImage(widthPx: 3, heightPx: 1, pixels: [10, 20, 30, 255, 255, 0, 0, 128, 1, 2, 3, 0])
        let rgb = FittedPicture.rgb(of: image, width: 3, height: 1, background: RGBColor(r: 0, g: 0, b: 255))
        // Half-transparent red over blue: premultiplied (255*128 + 127)/255 = 128, blue (255*127 + 127)/255 = 127.
        #expect(rgb == [10, 20, 30, 128, 0, 127, 0, 0, 255])
    }

    @Test func scaledBilinearlyIntoItsPlaceWithTheBackgroundAround() {
        // Red, blue: 2x1 on a 4x4 display is 4x2 at y = 1.
        let image = RGBAImage(widthPx: 2, heightPx: 1, pixels: [255, 0, 0, 255, 0, 0, 255, 255])
        let rgb = FittedPicture.rgb(of: image, width: 4, height: 4, background: RGBColor(r: 0, g: 255, b: 0))
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(rgb[3 * (y * 4 + x)..<3 * (y * 4 + x) + 3]) }
        for x in 0..<4 {
            #expect(pixel(x, 0) == [0, 255, 0])
            #expect(pixel(x, 3) == [0, 255, 0])
        }
        // Output x = 1 is centred at input 0.75: weights 3/4 red, 1/4 blue (12288 and 4096 of 16384).
        for y in 1...2 {
            #expect(pixel(0, y) == [255, 0, 0])
            #expect(pixel(1, y) == [191, 0, 64])
            #expect(pixel(2, y) == [64, 0, 191])
            #expect(pixel(3, y) == [0, 0, 255])
        }
    }

    @Test func shrinkingAveragesWhatEachPixelCovers() {
        // Four columns black, white, black, white shrunk to two: each the average of its pair and
        // a quarter of each neighbour (Pillow's BILINEAR support of 2 input pixels each way).
        let row: [UInt8] = [0, 0, 0, 255, 255, 255, 255, 255, 0, 0, 0, 255, 255, 255, 255, 255]
        let image = RGBAImage(widthPx: 4, heightPx: 1, pixels: row)
        let rgb = FittedPicture.rgb(of: image, width: 2, height: 1, background: .black)
        // Output 0 centred at 1.0: taps 0, 1, 2 weigh 0.75, 0.75, 0.25 (of 1.75): white 0.75/1.75 = 109.
        #expect(rgb == [109, 109, 109, 146, 146, 146])
    }
}

@Suite("The background cache: named by what makes it, written once, mapped read-only", .serialized)
struct BackgroundCacheTests {
    static let layout = FramebufferLayout(physicalWidth: 4, physicalHeight: 2, format: .xrgb8888)!

    static func folder(_ name: String) -> String {
        let path = NSTemporaryDirectory() + "touchpanel-bg-\(name)-\(getpid())"
        try? FileManager.default.removeItem(atPath: path)
        return path
    }

    @Test func aPictureIsConvertedOnceThenMappedFromItsFile() throws {
        let directory = Self.folder("once") + "/touchpanel"
        let cache = BackgroundCache(directory: directory)
        let png: [UInt8] = [1, 2, 3]
        let bytes = (0..<Self.layout.bufferSize).map { UInt8($0 & 0xFF) }
        var conversions = 0
        let first = cache.picture(png: png, layout: Self.layout, background: .black) {
            conversions += 1
            return bytes
        }
        #expect(first.note == nil)
        #expect(first.picture?.isFileBacked == true)
        #expect(first.picture.map { Array($0.bytes) } == bytes)
        let name = BackgroundCache.fileName(png: png, layout: Self.layout, background: .black)
        #expect(name.hasPrefix("bg-") && name.hasSuffix("-4x2-s16-xrgb8888-r0-on000000.fb"))
        #expect(FileManager.default.fileExists(atPath: directory + "/" + name))
        // Nothing left under a temporary name.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == [name])
        let second = cache.picture(png: png, layout: Self.layout, background: .black) {
            conversions += 1
            return []
        }
        #expect(conversions == 1)
        #expect(second.picture?.isFileBacked == true)
        #expect(second.picture.map { Array($0.bytes) } == bytes)
        // Mapped shared and read-only from the file: the kernel lists it with the file's path.
        try withExtendedLifetime(second) {
            // Read to the end: procfs reports a size of 0.
            let maps = String(decoding: try #require(FileHandle(forReadingAtPath: "/proc/self/maps")).readDataToEndOfFile(), as: UTF8.self)
            let lines = maps.split(separator: "\n").filter { $0.hasSuffix(name) }
            #expect(!lines.isEmpty && lines.allSatisfy { $0.contains(" r--s ") }, "\(lines)")
        }
    }

    @Test func anotherPNGOrLayoutOrBackgroundGetsAFileOfItsOwn() {
        let other = FramebufferLayout(physicalWidth: 4, physicalHeight: 2, format: .rgb565, rotation: .degrees180)!
        let a = BackgroundCache.fileName(png: [1, 2, 3], layout: Self.layout, background: .black)
        #expect(a != BackgroundCache.fileName(png: [1, 2, 4], layout: Self.layout, background: .black))
        #expect(BackgroundCache.fileName(png: [1, 2, 3], layout: other, background: .black).hasSuffix("-4x2-s8-rgb565-r180-on000000.fb"))
        // The colour around a picture of another shape is in it: a new `background` is a new file.
        #expect(BackgroundCache.fileName(png: [1, 2, 3], layout: Self.layout, background: RGBColor(r: 0x12, g: 0xAB, b: 0x0F))
            .hasSuffix("-4x2-s16-xrgb8888-r0-on12ab0f.fb"))
        // FNV-1a of no bytes is its offset basis.
        #expect(BackgroundCache.fileName(png: [], layout: Self.layout, background: .black)
            == "bg-cbf29ce484222325-4x2-s16-xrgb8888-r0-on000000.fb")
    }

    /// What a start trusts: a file named by the PNG's hash, of the size its name gives.
    @Test func aFileForThePNGIsFoundOnAnyLayoutByItsNameAndSize() throws {
        let directory = Self.folder("holds")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cache = BackgroundCache(directory: directory)
        let odd = FramebufferLayout(physicalWidth: 5, physicalHeight: 3, format: .rgb888, rotation: .degrees90)!
        let name = BackgroundCache.fileName(png: [4, 5], layout: odd, background: .black)
        let prefix = BackgroundCache.namePrefix(png: [4, 5])
        #expect(BackgroundCache.byteCount(ofFileNamed: name, prefix: prefix) == odd.bufferSize)
        for bad in ["", "5x3", "5x3-", "5x-s16-", "x3-s16-", "5x3-16-", "5x3-s-", "5x3-s16", "5x0-s16-", "5x3-s0-", "5x3-s1234567890-"] {
            #expect(BackgroundCache.byteCount(ofFileNamed: prefix + bad, prefix: prefix) == nil, "\(bad)")
        }
        #expect(!cache.holdsPicture(ofPNG: [4, 5]))
        // Short of its size: no proof.
        #expect(FileManager.default.createFile(atPath: directory + "/" + name, contents: Data(count: odd.bufferSize - 1)))
        #expect(!cache.holdsPicture(ofPNG: [4, 5]))
        try FileManager.default.removeItem(atPath: directory + "/" + name)
        #expect(FileManager.default.createFile(atPath: directory + "/" + name, contents: Data(count: odd.bufferSize)))
        #expect(cache.holdsPicture(ofPNG: [4, 5]))
        // Other bytes, another hash; a missing folder holds nothing.
        #expect(!cache.holdsPicture(ofPNG: [4, 6]))
        #expect(!BackgroundCache(directory: directory + "/none").holdsPicture(ofPNG: [4, 5]))
        #expect(!BackgroundCache(directory: nil).holdsPicture(ofPNG: [4, 5]))
    }

    @Test func aConversionThatFailsWritesNothing() throws {
        let directory = Self.folder("failed")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let made = BackgroundCache(directory: directory).picture(png: [3], layout: Self.layout, background: .black) { nil }
        #expect(made.picture == nil && made.note == nil)
        #expect(!FileManager.default.fileExists(atPath: directory + "/" + BackgroundCache.fileName(png: [3], layout: Self.layout, background: .black)))
    }

    @Test func aFileOfTheWrongSizeIsMadeAgain() throws {
        let directory = Self.folder("size")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let name = BackgroundCache.fileName(png: [9], layout: Self.layout, background: .black)
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: directory + "/" + name))
        let bytes = [UInt8](repeating: 7, count: Self.layout.bufferSize)
        let made = BackgroundCache(directory: directory).picture(png: [9], layout: Self.layout, background: .black) { bytes }
        #expect(made.picture?.isFileBacked == true)
        #expect(made.picture.map { Array($0.bytes) } == bytes)
    }

    @Test func aFolderThatCannotBeWrittenFallsBackToAnonymousMemoryAndSaysSo() throws {
        let blocker = Self.folder("blocked")
        try Data([0]).write(to: URL(fileURLWithPath: blocker))
        let bytes = [UInt8](repeating: 5, count: Self.layout.bufferSize)
        let made = BackgroundCache(directory: blocker + "/touchpanel").picture(png: [1], layout: Self.layout, background: .black) { bytes }
        #expect(made.picture?.isFileBacked == false)
        #expect(made.picture.map { Array($0.bytes) } == bytes)
        #expect(made.note == "cannot make \(blocker)/touchpanel: ENOTDIR (Not a directory)")
    }

    @Test func theFolderComesFromSystemdThenXDGThenHome() {
        let saved = ["CACHE_DIRECTORY", "XDG_CACHE_HOME", "HOME"].map { name in (name, ProcessInfo.processInfo.environment[name]) }
        defer {
            for (name, value) in saved {
                if let value { setenv(name, value, 1) } else { unsetenv(name) }
            }
        }
        setenv("CACHE_DIRECTORY", "/var/cache/touchpanel:/other", 1)
        setenv("XDG_CACHE_HOME", "/x", 1)
        setenv("HOME", "/home/pi", 1)
        #expect(BackgroundCache.fromEnvironment().directory == "/var/cache/touchpanel")
        unsetenv("CACHE_DIRECTORY")
        #expect(BackgroundCache.fromEnvironment().directory == "/x/touchpanel")
        unsetenv("XDG_CACHE_HOME")
        #expect(BackgroundCache.fromEnvironment().directory == "/home/pi/.cache/touchpanel")
        unsetenv("HOME")
        #expect(BackgroundCache.fromEnvironment().directory == nil)
    }
}
