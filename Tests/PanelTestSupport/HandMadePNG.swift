import CLinux
import PanelDrivers

/// PNG files put together chunk by chunk, for the files a PNG writer refuses to make (a header
/// that lies about the height, a deflate bomb): the checksums and stored blocks are zlib's own.
enum HandMadePNG {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Length, type, data, and the CRC-32 of type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        let crc = body.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        return bigEndian(UInt32(data.count)) + body + bigEndian(UInt32(crc))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
         UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }

    /// zlib's Adler-32 of `count` zero bytes (the end of a zlib stream of zeros).
    static func adler32OfZeros(count: Int) -> UInt32 {
        let zeros = [UInt8](repeating: 0, count: 65536)
        var adler = adler32(0, nil, 0)
        var left = count
        while left > 0 {
            let part = min(left, zeros.count)
            adler = zeros.withUnsafeBufferPointer { adler32(adler, $0.baseAddress, uInt(part)) }
            left -= part
        }
        return UInt32(adler)
    }

    /// `raw` as a zlib stream of stored (uncompressed) blocks: zlib at level 0.
    static func storedZlib(_ raw: [UInt8]) -> [UInt8] {
        var size = compressBound(uLong(raw.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = out.withUnsafeMutableBufferPointer { target in
            raw.withUnsafeBufferPointer { compress2(target.baseAddress, &size, $0.baseAddress, uLong($0.count), Z_NO_COMPRESSION) }
        }
        precondition(status == Z_OK, "zlib's compress2 failed: \(status)")
        return Array(out[0..<Int(size)])
    }

    /// An 8-bit RGB PNG whose IHDR says `height` rows and whose image data, in stored blocks,
    /// holds `rgb` (`width * 3` bytes a row, each row filter type 0), however many rows that is.
    static func rgb(width: Int, height: Int, rgb: [UInt8]) -> [UInt8] {
        let rowBytes = width * 3
        var raw: [UInt8] = []
        for start in stride(from: 0, to: rgb.count, by: rowBytes) {
            raw.append(0)
            raw += rgb[start..<start + rowBytes]
        }
        let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 2, 0, 0, 0]
        return signature + chunk("IHDR", header) + chunk("IDAT", storedZlib(raw)) + chunk("IEND", [])
    }
}
