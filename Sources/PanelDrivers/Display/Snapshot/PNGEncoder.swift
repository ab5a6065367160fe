import LinuxSystem
import PanelEngine

/// Writes 8-bit RGB PNG files without zlib: the image data goes into *stored* (uncompressed)
/// deflate blocks, which every decoder reads. Files are as large as the raw pixels, which is
/// fine for what they are for: snapshots of the panel for tests, bug reports and the README.
public enum PNGEncoder {
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The most bytes a stored deflate block holds (its LEN field is 16 bits).
    public static let maxStoredBlock = 65535

    /// A PNG of `width` x `height` pixels from RGB888 rows (`width * 3` bytes each, top row
    /// first). Both sizes must be positive and `pixels` exactly the right size.
    public static func encodeRGB(width: Int, height: Int, pixels: [UInt8]) -> [UInt8] {
        precondition(width > 0 && height > 0, "PNG: empty image")
        precondition(width <= 0x7FFF_FFFF && height <= 0x7FFF_FFFF, "PNG: image too large")
        let rowBytes = width * 3
        precondition(pixels.count == rowBytes * height, "PNG: pixel count does not match the size")

        // The filtered image: each row is filter type 0 (None) and the row as it is.
        let rawCount = (rowBytes + 1) * height
        let blocks = max(1, (rawCount + maxStoredBlock - 1) / maxStoredBlock)
        var zlib: [UInt8] = []
        zlib.reserveCapacity(2 + rawCount + blocks * 5 + 4)
        zlib.append(0x78)   // CMF: deflate, 32 KiB window
        zlib.append(0x01)   // FLG: no dictionary, fastest; (0x78 << 8 | 0x01) % 31 == 0

        var adler = Adler32()
        var blockStart = zlib.count
        var inBlock = 0
        var remaining = rawCount
        func openBlock() {
            blockStart = zlib.count
            inBlock = 0
            zlib.append(contentsOf: [0, 0, 0, 0, 0])   // header, LEN, NLEN: filled in on close
        }
        func closeBlock() {
            remaining -= inBlock
            zlib[blockStart] = remaining == 0 ? 1 : 0   // BFINAL on the last; BTYPE 00 = stored
            let length = UInt16(inBlock)
            zlib[blockStart + 1] = UInt8(length & 0xFF)
            zlib[blockStart + 2] = UInt8(length >> 8)
            zlib[blockStart + 3] = UInt8(~length & 0xFF)
            zlib[blockStart + 4] = UInt8(~length >> 8)
        }
        func append(_ byte: UInt8) {
            if inBlock == maxStoredBlock {
                closeBlock()
                openBlock()
            }
            zlib.append(byte)
            adler.update(byte)
            inBlock += 1
        }
        openBlock()
        for row in 0..<height {
            append(0)
            let start = row * rowBytes
            for index in start..<start + rowBytes {
                append(pixels[index])
            }
        }
        closeBlock()
        appendBigEndian(adler.value, to: &zlib)

        var png = signature
        png.reserveCapacity(signature.count + 25 + zlib.count + 12 + 12)
        var header: [UInt8] = []
        appendBigEndian(UInt32(width), to: &header)
        appendBigEndian(UInt32(height), to: &header)
        header.append(contentsOf: [8, 2, 0, 0, 0])   // 8 bits, truecolour, deflate, filter 0, no interlace
        appendChunk("IHDR", header, to: &png)
        appendChunk("IDAT", zlib, to: &png)
        appendChunk("IEND", [], to: &png)
        return png
    }

    /// length, type, data, CRC of type and data.
    static func appendChunk(_ type: StaticString, _ data: [UInt8], to png: inout [UInt8]) {
        appendBigEndian(UInt32(data.count), to: &png)
        var crc = CRC32()
        let typeBytes = UnsafeBufferPointer(start: type.utf8Start, count: type.utf8CodeUnitCount)
        png.append(contentsOf: typeBytes)
        crc.update(typeBytes)
        png.append(contentsOf: data)
        crc.update(data)
        appendBigEndian(crc.value, to: &png)
    }

    static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes.append(UInt8(truncatingIfNeeded: value >> 24))
        bytes.append(UInt8(truncatingIfNeeded: value >> 16))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        bytes.append(UInt8(truncatingIfNeeded: value))
    }
}
