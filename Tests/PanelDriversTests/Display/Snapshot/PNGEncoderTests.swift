import LinuxSystem
import PanelDrivers
import PanelEngine
@testable import PanelTestSupport
import Testing

@Suite("PNG: checksums and encoder")
struct PNGEncoderTests {
    @Test func crc32CheckValue() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([UInt8]()) == 0)
        // The CRC over "IEND" that ends every PNG.
        #expect(CRC32.checksum(Array("IEND".utf8)) == 0xAE42_6082)
    }

    @Test func adler32KnownVectors() {
        #expect(Adler32.checksum(Array("Wikipedia".utf8)) == 0x11E6_0398)
        #expect(Adler32.checksum([UInt8]()) == 1)
        // Long enough to cross the deferred-modulo boundary several times, against the
        // textbook definition.
        let bytes = (0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 255) }
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        #expect(Adler32.checksum(bytes) == b << 16 | a)
        #expect(Adler32.checksum([UInt8](repeating: 255, count: 100_000)) == {
            var a: UInt32 = 1, b: UInt32 = 0
            for _ in 0..<100_000 { a = (a + 255) % 65521; b = (b + a) % 65521 }
            return b << 16 | a
        }())
    }

    /// Every byte of a 2x2 image.
    @Test func twoByTwoExactBytes() throws {
        let pixels: [UInt8] = [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]
        let png = PNGEncoder.encodeRGB(width: 2, height: 2, pixels: pixels)
        let ihdrData: [UInt8] = [0, 0, 0, 2, 0, 0, 0, 2, 8, 2, 0, 0, 0]
        let raw: [UInt8] = [0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]
        let adler = Adler32.checksum(raw)
        let zlib: [UInt8] =
            [0x78, 0x01, 0x01, 14, 0, 0xF1, 0xFF] + raw
            + [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            let crc = CRC32.checksum(body)
            return [0, 0, 0, UInt8(data.count)] + body
                + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        }
        #expect(Array(png[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // IHDR: length 13, type, 2x2, depth 8, colour type 2, deflate, filter 0, no interlace.
        #expect(Array(png[8..<33]) == chunk("IHDR", ihdrData))
        #expect(Array(png[8..<29]) == [0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52] + ihdrData)
        #expect(Array(png[33...]) == chunk("IDAT", zlib) + [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
        #expect(png.count == 8 + 25 + (12 + zlib.count) + 12)

        let decoded = try DecodedPNG(png)
        #expect(decoded.width == 2 && decoded.height == 2)
        #expect(decoded.pixels == pixels)
        #expect(decoded.chunks.map(\.type) == ["IHDR", "IDAT", "IEND"])
    }

    @Test func largeImagesSplitIntoStoredBlocksOf65535Bytes() throws {
        // 200 x 120: (1 + 600) * 120 = 72120 filtered bytes = 65535 + 6585.
        let pixels = (0..<200 * 120 * 3).map { UInt8(truncatingIfNeeded: $0 / 3 &* 31) }
        let decoded = try DecodedPNG(PNGEncoder.encodeRGB(width: 200, height: 120, pixels: pixels))
        #expect(decoded.blocks.map(\.final) == [false, true])
        #expect(decoded.blocks.map(\.length) == [65535, 6585])
        #expect(decoded.width == 200 && decoded.height == 120)
        #expect(decoded.pixels == pixels)
    }

    @Test func blockBoundaries() throws {
        // 28 x 771: (1 + 84) * 771 = 65535 bytes, exactly one full block.
        let full = [UInt8](repeating: 7, count: 28 * 3 * 771)
        let one = try DecodedPNG(PNGEncoder.encodeRGB(width: 28, height: 771, pixels: full))
        #expect(one.blocks.map(\.length) == [65535])
        #expect(one.blocks.map(\.final) == [true])
        #expect(one.pixels == full)
        // 4369 x 5: (1 + 13107) * 5 = 65540 bytes, five past a full block.
        let over = [UInt8](repeating: 9, count: 4369 * 3 * 5)
        let two = try DecodedPNG(PNGEncoder.encodeRGB(width: 4369, height: 5, pixels: over))
        #expect(two.blocks.map(\.length) == [65535, 5])
        #expect(two.pixels == over)
    }

    @Test func aCorruptedByteIsCaughtByTheChecker() throws {
        var png = PNGEncoder.encodeRGB(width: 2, height: 1, pixels: [1, 2, 3, 4, 5, 6])
        png[45] ^= 0x01   // inside IDAT's data
        #expect(throws: DecodedPNG.Failure.badCRC("IDAT")) { try DecodedPNG(png) }
    }
}
