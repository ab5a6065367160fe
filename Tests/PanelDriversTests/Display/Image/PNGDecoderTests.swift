import Foundation
import LinuxSystem
@testable import PanelDrivers
import Testing
@testable import PanelTestSupport

/// The files Tests/PNGFixtures/make.py writes (Python's zlib and struct: an encoder that shares
/// nothing with libpng). The pixels each holds are written out here again, by hand or by the
/// same formula, so a decoder that gets one byte wrong fails.
private let fixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("PNGFixtures").path

private func fixture(_ name: String) -> String { "\(fixtures)/\(name)" }

/// An image from its pixels as RGBA quads, row after row.
private func image(_ width: Int, _ height: Int, _ quads: [[UInt8]]) -> RGBAImage {
    precondition(quads.allSatisfy { $0.count == 4 })
    return RGBAImage(widthPx: width, heightPx: height, pixels: quads.flatMap { $0 })
}

/// An image whose pixel at (x, y) is `pixel(x, y)`.
private func image(_ width: Int, _ height: Int, _ pixel: (Int, Int) -> [Int]) -> RGBAImage {
    var quads: [[UInt8]] = []
    for y in 0..<height {
        for x in 0..<width { quads.append(pixel(x, y).map { UInt8($0) }) }
    }
    return image(width, height, quads)
}

@Suite("PNG files of every colour type to straight 8-bit RGBA, through libpng")
struct PNGDecoderColourTests {
    @Test func grayAtEveryBitDepth() throws {
        #expect(try PNGDecoder.load(path: fixture("gray1.png")) == image(3, 2, [
            [255, 255, 255, 255], [0, 0, 0, 255], [255, 255, 255, 255],
            [0, 0, 0, 255], [255, 255, 255, 255], [255, 255, 255, 255],
        ]))
        #expect(try PNGDecoder.load(path: fixture("gray2.png")) == image(4, 1, [
            [0, 0, 0, 255], [85, 85, 85, 255], [170, 170, 170, 255], [255, 255, 255, 255],
        ]))
        #expect(try PNGDecoder.load(path: fixture("gray4.png")) == image(3, 1, [
            [0, 0, 0, 255], [119, 119, 119, 255], [255, 255, 255, 255],
        ]))
        #expect(try PNGDecoder.load(path: fixture("gray8.png")) == image(3, 1, [
            [0, 0, 0, 255], [128, 128, 128, 255], [255, 255, 255, 255],
        ]))
        // 16 bits: the high byte (0x1234 and 0x12FF both 0x12).
        #expect(try PNGDecoder.load(path: fixture("gray16.png")) == image(3, 1, [
            [0x12, 0x12, 0x12, 255], [0x12, 0x12, 0x12, 255], [255, 255, 255, 255],
        ]))
    }

    @Test func grayWithTransparencyKey() throws {
        #expect(try PNGDecoder.load(path: fixture("gray8-trns.png")) == image(3, 1, [
            [0, 0, 0, 255], [128, 128, 128, 0], [255, 255, 255, 255],
        ]))
        // The key 0x1234 is compared before the samples lose their low byte: 0x12FF stays opaque.
        #expect(try PNGDecoder.load(path: fixture("gray16-trns.png")) == image(3, 1, [
            [0x12, 0x12, 0x12, 0], [0x12, 0x12, 0x12, 255], [255, 255, 255, 255],
        ]))
    }

    @Test func grayWithAlpha() throws {
        #expect(try PNGDecoder.load(path: fixture("gray-alpha8.png")) == image(2, 1, [
            [10, 10, 10, 20], [200, 200, 200, 255],
        ]))
        #expect(try PNGDecoder.load(path: fixture("gray-alpha16.png")) == image(2, 1, [
            [0xAB, 0xAB, 0xAB, 0x80], [0, 0, 0, 255],
        ]))
    }

    @Test func paletteWithAndWithoutTransparency() throws {
        #expect(try PNGDecoder.load(path: fixture("palette1.png")) == image(3, 2, [
            [255, 0, 0, 255], [0, 0, 255, 255], [255, 0, 0, 255],
            [0, 0, 255, 255], [0, 0, 255, 255], [255, 0, 0, 255],
        ]))
        #expect(try PNGDecoder.load(path: fixture("palette2.png")) == image(5, 1, [
            [255, 128, 1, 255], [0, 0, 0, 255], [170, 255, 85, 255], [85, 0, 170, 255], [255, 128, 1, 255],
        ]))
        #expect(try PNGDecoder.load(path: fixture("palette8.png")) == image(3, 1, [
            [70, 80, 90, 255], [10, 20, 30, 255], [40, 50, 60, 255],
        ]))
        // tRNS gives entries 0 and 1 alpha 0 and 128; entry 2, past its end, is opaque. The
        // colour under alpha 0 is kept: straight alpha, not premultiplied.
        #expect(try PNGDecoder.load(path: fixture("palette8-trns.png")) == image(3, 1, [
            [70, 80, 90, 255], [10, 20, 30, 0], [40, 50, 60, 128],
        ]))
        #expect(try PNGDecoder.load(path: fixture("palette4-trns.png")) == image(5, 1, [
            [0, 255, 0, 64], [50, 205, 1, 255], [100, 155, 2, 255], [150, 105, 3, 255], [200, 55, 4, 255],
        ]))
    }

    @Test func rgbAndRGBA() throws {
        // The file also carries gAMA (1.0), cHRM, tEXt and tIME: none of them changes a byte.
        #expect(try PNGDecoder.load(path: fixture("rgb8.png")) == image(2, 2, [
            [1, 2, 3, 255], [4, 5, 6, 255], [250, 251, 252, 255], [0, 0, 0, 255],
        ]))
        #expect(try PNGDecoder.load(path: fixture("rgb8-trns.png")) == image(2, 1, [
            [1, 2, 3, 255], [4, 5, 6, 0],
        ]))
        // The key 0x0102 0x0304 0x0506 is compared at 16 bits: 0x05FF blue stays opaque.
        #expect(try PNGDecoder.load(path: fixture("rgb16-trns.png")) == image(2, 1, [
            [0x01, 0x03, 0x05, 0], [0x01, 0x03, 0x05, 255],
        ]))
        #expect(try PNGDecoder.load(path: fixture("rgb16.png")) == image(2, 1, [
            [0x01, 0x03, 0x05, 255], [0xFF, 0x80, 0x00, 255],
        ]))
        #expect(try PNGDecoder.load(path: fixture("rgba8.png")) == image(2, 1, [
            [1, 2, 3, 4], [255, 128, 0, 0],
        ]))
        #expect(try PNGDecoder.load(path: fixture("rgba16.png")) == image(2, 1, [
            [0x11, 0x22, 0x33, 0x44], [0xFF, 0x00, 0x80, 0x7F],
        ]))
    }

    @Test func everyRowFilter() throws {
        // Row y is filtered with filter y: None, Sub, Up, Average, Paeth.
        #expect(try PNGDecoder.load(path: fixture("rgb8-filters.png")) == image(7, 5) { x, y in
            [(x * 37 + y * 11) % 256, (x * x * 5 + y * 53) % 256, 255 - x * 19 - y * 7, 255]
        })
    }

    @Test func adam7Interlaced() throws {
        // 9x9: all seven passes hold pixels; the data is split over three IDAT chunks.
        #expect(try PNGDecoder.load(path: fixture("rgba8-adam7.png")) == image(9, 9) { x, y in
            [x * 16 + y, y * 16 + x, x * y, 255 - x - y]
        })
        // 2 bits a pixel: passes that start inside a byte.
        #expect(try PNGDecoder.load(path: fixture("gray2-adam7.png")) == image(7, 5) { x, y in
            let v = (x + 2 * y) % 4 * 85
            return [v, v, v, 255]
        })
        // 2x3 at 16 bits: passes 2, 3 and 5 are empty and have no bytes in the file.
        #expect(try PNGDecoder.load(path: fixture("rgb16-adam7.png")) == image(2, 3) { x, y in
            [x * 64 + y, 255 - 16 * y, 0, 255]
        })
    }

    @Test func theSizeLimitIsInclusive() throws {
        let wide = try PNGDecoder.load(path: fixture("limit-4096x1.png"))
        #expect(wide == image(4096, 1) { x, _ in x == 4095 ? [255, 255, 255, 255] : [0, 0, 0, 255] })
        let tall = try PNGDecoder.load(path: fixture("limit-1x4096.png"))
        #expect(tall == image(1, 4096) { _, y in y == 4095 ? [255, 255, 255, 255] : [0, 0, 0, 255] })
    }

    @Test func thePanelsOwnSnapshotsReadBack() throws {
        // PNGWriter (preview, the simulated board) writes opaque 8-bit RGB.
        let rgb: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 250, 251, 252, 0, 0, 0, 128, 129, 130]
        let png = try PNGWriter.encodeRGB(widthPx: 3, heightPx: 2, pixels: rgb)
        #expect(try PNGDecoder.decode(bytes: png, source: "snapshot") == image(3, 2, [
            [1, 2, 3, 255], [4, 5, 6, 255], [7, 8, 9, 255], [250, 251, 252, 255], [0, 0, 0, 255], [128, 129, 130, 255],
        ]))
    }

    @Test func bytesDecodeAsTheirFileDoes() throws {
        let path = fixture("palette8-trns.png")
        let bytes = try FileContents.bytes(ofFile: path)
        #expect(try PNGDecoder.decode(bytes: bytes, source: "topic") == PNGDecoder.load(path: path))
    }
}

@Suite("PNG files refused, each with its reason and its source")
struct PNGDecoderRefusalTests {
    static let broken: [(String, PNGError.Reason)] = [
        ("empty.png", .empty),
        ("not-png.png", .notPNG),
        ("signature-partial.png", .truncated),
        ("signature-only.png", .truncated),
        ("truncated-ihdr.png", .truncated),
        ("truncated-idat.png", .truncated),
        // Every pixel is there, but the file ends without IEND: cut short all the same.
        ("no-iend.png", .truncated),
        ("bad-crc-ihdr.png", .corrupt("IHDR: CRC error")),
        ("bad-crc-idat.png", .corrupt("IDAT: CRC error")),
        ("bad-zlib.png", .corrupt("IDAT: incorrect header check")),
        ("bad-depth.png", .corrupt("Invalid IHDR data (Invalid bit depth in IHDR)")),
        ("zero-width.png", .corrupt("Invalid IHDR data (Image width is zero in IHDR)")),
        ("chunk-before-ihdr.png", .corrupt("the first chunk is tEXt, not IHDR")),
        // Refused from the header: their image data is far too short, which decoding would
        // have reported as corrupt instead.
        ("too-wide-5000x10.png", .tooLarge(widthPx: 5000, heightPx: 10)),
        ("too-tall-10x5000.png", .tooLarge(widthPx: 10, heightPx: 5000)),
        ("too-wide-4097x1.png", .tooLarge(widthPx: 4097, heightPx: 1)),
        ("too-tall-1x4097.png", .tooLarge(widthPx: 1, heightPx: 4097)),
    ]

    @Test(arguments: broken)
    func brokenFile(name: String, reason: PNGError.Reason) {
        let path = fixture(name)
        #expect(throws: PNGError(source: path, reason: reason)) { try PNGDecoder.load(path: path) }
        // The same bytes from memory: the same reason, under the caller's name for them.
        let bytes = (try? FileContents.bytes(ofFile: path)) ?? [0xFF]
        #expect(throws: PNGError(source: "P/button/b/icon/set", reason: reason)) {
            try PNGDecoder.decode(bytes: bytes, source: "P/button/b/icon/set")
        }
    }

    /// Image data that goes on after the image's last row is refused without inflating the
    /// rest (issue 43: 2 MB of deflated zeros after the image kept the child busy 4-5 s while
    /// libpng inflated 2 GB to check them). Here 3000 rows of 2 pixels in stored blocks, under
    /// an IHDR that says 2 rows: 20,986 bytes after the last row, where the last row may read
    /// 1 + 16 bytes of data, 8 KiB in flight and 1 KiB of chunk framing (9,235). Up to that,
    /// it decodes: the same image cut to 1,300 rows (9,086 bytes after) is taken.
    @Test func imageDataThatGoesOnAfterTheLastRowIsRefusedUninflated() throws {
        func png(rows: Int, saying height: Int) -> [UInt8] {
            HandMadePNG.rgb(width: 2, height: height, rgb: [UInt8](repeating: 7, count: 2 * 3 * rows))
        }
        let reason = PNGError.Reason.corrupt("IDAT: the compressed data goes on after the image's last row; the rest is not inflated")
        #expect(throws: PNGError(source: "bomb", reason: reason)) { try PNGDecoder.decode(bytes: png(rows: 3000, saying: 2), source: "bomb") }
        let taken = try PNGDecoder.decode(bytes: png(rows: 1300, saying: 2), source: "short")
        #expect(taken == RGBAImage(widthPx: 2, heightPx: 2, pixels: [UInt8](repeating: 7, count: 16).enumerated().map { $0.offset % 4 == 3 ? 255 : 7 }))
    }

    /// The fuzz target's find: an ancillary chunk of a type no one knows ("tPNG", empty, its
    /// CRC wrong) before IHDR, then a valid 4x1 RGB image. The PNG spec puts IHDR first; libpng
    /// 1.6 skips an unknown chunk wherever it stands and would decode the rest, so the decoder
    /// refuses it itself, from the 4 bytes of the first chunk's type. These exact bytes, with
    /// the first chunk's CRC made right, are refused the same way.
    @Test func aChunkBeforeIHDRIsRefused() {
        let hex = "89504e470d0a1a0a0000000074504e470d0a1a0a0000000d494844520000000400000001020000000096e748b0"
            + "0000000a4944415478da63900600001d001c237c8fac0000000049454e44ae426082524e52ae066082"
        var bytes: [UInt8] = []
        var digits = hex.utf8.makeIterator()
        while let high = digits.next(), let low = digits.next() {
            bytes.append(UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)!)
        }
        #expect(bytes.count == 86)
        let reason = PNGError.Reason.corrupt("the first chunk is tPNG, not IHDR")
        #expect(throws: PNGError(source: "fuzz", reason: reason)) { try PNGDecoder.decode(bytes: bytes, source: "fuzz") }
        // tPNG's CRC (of its type alone) made right: the same refusal.
        bytes.replaceSubrange(16..<20, with: [0x2F, 0xE7, 0x70, 0xDF])
        #expect(throws: PNGError(source: "fuzz", reason: reason)) { try PNGDecoder.decode(bytes: bytes, source: "fuzz") }
    }

    @Test func aFirstChunkOfOtherBytesIsNamedAsLibpngNamesOne() {
        var bytes = PNGDecoder.signature + [0, 0, 0, 0, 0x61, 0x00, 0x7B, 0xFF]
        #expect(throws: PNGError(source: "s", reason: .corrupt("the first chunk is a[00][7B][FF], not IHDR"))) {
            try PNGDecoder.decode(bytes: bytes, source: "s")
        }
        // Cut inside the first chunk's type: libpng's reading says it ends too soon.
        bytes.removeLast()
        #expect(throws: PNGError(source: "s", reason: .truncated)) { try PNGDecoder.decode(bytes: bytes, source: "s") }
    }

    /// `PNGDecoder.header`, the check a page image with a cache file gets instead of decoding:
    /// what it refuses it refuses for decode's reason; what needs the pixels or libpng it lets
    /// through with IHDR's size.
    @Test(arguments: broken)
    func theHeaderCheckAgreesWithDecoding(name: String, reason: PNGError.Reason) throws {
        let bytes = (try? FileContents.bytes(ofFile: fixture(name))) ?? []
        let fromHeader: Set<String> = [
            "empty.png", "not-png.png", "signature-partial.png", "signature-only.png", "truncated-ihdr.png", "zero-width.png",
            "chunk-before-ihdr.png", "too-wide-5000x10.png", "too-tall-10x5000.png", "too-wide-4097x1.png", "too-tall-1x4097.png",
        ]
        if fromHeader.contains(name) {
            #expect(throws: PNGError(source: "s", reason: reason)) { try PNGDecoder.header(of: bytes, source: "s") }
        } else {
            let size = try PNGDecoder.header(of: bytes, source: "s")
            #expect(size.widthPx > 0 && size.heightPx > 0)
        }
    }

    @Test func theHeaderGivesTheSize() throws {
        let size = try PNGDecoder.header(of: try FileContents.bytes(ofFile: fixture("rgb8-filters.png")), source: "s")
        #expect(size == (7, 5))
        let limit = try PNGDecoder.header(of: try FileContents.bytes(ofFile: fixture("limit-1x4096.png")), source: "s")
        #expect(limit == (1, 4096))
        // Zero height, as libpng words it.
        var bytes = try FileContents.bytes(ofFile: fixture("rgb8.png"))
        bytes.replaceSubrange(20..<24, with: [0, 0, 0, 0])
        #expect(throws: PNGError(source: "s", reason: .corrupt("Invalid IHDR data (Image height is zero in IHDR)"))) {
            try PNGDecoder.header(of: bytes, source: "s")
        }
    }

    @Test func unreadableFiles() {
        let missing = fixture("no-such-file.png")
        #expect(throws: PNGError(source: missing, reason: .unreadable("cannot open: No such file or directory"))) {
            try PNGDecoder.load(path: missing)
        }
        #expect(throws: PNGError(source: fixtures, reason: .unreadable("not a regular file (a FIFO, a device or a directory); give the path of a file"))) {
            try PNGDecoder.load(path: fixtures)
        }
    }

    @Test func aFileOver16MiBIsRefusedByItsSizeUnread() throws {
        let dir = NSTemporaryDirectory() + "png-size-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let valid = try FileContents.bytes(ofFile: fixture("rgb8.png"))
        func sparse(_ name: String, size: UInt64) throws -> String {
            let path = "\(dir)/\(name)"
            #expect(FileManager.default.createFile(atPath: path, contents: Data(valid)))
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.truncate(atOffset: size)
            try handle.close()
            return path
        }
        // 64 GiB, sparse: reading it would not end, and only fstat knows the exact size.
        let huge = try sparse("huge.png", size: 1 << 36)
        #expect(throws: PNGError(source: huge, reason: .fileTooLarge(bytes: 1 << 36))) { try PNGDecoder.load(path: huge) }
        let justOver = try sparse("over.png", size: 16 << 20 + 1)
        #expect(throws: PNGError(source: justOver, reason: .fileTooLarge(bytes: 16 << 20 + 1))) { try PNGDecoder.load(path: justOver) }
        // Exactly 16 MiB is read: a valid image followed by zeros, which libpng never reaches.
        let atLimit = try sparse("limit.png", size: 16 << 20)
        #expect(try PNGDecoder.load(path: atLimit).pixels == [1, 2, 3, 255, 4, 5, 6, 255, 250, 251, 252, 255, 0, 0, 0, 255])
    }

    @Test func bytesOver16MiBAreRefusedBeforeLibpng() {
        var bytes = PNGDecoder.signature
        bytes += [UInt8](repeating: 0, count: 16 << 20 + 1 - bytes.count)
        #expect(throws: PNGError(source: "P/page/home/image/set", reason: .fileTooLarge(bytes: 16 << 20 + 1))) {
            try PNGDecoder.decode(bytes: bytes, source: "P/page/home/image/set")
        }
    }

    @Test func messagesNameTheSourceInPlainWords() {
        func text(_ reason: PNGError.Reason) -> String { PNGError(source: "icons/lamp.png", reason: reason).message }
        #expect(text(.empty) == "icons/lamp.png: the file is empty, not a PNG image")
        #expect(text(.notPNG) == "icons/lamp.png: not a PNG image (it does not start with the PNG signature)")
        #expect(text(.truncated) == "icons/lamp.png: the PNG image is truncated: the data ends before the image does")
        #expect(text(.corrupt("IDAT: CRC error")) == "icons/lamp.png: the PNG image is corrupt: IDAT: CRC error")
        #expect(text(.tooLarge(widthPx: 5000, heightPx: 10)) == "icons/lamp.png: the PNG image is 5000x10 pixels; at most 4096x4096 are allowed")
        #expect(text(.fileTooLarge(bytes: 16_777_217)) == "icons/lamp.png: the file has 16777217 bytes; a PNG image may have at most 16777216 (16 MiB)")
        #expect(text(.unreadable("cannot open: Permission denied")) == "icons/lamp.png: cannot open: Permission denied")
        #expect(text(.outOfMemory) == "icons/lamp.png: out of memory: libpng could not start reading the PNG image")
    }
}
