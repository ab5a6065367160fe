import LinuxSystem
import PanelDrivers
import PanelEngine

/// A PNG read back structurally, in Swift (no zlib, no python): every chunk's length and CRC
/// checked, the zlib stream's stored blocks unpacked and its Adler-32 checked, the rows
/// unfiltered. Only what PNGEncoder writes is understood (stored blocks, filter 0, RGB 8).
struct DecodedPNG {
    struct Chunk {
        var type: String
        var data: [UInt8]
    }

    var chunks: [Chunk] = []
    var width = 0
    var height = 0
    /// Each stored block's (BFINAL, LEN).
    var blocks: [(final: Bool, length: Int)] = []
    var pixels: [UInt8] = []

    enum Failure: Error, Equatable {
        case badSignature, truncated, badCRC(String), badHeader, badZlib(String), badAdler, badFilter
    }

    init(_ png: [UInt8]) throws {
        guard png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw Failure.badSignature }
        var at = 8
        func u32(_ i: Int) -> Int {
            Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
        }
        while at < png.count {
            guard at + 12 <= png.count else { throw Failure.truncated }
            let length = u32(at)
            guard at + 12 + length <= png.count else { throw Failure.truncated }
            let type = String(decoding: png[at + 4..<at + 8], as: UTF8.self)
            let data = Array(png[at + 8..<at + 8 + length])
            guard CRC32.checksum(png[at + 4..<at + 8 + length]) == UInt32(u32(at + 8 + length)) else {
                throw Failure.badCRC(type)
            }
            chunks.append(Chunk(type: type, data: data))
            at += 12 + length
        }
        guard chunks.first?.type == "IHDR", chunks.last?.type == "IEND", chunks.last?.data == [] else {
            throw Failure.badHeader
        }
        let ihdr = chunks[0].data
        guard ihdr.count == 13, Array(ihdr[8...]) == [8, 2, 0, 0, 0] else { throw Failure.badHeader }
        width = Int(ihdr[0]) << 24 | Int(ihdr[1]) << 16 | Int(ihdr[2]) << 8 | Int(ihdr[3])
        height = Int(ihdr[4]) << 24 | Int(ihdr[5]) << 16 | Int(ihdr[6]) << 8 | Int(ihdr[7])

        let zlib = chunks.filter { $0.type == "IDAT" }.flatMap { $0.data }
        guard zlib.count >= 6, zlib[0] & 0x0F == 8, (Int(zlib[0]) << 8 | Int(zlib[1])) % 31 == 0 else {
            throw Failure.badZlib("header")
        }
        var raw: [UInt8] = []
        var z = 2
        while true {
            guard z + 5 <= zlib.count else { throw Failure.badZlib("truncated block") }
            let header = zlib[z]
            guard header & 0b110 == 0 else { throw Failure.badZlib("not a stored block") }
            let length = Int(zlib[z + 1]) | Int(zlib[z + 2]) << 8
            let inverse = Int(zlib[z + 3]) | Int(zlib[z + 4]) << 8
            guard length ^ inverse == 0xFFFF, z + 5 + length <= zlib.count else { throw Failure.badZlib("LEN/NLEN") }
            blocks.append((header & 1 == 1, length))
            raw += zlib[z + 5..<z + 5 + length]
            z += 5 + length
            if header & 1 == 1 { break }
        }
        guard z + 4 == zlib.count else { throw Failure.badZlib("trailing bytes") }
        let adler = UInt32(zlib[z]) << 24 | UInt32(zlib[z + 1]) << 16 | UInt32(zlib[z + 2]) << 8 | UInt32(zlib[z + 3])
        guard Adler32.checksum(raw) == adler else { throw Failure.badAdler }

        let rowBytes = width * 3
        guard raw.count == (rowBytes + 1) * height else { throw Failure.badZlib("size") }
        for row in 0..<height {
            let start = row * (rowBytes + 1)
            guard raw[start] == 0 else { throw Failure.badFilter }
            pixels += raw[start + 1...start + rowBytes]
        }
    }
}
