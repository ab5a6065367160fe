import LinuxSystem
import PanelDrivers
import PanelEngine
@testable import PanelTestSupport
import Testing

@Suite("PNG: the writer (libpng with zlib)")
struct PNGWriterTests {
    /// The chunks of a PNG file by type, in order, each checked to fit in the file.
    static func chunkTypes(_ png: [UInt8]) -> [String] {
        var types: [String] = []
        var at = 8
        while at + 12 <= png.count {
            let length = png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            types.append(String(decoding: png[at + 4..<at + 8], as: UTF8.self))
            at += 12 + length
        }
        return at == png.count ? types : types + ["(cut)"]
    }

    /// The signature, IHDR and IEND byte for byte; the pixels back exactly through libpng.
    @Test func aTwoByTwoImage() throws {
        let pixels: [UInt8] = [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]
        let png = try PNGWriter.encodeRGB(widthPx: 2, heightPx: 2, pixels: pixels)
        #expect(Array(png[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // IHDR: length 13, type, 2x2, depth 8, colour type 2 (RGB), deflate, filter 0, no
        // interlace, CRC.
        #expect(Array(png[8..<33]) == [0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 2, 0, 0, 0, 2, 8, 2, 0, 0, 0, 0xFD, 0xD4, 0x9A, 0x73])
        #expect(Array(png.suffix(12)) == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
        #expect(Self.chunkTypes(png) == ["IHDR", "IDAT", "IEND"])
        let decoded = try DecodedPNG(png)
        #expect(decoded.width == 2 && decoded.height == 2)
        #expect(decoded.bitDepth == 8 && decoded.colourType == 2)
        #expect(decoded.pixels == pixels)
    }

    /// A frame spread over several calls (1 row, 7 rows, the rest) is the same file, byte for
    /// byte, as the frame written at once.
    @Test func rowsInPiecesMakeTheSameFile() throws {
        let width = 200, height = 120
        let pixels = (0..<width * height * 3).map { UInt8(truncatingIfNeeded: $0 / 3 &* 31 &+ $0 / 600) }
        let whole = try PNGWriter.encodeRGB(widthPx: width, heightPx: height, pixels: pixels)

        var writer = try PNGWriter(widthPx: width, heightPx: height)
        #expect(writer.rowBytes == 600 && writer.rowsLeft == 120)
        try writer.writeRows(pixels[0..<600])
        #expect(writer.rowsWritten == 1 && writer.rowsLeft == 119)
        try writer.writeRows(pixels[600..<8 * 600])
        try writer.writeRows([])
        #expect(writer.rowsWritten == 8)
        try writer.writeRows(pixels[(8 * 600)...])
        #expect(writer.rowsLeft == 0)
        let pieces = try writer.finish()
        #expect(pieces == whole)
        #expect(try DecodedPNG(pieces).pixels == pixels)
    }

    @Test func flatColoursDeflate() throws {
        // 800x480 of one colour: 1,152,000 bytes of pixels in 2,601 bytes with bookworm's zlib
        // 1.2.13 (another zlib may differ by a few bytes: the bound is the point).
        let grey = [UInt8](repeating: 0x80, count: 800 * 480 * 3)
        let png = try PNGWriter.encodeRGB(widthPx: 800, heightPx: 480, pixels: grey)
        #expect(png.count < 4096)
        #expect(try DecodedPNG(png).pixels == grey)
    }

    @Test func rowsThatAreNotWholeAreRefused() throws {
        var writer = try PNGWriter(widthPx: 2, heightPx: 2)
        #expect(throws: PNGWriteError("7 bytes are not whole rows of 6 bytes (2 RGB pixels)")) {
            try writer.writeRows([UInt8](repeating: 0, count: 7))
        }
        #expect(writer.rowsWritten == 0)
        #expect(throws: PNGWriteError("3 rows given with 2 of the image's 2 left")) {
            try writer.writeRows([UInt8](repeating: 0, count: 18))
        }
        try writer.writeRows([UInt8](repeating: 0, count: 6))
        do throws(PNGWriteError) {
            _ = try writer.finish()
            Issue.record("finished with a row missing")
        } catch {
            #expect(error == PNGWriteError("the PNG image is finished with 1 of its 2 rows not written"))
        }
    }

    @Test func aWrongPixelCountIsRefused() {
        #expect(throws: PNGWriteError("5 bytes given for 1x2 RGB pixels (6)")) {
            try PNGWriter.encodeRGB(widthPx: 1, heightPx: 2, pixels: [1, 2, 3, 4, 5])
        }
    }

    @Test func anEmptyImageIsRefused() {
        #expect(throws: PNGWriteError("a PNG image of 0x3 pixels: each side must be 1 or more")) {
            _ = try PNGWriter(widthPx: 0, heightPx: 3)
        }
        #expect(throws: PNGWriteError("a PNG image of 1x2147483648 pixels: PNG allows at most 2147483647 a side")) {
            _ = try PNGWriter(widthPx: 1, heightPx: 0x8000_0000)
        }
    }

    /// libpng's own refusal comes back in its words, through the writer's setjmp.
    @Test func libpngsRefusalIsItsMessage() {
        #expect(throws: PNGWriteError("Invalid IHDR data (Image width exceeds user limit in IHDR)")) {
            _ = try PNGWriter(widthPx: 1_000_001, heightPx: 1)
        }
    }
}
